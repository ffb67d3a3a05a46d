import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dashboardSettled, dayText, hourName } from './support.ts';

// About what comes after the login: each test opens signed in as the demo client (tests/e2e/fixtures.ts).
test.use({ signedIn: true });

// The remaining paths of issue 10 against the reference server and its payment sandbox: the dashboard's
// pending-payment card paid through the same path as a fresh booking, and a two-student individual booking
// that ends in one order for both students. The browser is west of UTC: the branch's hours must not move.

test.use({ timezoneId: 'America/Los_Angeles' });

// The success page waits 3 + 8 + 2 s (config.delays) besides its calls.
const bookingTimeout = 150_000;

interface StoredSlot {
  date: string;
  time: string;
  tutorId: number;
  subject: string;
}

const storedSlots = async (page: Page): Promise<StoredSlot[]> =>
  Object.values(JSON.parse((await page.evaluate(() => localStorage.getItem('groupedByWeek'))) ?? '{}') as Record<string, StoredSlot[]>).flat();

const session = (page: Page) =>
  page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('userdata') ?? '{}') as { clientid: number; branch_id: number; studentdetails: { id: number; first_name: string; last_name: string }[] };
    return { token: localStorage.getItem('token') ?? '', user };
  });

async function api(page: Page, path: string) {
  const { token } = await session(page);
  const answer = await page.request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(answer.ok(), `GET ${path}`).toBe(true);
  return answer.json();
}

/** Opens a package's card and chooses lessons per week for its one subject, then Select. */
async function choosePackage(page: Page, name: string, subject: string) {
  const toggle = page.getByRole('button', { name, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('combobox', { name: `${subject} lessons per week` }).selectOption('1');
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/book-class$/);
}

// The branch's wall-clock hour (HH:MM) of an instant.
const branchHour = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Dubai', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));

/**
 * On /book-class: the LAST hour offered at which the student has no lesson yet (any day: the following weeks are
 * auto-filled at the same hour), with the first tutor; Book Now, then the summary's Confirm Booking. The last
 * one keeps clear of booking-payment.spec.ts, which books Adam at the first hour offered on the same server.
 */
async function pickSlotAndConfirm(page: Page, studentName: string): Promise<StoredSlot[]> {
  const { user } = await session(page);
  const studentId = user.studentdetails.find((s) => `${s.first_name} ${s.last_name}` === studentName)?.id;
  expect(studentId, studentName).toBeDefined();
  const lessons = (await api(page, `/appointmentstwo/${studentId}?branch_id=${user.branch_id}`)).data as { start: string }[];
  const taken = new Set(lessons.map((lesson) => branchHour(lesson.start)));
  const hours = page.getByRole('grid', { name: 'Hours of the week' }).getByRole('button');
  await expect(hours.first()).toBeVisible();
  const labels = (await hours.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label') ?? ''))).reverse();
  const free = labels.find((label) => !taken.has(/ · (\d\d:\d\d) /.exec(label)?.[1] ?? ''));
  expect(free, `an hour without a lesson of ${studentName}`).toBeDefined();
  await page.getByRole('button', { name: free, exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: /^Select / }).first().click();
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeEnabled();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/booking-summary$/);
  const slots = await storedSlots(page);
  expect(slots.length).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  return slots;
}

/** Pay Now on /checkout, Pay in the sandbox, and the success sequence to its end; the order's ref. */
async function payAndFinish(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL(/\/success\?ref=/);
  const ref = new URL(page.url()).searchParams.get('ref') as string;
  await expect(page.getByText('Successful!')).toBeVisible({ timeout: 40_000 });
  await expect(page.getByText('You will receive order confirmation by email shortly')).toBeVisible();
  return ref;
}

/** The client's lessons on the server among the order's appointments, as branch instants (ms). */
async function lessonsOf(page: Page, appointmentIds: number[], studentIds: number[]) {
  const { user } = await session(page);
  const lessons = (await api(page, `/appointmentstwo/${studentIds.join(',')}?branch_id=${user.branch_id}`)).data as { id: number; start: string }[];
  return lessons.filter((lesson) => appointmentIds.includes(lesson.id)).map((lesson) => new Date(lesson.start).getTime()).sort();
}

// Branch hours are Asia/Dubai (+04:00), whatever the browser's zone.
const instants = (slots: StoredSlot[]) => slots.map((slot) => new Date(`${slot.date}T${slot.time}:00+04:00`).getTime()).sort();

test('the pending-payment card is paid through the same path: the unpaid package is paid and its lessons exist', async ({ page }) => {
  test.setTimeout(bookingTimeout);
  await page.goto('/dashboard');
  // Book Now saves the unpaid package; the client leaves before paying and comes back through the card.
  await dashboardSettled(page);
  await page.getByRole('link', { name: 'New Booking' }).click();
  await page.getByRole('group', { name: 'Number of students' }).getByRole('radio', { name: '1' }).check();
  await page.getByRole('combobox', { name: 'Student name' }).selectOption('Adam Ahmed');
  await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: 'Primary' });
  await page.getByRole('combobox', { name: 'Year' }).selectOption('Year 5 / Grade 4');
  await page.getByRole('checkbox', { name: 'Mathematics' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await choosePackage(page, 'GOLD', 'Mathematics');
  const slots = await pickSlotAndConfirm(page, 'Adam Ahmed');

  const { user } = await session(page);
  const unpaid = (await api(page, `/client-packagesfree/${user.clientid}`)).data as { id: number }[];
  expect(unpaid.length).toBeGreaterThan(0);
  const pendingId = unpaid[0]?.id as number;

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'Complete Your Pending Payment' }).click();
  await expect(page).toHaveURL(/\/booking-summary$/);
  expect(await storedSlots(page)).toEqual(slots);
  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const ref = await payAndFinish(page);

  const order = await api(page, `/orders/${ref}`);
  expect(order).toMatchObject({ status: 'confirmed', payment_taken: true, confirmed: true });
  expect(order.service_ids).toHaveLength(1);
  expect(order.appointment_ids).toHaveLength(slots.length);
  expect(await lessonsOf(page, order.appointment_ids, order.student_ids)).toEqual(instants(slots));

  // The package that was pending is no longer unpaid.
  const stillUnpaid = ((await api(page, `/client-packagesfree/${user.clientid}`)).data as { id: number }[]).map((pkg) => pkg.id);
  expect(stillUnpaid).not.toContain(pendingId);
  const pending = (await api(page, `/client-packagesid/${pendingId}`)).data as { purches_status: number }[];
  expect(pending[0]?.purches_status).toBe(1);
  await page.getByRole('link', { name: 'Manage your Slots' }).click();
  await expect(page).toHaveURL(/\/manage-booking$/);
});

