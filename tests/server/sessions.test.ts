import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogin } from '../../server/seed/seed.ts';
import { type Session, type TestServer, startTestServer } from '../support/test-server.ts';

// A password change ends old sessions: every token issued before it answers 401, on every instance,
// and older reset links die with it.

let server: TestServer;
let second: Awaited<ReturnType<TestServer['secondInstance']>>;

beforeAll(async () => {
  server = await startTestServer();
  second = await server.secondInstance();
});
afterAll(() => server?.close());

const expired = 'Session expired or invalid. Please log in again.';

/** A read and a write with the token, on both instances: their statuses. */
async function uses(session: Session, token: string): Promise<number[]> {
  const read = (api: TestServer['api']) => api('GET', `/clientsdata/${session.clientid}`, { token });
  const write = (api: TestServer['api']) =>
    api('POST', '/students', { token, body: [{ first_name: 'Probe', last_name: `Kid${Math.random().toString(36).slice(2, 8)}`, paying_client: session.clientid }] });
  return [(await read(server.api)).status, (await write(server.api)).status, (await read(second.api)).status, (await write(second.api)).status];
}

/** The newest reset link of `email`, asked for from elsewhere, or from the browser that signed in (`device`). */
async function resetLink(email: string, device?: string): Promise<string> {
  await server.api('POST', '/forget_password', { body: { email }, ...(device ? { headers: { cookie: device } } : {}) });
  const [mail] = await server.db.query<{ body: string }>('select body from outbox where to_address = $1 order by id desc limit 1', [email]);
  const token = /\/changepassword\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1];
  if (!token) throw new Error('no reset link in the outbox');
  return token;
}

const changeInApp = (session: Session, token: string, oldPassword: string, newPassword: string) =>
  server.api('POST', '/oldnewpassword', { token, body: { clientid: session.clientid, oldPassword, newPassword } });

describe('a password change in the app', () => {
  it('revokes every token issued before it, on both instances; the token in its answer works', async () => {
    const client = await server.newClient(1);
    const otherDevice = await server.login(client.email, demoLogin.password);
    expect(await uses(client, otherDevice.token)).toEqual([200, 201, 200, 201]);

    const changed = await changeInApp(client, client.token, demoLogin.password, 'Fresh-Password-1');
    expect(changed.status).toBe(200);

    for (const old of [client.token, otherDevice.token]) {
      expect(await uses(client, old)).toEqual([401, 401, 401, 401]);
      const answer = await second.api('GET', `/clientsdata/${client.clientid}`, { token: old });
      expect(answer.body).toEqual({ success: false, message: expired, error: expired });
    }
    expect(await uses(client, changed.body.token)).toEqual([200, 201, 200, 201]);
    expect((await server.login(client.email, 'Fresh-Password-1')).clientid).toBe(client.clientid);
  });

  it('kills a reset link asked for before it', async () => {
    const client = await server.newClient(1);
    const link = await resetLink(client.email);

    expect((await changeInApp(client, client.token, demoLogin.password, 'Fresh-Password-2')).status).toBe(200);
    const late = await server.api('POST', `/changepassword/${link}`, { body: { newPassword: 'Attacker-Choice-1' } });

    expect({ status: late.status, field: late.body.field }).toEqual({ status: 400, field: 'id' });
    expect((await server.login(client.email, 'Fresh-Password-2')).clientid).toBe(client.clientid);
  });
});

describe('a password reset by link', () => {
  it('revokes every token issued before it', async () => {
    const client = await server.newClient(1);
    const link = await resetLink(client.email);

    expect((await server.api('POST', `/changepassword/${link}`, { body: { newPassword: 'Reset-Password-1' } })).status).toBe(200);

    expect(await uses(client, client.token)).toEqual([401, 401, 401, 401]);
    const again = await server.login(client.email, 'Reset-Password-1');
    expect(await uses(client, again.token)).toEqual([200, 201, 200, 201]);
  });

  it('kills an older link when a newer one is used', async () => {
    const client = await server.newClient(1);
    const older = await resetLink(client.email);
    // From the client's own browser, so that a second link is mailed while the first still works.
    const newer = await resetLink(client.email, client.device);
    expect(newer).not.toBe(older);

    expect((await server.api('POST', `/changepassword/${newer}`, { body: { newPassword: 'Reset-Password-2' } })).status).toBe(200);
    const stale = await server.api('POST', `/changepassword/${older}`, { body: { newPassword: 'Reset-Password-3' } });

    expect({ status: stale.status, field: stale.body.field }).toEqual({ status: 400, field: 'id' });
    expect((await server.login(client.email, 'Reset-Password-2')).clientid).toBe(client.clientid);
  });
});
