import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin } from '../../server/seed/seed.ts';
import { responseErrors } from '../support/contract.ts';
import { type Session, type TestServer, startTestServer, tableCounts } from '../support/test-server.ts';
import { orderBody, packagePrice } from '../support/booking-fixtures.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

interface Mail {
  id: number;
  to: string;
  subject: string;
  body: string;
  created_at: string;
}

const staffEmail = 'staff@tutoring.example';
const resetMessage = 'If an account exists for that e-mail, a reset link has been sent to it.';
const accountMailedMessage = 'A link with your username and password has been e-mailed to you to book a tutor and choose time slots.';
const threeChildrenMessage = 'Your request for 3 children has been received. A representative will contact you; no further action is needed.';

const uniqueEmail = (tag: string) => `${tag}-${randomBytes(4).toString('hex')}@example.com`;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The mail the server wrote to `to`, newest first, as /dev/outbox.json answers it. */
async function outbox(to: string): Promise<Mail[]> {
  const response = await fetch(`${server.url}/dev/outbox.json?to=${encodeURIComponent(to)}`);
  expect(response.status).toBe(200);
  return (await response.json()) as Mail[];
}

async function newestMail(to: string): Promise<Mail> {
  const [mail] = await outbox(to);
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** The token of the /changepassword/{token} link in a mail. */
function resetToken(mail: Mail): string {
  const match = /\/changepassword\/([A-Za-z0-9_-]+)/.exec(mail.body);
  if (!match?.[1]) throw new Error(`no reset link in: ${mail.body}`);
  return match[1];
}

/** A reset link asked for as a stranger would, or from the browser that signed in (`device`: its device cookie). */
async function requestResetLink(email: string, device?: string): Promise<string> {
  const answer = await server.api('POST', '/forget_password', { body: { email }, ...(device ? { headers: { cookie: device } } : {}) });
  expect(answer.status).toBe(200);
  return resetToken(await newestMail(email));
}

async function passwordHash(clientId: number): Promise<string | undefined> {
  const [row] = await server.db.query<{ password_hash: string }>('select password_hash from clients where id = $1', [clientId]);
  return row?.password_hash;
}

async function loginStatus(email: string, password: string): Promise<number> {
  return (await server.api('POST', '/login', { body: { email, password } })).status;
}

describe('password reset by e-mailed link', () => {
  it('answers known and unknown e-mails alike and mails only the known one', async () => {
    const client = await server.newClient();
    const unknown = uniqueEmail('nobody');
    const [before] = await server.db.query<{ n: number }>('select count(*)::int as n from outbox');

    const known = await server.api('POST', '/forget_password', { body: { email: client.email } });
    const stranger = await server.api('POST', '/forget_password', { body: { email: unknown } });

    expect(known.status).toBe(200);
    expect(stranger.status).toBe(200);
    expect(known.body).toEqual({ success: true, message: resetMessage });
    expect(stranger.body).toEqual(known.body);
    expect(responseErrors('forgetPassword', 200, known.body)).toEqual([]);

    const [after] = await server.db.query<{ n: number }>('select count(*)::int as n from outbox');
    expect(after?.n).toBe((before?.n ?? 0) + 1);
    expect(await outbox(unknown)).toEqual([]);
    const mails = await outbox(client.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail).toEqual({ id: expect.any(Number), to: client.email, subject: 'Reset your password', body: expect.any(String), created_at: expect.any(String), attachments: [] });
    expect(new Date(mail?.created_at ?? '').toString()).not.toBe('Invalid Date');
    expect(mail?.body).toContain(`${server.url}/changepassword/`);
  });

  it('lists the outbox newest first', async () => {
    const client = await server.newClient(0);
    const first = await requestResetLink(client.email);
    // From the client's own browser: a link mailed from elsewhere a moment ago would keep a stranger from another.
    const second = await requestResetLink(client.email, client.device);
    const mails = await outbox(client.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.id).toBeGreaterThan(mails[1]?.id ?? Infinity);
    expect(resetToken(mails[0] as Mail)).toBe(second);
    expect(resetToken(mails[1] as Mail)).toBe(first);
  });

  it('sets a new password once: the new one logs in, the old one no longer does, the link is used up', async () => {
    const client = await server.newClient(0);
    const token = await requestResetLink(client.email);

    const changed = await server.api('POST', `/changepassword/${token}`, { body: { newPassword: 'Brand-new-pass-1' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ success: true, message: 'Password changed successfully' });
    expect(responseErrors('changePasswordByLink', 200, changed.body)).toEqual([]);

    expect(await loginStatus(client.email, 'Brand-new-pass-1')).toBe(200);
    const old = await server.api('POST', '/login', { body: { email: client.email, password: demoLogin.password } });
    expect(old.status).toBe(401);
    expect(old.body).toMatchObject({ success: false, message: 'Invalid email or password' });

    const again = await server.api('POST', `/changepassword/${token}`, { body: { newPassword: 'Another-pass-2' } });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ success: false, field: 'id' });
    expect(again.body.message).toMatch(/^This reset link is invalid, used or expired/);
    expect(responseErrors('changePasswordByLink', 400, again.body)).toEqual([]);
    expect(await loginStatus(client.email, 'Brand-new-pass-1')).toBe(200);
  });

  it('refuses a link that has expired and leaves the password as it was', async () => {
    const client = await server.newClient(0);
    const token = await requestResetLink(client.email);
    const expired = await server.db.query<{ client_id: number }>(
      `update password_resets set expires_at = now() - interval '1 minute' where token_hash = $1 returning client_id`,
      [sha256(token)],
    );
    expect(expired).toEqual([{ client_id: client.clientid }]);
    const hash = await passwordHash(client.clientid);

    const answer = await server.api('POST', `/changepassword/${token}`, { body: { newPassword: 'Too-late-pass-1' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, field: 'id' });
    expect(await passwordHash(client.clientid)).toBe(hash);
  });

  it('refuses an unknown or malformed link', async () => {
    const unknown = await server.api('POST', `/changepassword/${randomBytes(32).toString('base64url')}`, { body: { newPassword: 'Whatever-pass-1' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, field: 'id' });

    const malformed = await server.api('POST', '/changepassword/short', { body: { newPassword: 'Whatever-pass-1' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ success: false, field: 'id' });
    expect(malformed.body.message).toMatch(/^id: /);
  });

  it('refuses a password shorter than 8 characters and keeps the link usable', async () => {
    const client = await server.newClient(0);
    const token = await requestResetLink(client.email);
    const hash = await passwordHash(client.clientid);

    const short = await server.api('POST', `/changepassword/${token}`, { body: { newPassword: 'Abc123!' } });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({ success: false, field: 'newPassword' });
    // A person reads it under the field: a sentence, no field name (issue 18).
    expect(short.body.message).toBe('The new password must be at least 8 characters long.');
    expect(responseErrors('changePasswordByLink', 400, short.body)).toEqual([]);
    expect(await passwordHash(client.clientid)).toBe(hash);
    const [reset] = await server.db.query<{ used_at: Date | null }>('select used_at from password_resets where token_hash = $1', [sha256(token)]);
    expect(reset).toEqual({ used_at: null });

    const ok = await server.api('POST', `/changepassword/${token}`, { body: { newPassword: 'Abc123!-long-enough' } });
    expect(ok.status).toBe(200);
    expect(await loginStatus(client.email, 'Abc123!-long-enough')).toBe(200);
  });
});

describe('changing the password when logged in', () => {
  it('refuses a wrong old password without touching the stored hash, then accepts the right one', async () => {
    const client = await server.newClient(0);
    const hash = await passwordHash(client.clientid);

    const wrong = await server.api('POST', '/oldnewpassword', {
      token: client.token,
      body: { clientid: client.clientid, oldPassword: 'not-my-password', newPassword: 'Changed-pass-1' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.success).toBe(false);
    expect(wrong.body.message).toContain('Old password is incorrect');
    expect(wrong.body.error).toContain('Old password is incorrect');
    expect(wrong.body.field).toBe('oldPassword');
    expect(responseErrors('changePassword', 400, wrong.body)).toEqual([]);
    expect(await passwordHash(client.clientid)).toBe(hash);

    const right = await server.api('POST', '/oldnewpassword', {
      token: client.token,
      body: { clientid: client.clientid, oldPassword: demoLogin.password, newPassword: 'Changed-pass-1' },
    });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ success: true, message: 'Password updated successfully', token: expect.any(String) });
    expect(responseErrors('changePassword', 200, right.body)).toEqual([]);
    expect(await passwordHash(client.clientid)).not.toBe(hash);
    expect(await loginStatus(client.email, 'Changed-pass-1')).toBe(200);
    expect(await loginStatus(client.email, demoLogin.password)).toBe(401);
  });

  it("refuses to change another client's password (403) and needs a token (401)", async () => {
    const client = await server.newClient(0);
    const other = await server.newClient(0);
    const hash = await passwordHash(other.clientid);
    const body = { clientid: other.clientid, oldPassword: demoLogin.password, newPassword: 'Hijacked-pass-1' };

    const foreign = await server.api('POST', '/oldnewpassword', { token: client.token, body });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ success: false, field: 'clientid' });

    const anonymous = await server.api('POST', '/oldnewpassword', { body });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.success).toBe(false);
    expect(await passwordHash(other.clientid)).toBe(hash);
  });
});