test('two students studying individually: Student 1 then Go For Second, one order with two lines, both students’ lessons', async ({ page }) => {
  test.setTimeout(bookingTimeout);
  await page.goto('/dashboard');
  await dashboardSettled(page);
  await page.getByRole('link', { name: 'New Booking' }).click();
  await page.getByRole('group', { name: 'Number of students' }).getByRole('radio', { name: '2' }).check();
  await page.getByRole('dialog', { name: 'How will the students study?' }).getByRole('button', { name: /Individually/ }).click();
  const student = (n: 1 | 2) => page.getByRole('region', { name: `Student ${n}` });
  await student(1).getByRole('combobox', { name: 'Student 1 Name' }).selectOption('Adam Ahmed');
  await student(2).getByRole('combobox', { name: 'Student 2 Name' }).selectOption('Lina Ahmed');
  for (const [n, program, year, subject] of [[1, 'Primary', 'Year 5 / Grade 4', 'Mathematics'], [2, 'Middle', 'Year 8 / Grade 7', 'English']] as const) {
    await student(n).getByRole('combobox', { name: `Student ${n} Program` }).selectOption({ label: program });
    await student(n).getByRole('combobox', { name: `Student ${n} Year` }).selectOption(year);
    await student(n).getByRole('checkbox', { name: subject }).check();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Which student do you want to book first?' }).getByRole('button', { name: /Student 1/ }).click();
  await expect(page).toHaveURL(/\/manage-packages$/);
  await expect(page.getByText(/^Adam Ahmed · Year 5 \/ Grade 4 · Mathematics/)).toBeVisible();

  await choosePackage(page, 'GOLD', 'Mathematics');
  const adamSlots = await pickSlotAndConfirm(page, 'Adam Ahmed');
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Go For Second' }).click();

  await expect(page).toHaveURL(/\/manage-packages$/);
  await expect(page.getByText(/^Lina Ahmed · Year 8 \/ Grade 7 · English/)).toBeVisible();
  await choosePackage(page, 'GOLD', 'English');
  const linaSlots = await pickSlotAndConfirm(page, 'Lina Ahmed');
  await expect(page.getByRole('button', { name: /Go For/ })).toHaveCount(0);
  const ref = await payAndFinish(page);

  const order = await api(page, `/orders/${ref}`);
  expect(order).toMatchObject({ status: 'confirmed', payment_taken: true, confirmed: true });
  expect(order.lines).toHaveLength(2);
  const { user } = await session(page);
  const idOf = (name: string) => {
    const found = user.studentdetails.find((s) => `${s.first_name} ${s.last_name}` === name);
    expect(found, name).toBeDefined();
    return found?.id as number;
  };
  const [adam, lina] = [idOf('Adam Ahmed'), idOf('Lina Ahmed')];
  expect(order.lines.map((line: { student_ids: number[] }) => line.student_ids).sort()).toEqual([[adam], [lina]].sort());
  expect(order.appointment_ids).toHaveLength(adamSlots.length + linaSlots.length);
  // Each student's lessons are at that student's chosen hours, and only there.
  expect(await lessonsOf(page, order.appointment_ids, [adam])).toEqual(instants(adamSlots));
  expect(await lessonsOf(page, order.appointment_ids, [lina])).toEqual(instants(linaSlots));
});

// Product defect found by these tests (reported to the lead): the grid and the Available Tutors popup leave out
// hours whose tutor is booked, but not hours at which the STUDENT already has a lesson; such a booking is only
// refused by POST /appointments in the success sequence, after the client has paid. The demo's Adam has
// planned lessons on Sundays at 16:00 (the seed), when Layla Mansour also teaches Year 5 Mathematics.
test('an hour at which the student already has a lesson is not offered with a tutor', async ({ page }) => {
  await page.goto('/dashboard');
  const { user } = await session(page);
  const adam = user.studentdetails.find((s) => `${s.first_name} ${s.last_name}` === 'Adam Ahmed')?.id;
  const lessons = (await api(page, `/appointmentstwo/${adam}?branch_id=${user.branch_id}`)).data as { start: string; status?: string }[];
  const branchDate = (iso: string) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Dubai' }).format(new Date(iso));
  // The first seeded lesson (16:00 branch time) inside the grid, which starts at today + 2 in the branch zone;
  // lessons other tests booked may be at hours whose every tutor is booked, which would prove nothing.
  const earliest = Date.now() + 3 * 24 * 3600_000;
  const lesson = lessons.filter((l) => new Date(l.start).getTime() > earliest && branchHour(l.start) === '16:00').sort((a, b) => a.start.localeCompare(b.start))[0];
  expect(lesson, 'a seeded lesson of Adam Ahmed within the grid').toBeDefined();
  const [date, time] = [branchDate(lesson?.start ?? ''), branchHour(lesson?.start ?? '')];

  await dashboardSettled(page);
  await page.getByRole('link', { name: 'New Booking' }).click();
  await page.getByRole('group', { name: 'Number of students' }).getByRole('radio', { name: '1' }).check();
  await page.getByRole('combobox', { name: 'Student name' }).selectOption('Adam Ahmed');
  await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: 'Primary' });
  await page.getByRole('combobox', { name: 'Year' }).selectOption('Year 5 / Grade 4');
  await page.getByRole('checkbox', { name: 'Mathematics' }).check();
  await page.getByRole('button', { name: 'Next' }).click();
  await choosePackage(page, 'GOLD', 'Mathematics');

  // The week tab whose grid shows the lesson's day.
  const dayShown = page.getByRole('grid', { name: 'Hours of the week' }).getByRole('button', { name: new RegExp(`^${dayText(date)} · `) });
  const tabs = page.getByRole('group', { name: 'Weeks' }).getByRole('button', { name: /Week$/ });
  await expect(page.getByRole('grid', { name: 'Hours of the week' }).getByRole('button').first()).toBeVisible();
  for (let i = 0; i < (await tabs.count()) && (await dayShown.count()) === 0; i += 1) {
    await tabs.nth(i).click();
    await expect(tabs.nth(i)).toHaveAttribute('aria-pressed', 'true');
  }
  await expect(dayShown.first()).toBeVisible();

  const hour = page.getByRole('grid', { name: 'Hours of the week' }).getByRole('button', { name: new RegExp(`^${hourName(date, time)}, `) });
  if ((await hour.count()) === 0 || (await hour.isDisabled())) return;
  await hour.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('button', { name: /^Select / })).toHaveCount(0);
});
