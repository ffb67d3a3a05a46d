import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../contract/schema.d.ts';
import { type BookingDraft, type LessonData, type PackageForm, emptyDraft, withOtherStudent } from '../../machines/booking/booking-draft.ts';
import type { SelectedSlot } from '../../machines/rules/draft-types.ts';
import { withStudentIds } from '../../machines/booking/booking-plan.ts';
import { type AppliedCoupon, type Payer, grandTotalOf, orderOf } from '../../machines/booking/checkout-order.ts';
import { formatMoney } from '../../machines/rules/money.ts';
import { yearLabel } from '../../machines/rules/programs.ts';
import { type Slot, slotSource } from '../support/booking-fixtures.ts';
import { type Session, type TestServer, startTestServer } from '../support/test-server.ts';

// The checkout's order, as the portal builds it from the draft, against the reference server: the amount
// the client is shown (the package card's price, less the coupon the server answered) is the amount the
// server prices, for one student, two together and two studying individually (a line each).

type Package = components['schemas']['Package'];

let server: TestServer;
let session: Session;
let payer: Payer;
let hours: ReturnType<typeof slotSource>;

beforeAll(async () => {
  server = await startTestServer();
  session = await server.newClient(2);
  const client = await server.api('GET', `/clientsdata/${session.clientid}`, { token: session.token });
  payer = { clientid: session.clientid, email: session.email, branch_id: 1, timeZone: 'Asia/Dubai', students: client.body.client.studentdetails };
  // Free hours of tutors who teach up to Year 8: the order holds them, so each order takes its own.
  hours = slotSource(server, session, 'Mathematics', 8);
});
afterAll(() => server?.close());

const nameOf = (i: number) => {
  const student = payer.students[i];
  if (!student) throw new Error(`no student ${i}`);
  return `${student.first_name} ${student.last_name}`;
};

/**
 * What the package step keeps for `pkgId`, priced for `students` in `year`: the lessonData it stores, the card's
 * price as shown, and the catalogue's number the draft keeps beside it.
 */
async function lessonsFor(pkgId: number, students: number, year: number, names: string[]): Promise<{ lessons: LessonData; price: number }> {
  const answer = await server.api('GET', '/allpackegastudent', { token: session.token, query: { student: students, level: year } });
  const pkg = (answer.body.data.data as Package[]).find((p) => p.id === pkgId);
  if (!pkg) throw new Error(`no package ${pkgId}`);
  const lessons: LessonData = {
    packageNames: { id: pkg.id, name: pkg.name, subjects: ['Mathematics'], lessons: pkg.numberofclass, description: pkg.description, total: formatMoney(pkg.total, 'AED'), duration_days: pkg.duration_days },
    packageName: pkg.name as LessonData['packageName'],
    studentName: { name1: names[0] ?? '', ...(names[1] ? { name2: names[1] } : {}) },
    lessonCounts: { Mathematics: 1 },
  };
  return { lessons, price: pkg.total };
}

const slotAt = (free: Slot): SelectedSlot => ({
  key: `Mathematics-${free.date}-${free.time}`,
  subject: 'Mathematics',
  date: free.date,
  time: free.time,
  tutorId: free.contractorId,
  tutorPrice: 100,
  apt_id: free.aptId,
  weekIndex: 0,
  name: 'Tutor',
});
const slot = async () => slotAt(await hours.next());
const form = (names: string[], year: number): PackageForm => ({ students: names.length, name1: names[0] ?? '', name2: names[1] ?? '', programOne: 1, program: yearLabel(year), subject: ['Mathematics'], studyType: names.length === 2 ? 'yes' : null });

async function coupon(code: string): Promise<AppliedCoupon> {
  const answer = await server.api('POST', '/apply-coupon', { token: session.token, body: { code, userId: session.clientid } });
  expect(answer.status).toBe(200);
  return { code, discount_type: answer.body.discount_type, discount_value: answer.body.discount_value };
}

/** The order checkout sends for a draft, which every booking screen gives the ids of the client's students it names. */
async function order(named: BookingDraft, applied: AppliedCoupon | null) {
  const draft = withStudentIds(named, payer.students);
  const body = orderOf(draft, payer, applied);
  expect(body).not.toBeNull();
  const answer = await server.api('POST', '/create-order', { token: session.token, body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  expect(answer.body.amount).toBe(grandTotalOf(draft, applied));
  return answer.body as { amount: number; paymentLink: string; ref: string };
}

describe('the checkout order against the reference server', () => {
  it.each([
    ['no coupon', null],
    ['the flat coupon', 'WELCOME50'],
    ['the percent coupon', 'SAVE10'],
  ])('one student, GOLD, %s', async (_, code) => {
    const names = [nameOf(0)];
    const draft: BookingDraft = { ...emptyDraft('new'), form: form(names, 5), ...(await lessonsFor(3, 1, 5, names)), slots: { '1st Week': [await slot()] } };
    const placed = await order(draft, code ? await coupon(code) : null);
    expect(placed.paymentLink).toMatch(/\/sandbox\/pay\//);
  });

  it('two students together, PLATINUM in Year 8', async () => {
    const names = [nameOf(0), nameOf(1)];
    await order({ ...emptyDraft('new'), form: form(names, 8), ...(await lessonsFor(4, 2, 8, names)), slots: { '1st Week': [await slot()] } }, null);
  });

  it('two students studying individually: one order, a line each, the prices added up', async () => {
    const [first, second] = [nameOf(0), nameOf(1)];
    const individual: PackageForm = {
      students: 2,
      name1: '',
      name2: '',
      programOne: null,
      program: '',
      subject: [],
      studyType: 'no',
      student1: { name: first, programOne: 1, program: yearLabel(5), subject: ['Mathematics'] },
      student2: { name: second, programOne: 2, program: yearLabel(8), subject: ['Mathematics'] },
    };
    const firstPart: BookingDraft = { ...emptyDraft('new'), form: individual, ...(await lessonsFor(3, 1, 5, [first])), slots: { '1st Week': [await slot()] }, split: { studentType: 1, otherStudentPending: true, done: [] } };
    const switched = withOtherStudent(firstPart);
    if (!switched) throw new Error('the split did not switch');
    const both: BookingDraft = { ...switched, ...(await lessonsFor(4, 1, 8, [second])), slots: { '1st Week': [await slot()] } };
    const placed = await order(both, await coupon('SAVE10'));
    const lines = await server.db.query<{ pkg_id: number; level: number }>(
      'select l.pkg_id, l.level from order_lines l join orders o on o.id = l.order_id where o.ref = $1 order by l.line',
      [placed.ref],
    );
    expect(lines).toEqual([
      { pkg_id: 3, level: 5 },
      { pkg_id: 4, level: 8 },
    ]);
  });
});