describe('reset requests for one e-mail (more in login-limits.test.ts)', () => {
  it('are never refused (a stranger cannot block the client), and mail one link while it works', async () => {
    const client = await server.newClient(0);
    for (let i = 1; i <= 6; i++) {
      const answer = await server.api('POST', '/forget_password', { body: { email: i % 2 ? client.email : client.email.toUpperCase() } });
      expect({ request: i, status: answer.status, body: answer.body }).toEqual({ request: i, status: 200, body: { success: true, message: resetMessage } });
    }
    expect(await outbox(client.email)).toHaveLength(1);
    // Another e-mail is not affected.
    const other = await server.newClient(0);
    await requestResetLink(other.email);
    expect(await outbox(other.email)).toHaveLength(1);
  });
});

describe('quote request', () => {
  const form = (email: string, students: '1' | '2' | '3+', extra: Record<string, unknown> = {}) => ({
    firstname: 'Noor',
    lastname: 'Khalil',
    students,
    email,
    phone: '+971 50 765 4321',
    terms: true,
    ...extra,
  });

  it.each(['1', '2'] as const)('opens an account for %s student(s) and mails its username and password', async (students) => {
    const email = uniqueEmail(`quote${students}`);
    const answer = await server.api('POST', '/quote-request', { body: form(email, students) });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ success: true, students, message: accountMailedMessage });
    expect(answer.body.message).toMatch(/link with your username and password has been e-mailed/);
    expect(responseErrors('requestQuote', 201, answer.body)).toEqual([]);

    const mail = await newestMail(email);
    expect(mail.subject).toBe('Your booking link');
    expect(mail.body).toContain(`${server.url}/login`);
    const username = /Username: (\S+)/.exec(mail.body)?.[1];
    const password = /Password: (\S+)/.exec(mail.body)?.[1];
    expect(username).toBe(email);
    expect(password).toBeDefined();

    const login = await server.api('POST', '/login', { body: { email: username, password } });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ email, firstname: 'Noor', lastname: 'Khalil', studentdetails: [] });

    const [request] = await server.db.query<{ students: string; client_id: number | null }>(
      'select students, client_id from quote_requests where email = $1',
      [email],
    );
    expect(request).toEqual({ students, client_id: login.body.user.clientid });
  });

  it('records 3+ students for staff without opening an account', async () => {
    const email = uniqueEmail('quote3');
    const staffBefore = (await outbox(staffEmail)).length;
    const answer = await server.api('POST', '/quote-request', { body: form(email, '3+') });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ success: true, students: '3+', message: threeChildrenMessage });
    expect(responseErrors('requestQuote', 201, answer.body)).toEqual([]);

    const rows = await server.db.query<{ students: string; client_id: number | null; phone: string }>(
      'select students, client_id, phone from quote_requests where email = $1',
      [email],
    );
    expect(rows).toEqual([{ students: '3+', client_id: null, phone: '+971 50 765 4321' }]);
    expect(await server.db.query('select id from clients where lower(email) = lower($1)', [email])).toEqual([]);

    const staff = await outbox(staffEmail);
    expect(staff).toHaveLength(staffBefore + 1);
    expect(staff[0]?.subject).toBe('Quote request: 3 or more students');
    expect(staff[0]?.body).toContain(email);
    const requester = await outbox(email);
    expect(requester).toHaveLength(1);
    expect(requester[0]?.subject).toBe('We received your request');
    expect(requester[0]?.body).not.toMatch(/Password:/);
  });

  it('refuses a request without agreed terms and writes nothing', async () => {
    const email = uniqueEmail('noterms');
    const before = await tableCounts(server.db);
    const answer = await server.api('POST', '/quote-request', { body: form(email, '1', { terms: false }) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, field: 'terms' });
    expect(answer.body.message).toBe('Please agree to the terms and conditions.');
    expect(responseErrors('requestQuote', 400, answer.body)).toEqual([]);
    expect(await tableCounts(server.db)).toEqual(before);
    expect(await outbox(email)).toEqual([]);
  });

  it('answers an existing account the same way and keeps its password', async () => {
    const client = await server.newClient(0);
    const hash = await passwordHash(client.clientid);
    const [clientsBefore] = await server.db.query<{ n: number }>('select count(*)::int as n from clients');

    const answer = await server.api('POST', '/quote-request', { body: form(client.email.toUpperCase(), '1') });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ success: true, students: '1', message: accountMailedMessage });

    expect(await passwordHash(client.clientid)).toBe(hash);
    const [clientsAfter] = await server.db.query<{ n: number }>('select count(*)::int as n from clients');
    expect(clientsAfter?.n).toBe(clientsBefore?.n);
    expect(await loginStatus(client.email, demoLogin.password)).toBe(200);
    const mail = await newestMail(client.email);
    expect(mail.body).toContain('You already have an account');
    expect(mail.body).not.toMatch(/Password:/);
  });

  it('opens one account when the same new e-mail is submitted several times at once', async () => {
    const email = uniqueEmail('doublesubmit');
    const answers = await Promise.all([1, 2, 3].map(() => server.api('POST', '/quote-request', { body: form(email, '2') })));
    for (const answer of answers) {
      expect(answer.status).toBe(201);
      expect(answer.body).toEqual({ success: true, students: '2', message: accountMailedMessage });
    }
    const clients = await server.db.query<{ id: number }>('select id from clients where lower(email) = lower($1)', [email]);
    expect(clients).toHaveLength(1);
    const requests = await server.db.query<{ client_id: number | null }>('select client_id from quote_requests where email = $1', [email]);
    expect(requests).toEqual([{ client_id: clients[0]?.id }]);

    // Exactly one mail carries the password, and it logs in.
    const withPassword = (await outbox(email)).filter((m) => /Password: /.test(m.body));
    expect(withPassword).toHaveLength(1);
    const password = /Password: (\S+)/.exec(withPassword[0]?.body ?? '')?.[1];
    expect(await loginStatus(email, password ?? '')).toBe(200);
  });
});

describe('students', () => {
  it('creates students, answers existing ones by name in any letter case, and lists them', async () => {
    const client = await server.newClient(0);
    const post = (body: unknown) => server.api('POST', '/students', { token: client.token, query: { branch_id: 1 }, body });
    const count = async () =>
      (await server.db.query<{ n: number }>('select count(*)::int as n from students where client_id = $1', [client.clientid]))[0]?.n;

    const created = await post([
      { first_name: 'Maya', last_name: 'Stone', paying_client: client.clientid },
      { first_name: 'Omar', last_name: 'Stone', paying_client: client.clientid },
    ]);
    expect(created.status).toBe(201);
    expect(responseErrors('createStudents', 201, created.body)).toEqual([]);
    expect(created.body).toEqual({
      success: true,
      data: [
        { id: expect.any(Number), first_name: 'Maya', last_name: 'Stone', paying_client: client.clientid },
        { id: expect.any(Number), first_name: 'Omar', last_name: 'Stone', paying_client: client.clientid },
      ],
    });
    const ids = created.body.data.map((s: { id: number }) => s.id);
    expect(new Set(ids).size).toBe(2);
    expect(await count()).toBe(2);

    const again = await post([
      { first_name: 'MAYA', last_name: 'stone', paying_client: client.clientid },
      { first_name: ' omar ', last_name: 'STONE', paying_client: client.clientid },
    ]);
    expect(again.status).toBe(201);
    expect(again.body.data.map((s: { id: number }) => s.id)).toEqual(ids);
    expect(again.body.data[0]).toMatchObject({ first_name: 'Maya', last_name: 'Stone' });
    expect(await count()).toBe(2);

    const before = await tableCounts(server.db);
    const missing = await post([{ first_name: 'Zed', paying_client: client.clientid }]);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, field: '[0].last_name', message: 'Please provide both first and last names for all new students.' });
    expect(responseErrors('createStudents', 400, missing.body)).toEqual([]);
    expect(await tableCounts(server.db)).toEqual(before);

    const listed = await server.api('GET', `/clientsdata/${client.clientid}`, { token: client.token });
    expect(listed.status).toBe(200);
    expect(responseErrors('getClientData', 200, listed.body)).toEqual([]);
    expect(listed.body.client.studentdetails).toEqual(created.body.data);
  });

  it("refuses students for another client or branch and writes nothing", async () => {
    const client = await server.newClient(0);
    const other = await server.newClient(0);
    const before = await tableCounts(server.db);

    const foreign = await server.api('POST', '/students', {
      token: client.token,
      body: [{ first_name: 'Ali', last_name: 'Stone', paying_client: other.clientid }],
    });
    expect(foreign.status).toBe(403);
    expect(foreign.body).toMatchObject({ success: false, field: '[0].paying_client' });

    const branch = await server.api('POST', '/students', {
      token: client.token,
      query: { branch_id: 2 },
      body: [{ first_name: 'Ali', last_name: 'Stone', paying_client: client.clientid }],
    });
    expect(branch.status).toBe(403);
    expect(branch.body).toMatchObject({ success: false, field: 'branch_id' });
    expect(await tableCounts(server.db)).toEqual(before);
  });
});

describe('reviews and contact mail', () => {
  let client: Session;
  beforeAll(async () => {
    client = await server.newClient(1);
  });

  it('stores a review and mails it to staff', async () => {
    const answer = await server.api('POST', '/sendReviewEmail', {
      token: client.token,
      body: { clientid: client.clientid, client_email: client.email, review_number: 4, description: 'Patient tutor, clear lessons.' },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ data: { success: true, message: expect.any(String) } });
    expect(responseErrors('sendReview', 201, answer.body)).toEqual([]);

    const rows = await server.db.query('select client_email, review_number, description from reviews where client_id = $1', [client.clientid]);
    expect(rows).toEqual([{ client_email: client.email, review_number: 4, description: 'Patient tutor, clear lessons.' }]);
    const mail = await newestMail(staffEmail);
    expect(mail.subject).toBe('Review: 4 of 5 stars');
    expect(mail.body).toContain('Patient tutor, clear lessons.');
  });

  it.each([0, 6])('refuses review_number %i and writes nothing', async (reviewNumber) => {
    const before = await tableCounts(server.db);
    const answer = await server.api('POST', '/sendReviewEmail', {
      token: client.token,
      body: { clientid: client.clientid, client_email: client.email, review_number: reviewNumber, description: 'x' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, field: 'review_number' });
    expect(answer.body.message).toMatch(/^review_number: must be [<>]= [15]$/);
    expect(responseErrors('sendReview', 400, answer.body)).toEqual([]);
    expect(await tableCounts(server.db)).toEqual(before);
  });

  it('mails a contact request to staff', async () => {
    const contact = uniqueEmail('contact');
    const answer = await server.api('POST', '/clientemailsend/', { token: client.token, body: { email: contact } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: 'Our team will contact you shortly.' });
    expect(responseErrors('sendClientEmail', 200, answer.body)).toEqual([]);
    const mail = await newestMail(staffEmail);
    expect(mail.subject).toBe('A client asks to be contacted');
    expect(mail.body).toContain(contact);
    expect(mail.body).toContain(`client ${client.clientid}`);
  });
});

describe('validation messages', () => {
  const raw = (path: string, init: RequestInit) => fetch(`${server.url}/api${path}`, { method: 'POST', ...init });

  it('names a badly formed field', async () => {
    const answer = await server.api('POST', '/login', { body: { email: 'x', password: 'whatever' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, field: 'email' });
    // A field a person types: a sentence for them, the field in `field` (issue 18).
    expect(answer.body.message).toBe('Please enter a valid e-mail address.');
    expect(answer.body.error).toBe(answer.body.message);
    expect(responseErrors('login', 400, answer.body)).toEqual([]);
  });

  it('names a missing field', async () => {
    // The first issue found is reported: with only a (bad) e-mail, the missing password.
    const answer = await server.api('POST', '/login', { body: { email: 'x' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, field: 'password', message: 'Please enter your password.' });
  });

  it.each([
    ['a blank coupon code', '/apply-coupon', (c: Session) => ({ code: '   ', userId: c.clientid }), 'code', 'Please enter a coupon code.'],
    ['a coupon code longer than any', '/apply-coupon', (c: Session) => ({ code: 'X'.repeat(41), userId: c.clientid }), 'code', 'This coupon code is invalid or has expired.'],
    ['a short new password', '/oldnewpassword', (c: Session) => ({ clientid: c.clientid, oldPassword: demoLogin.password, newPassword: 'short' }), 'newPassword', 'The new password must be at least 8 characters long.'],
    ['a blank old password', '/oldnewpassword', (c: Session) => ({ clientid: c.clientid, oldPassword: '', newPassword: 'Long-enough-1' }), 'oldPassword', 'Please enter your old password.'],
    ['feedback longer than 2000 characters', '/sendReviewEmail', (c: Session) => ({ clientid: c.clientid, client_email: c.email, review_number: 5, description: 'x'.repeat(2001) }), 'description', 'Your feedback must be at most 2000 characters long.'],
  ] as const)('refuses %s in words for the person who typed it, naming the field in `field` only', async (_name, path, body, field, message) => {
    const client = await server.newClient(0);
    const answer = await server.api('POST', path, { token: client.token, body: body(client) });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, field, message, error: message });
  });

  it("refuses a quote request's phone number in words for the person, not the schema's pattern", async () => {
    const answer = await server.api('POST', '/quote-request', { body: { firstname: 'A', lastname: 'B', students: '1', email: 'ab@example.com', phone: 'call me', terms: true } });
    expect(answer.body).toMatchObject({ success: false, field: 'phone', message: 'Please enter a valid phone number.' });
  });

  it('names an unknown extra field', async () => {
    const answer = await server.api('POST', '/login', { body: { email: demoLogin.email, password: demoLogin.password, admin: true } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, field: 'admin', message: 'admin: is not a known field' });
  });

  it('names a bad query value', async () => {
    const client = await server.newClient(0);
    const answer = await server.api('GET', '/client/status-check', { token: client.token, query: { clientid: 'abc' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, field: 'clientid' });
    expect(answer.body.message).toMatch(/^clientid: /);
  });

  it('refuses malformed JSON with a message', async () => {
    const response = await raw('/login', { headers: { 'content-type': 'application/json' }, body: '{"email": "a@b.co", ' });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const body = await response.json();
    expect(body).toMatchObject({ success: false, message: expect.stringMatching(/not valid JSON/) });
    expect(responseErrors('login', 400, body)).toEqual([]);
  });

  it('refuses a body over the 1 MiB limit with 413 and a message', async () => {
    const response = await raw('/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoLogin.email, password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ success: false, message: expect.stringMatching(/too large/i) });
  });

  it('refuses an unsupported content type with 415 and a message', async () => {
    const response = await raw('/login', { headers: { 'content-type': 'application/xml' }, body: '<login/>' });
    expect(response.status).toBe(415);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toMatchObject({ success: false, message: 'Content-Type must be application/json' });
  });
});

describe('the booking-status gate (client data status)', () => {
  it('answers status false once staff pause booking, and refuses new orders for the client; nothing is written', async () => {
    const client = await server.newClient(1);
    const open = await server.api('GET', `/clientsdata/${client.clientid}`, { token: client.token });
    expect(open.body.status).toBe(true);

    await server.db.query('update clients set booking_paused = true where id = $1', [client.clientid]);
    const paused = await server.api('GET', `/clientsdata/${client.clientid}`, { token: client.token });
    expect(paused.status).toBe(200);
    expect(paused.body.status).toBe(false);
    expect(responseErrors('getClientData', 200, paused.body)).toEqual([]);

    const amount = await packagePrice(server, client, 3);
    const before = await tableCounts(server.db);
    const refused = await server.api('POST', '/create-order', { token: client.token, body: orderBody(client, amount, { pkgId: 3 }) });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, field: 'client_id', message: 'Booking is paused for this account. Please contact us to book.' });
    expect(await tableCounts(server.db)).toEqual(before);

    await server.db.query('update clients set booking_paused = false where id = $1', [client.clientid]);
    const reopened = await server.api('POST', '/create-order', { token: client.token, body: orderBody(client, amount, { pkgId: 3 }) });
    expect(reopened.status).toBe(201);
  });
});
