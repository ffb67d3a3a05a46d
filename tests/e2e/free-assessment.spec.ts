import { expect, test } from './fixtures.ts';
import { apiGet, newClient, oneStudentGoldToBookClass } from './support.ts';

// The free assessment (issue 10, item 6): a new client who has not had it ticks Free Assessment on Book
// Classes, which opens /free-book on the same form (issue 18), chooses one class, confirms it on
// /freebooking-summary and ends on /payment-summary; the class exists on the server at the chosen branch
// hour, and a second free assessment (here: a second tab that confirms the same summary) is refused with a
// clear message. The browser is west of UTC.

test.use({ timezoneId: 'America/Los_Angeles' });

interface StoredSlot {
  date: string;
  time: string;
  tutorId: number;
}

test('a new client books the free assessment from Book Classes, and a second one is refused', async ({ page, context }) => {
  test.setTimeout(120_000);
  await newClient(page, 'free');

  // Who the class is for: a new student, typed and added.
  await oneStudentGoldToBookClass(page, { added: 'Yara Khoury' });

  // Ticking the box goes to the free assessment's own grid, /free-book, on the same form: one class in all there.
  await page.getByRole('checkbox', { name: 'Free Assessment' }).click();
  await expect(page).toHaveURL(/\/free-book$/);
  await expect(page.getByText('For Yara Khoury', { exact: false })).toBeVisible();
  await expect(page.getByText('Choose one class: it is booked as your free assessment, at no charge.')).toBeVisible();
  const hours = page.getByRole('grid', { name: 'Hours of the week' }).getByRole('button');
  await hours.first().click();
  await page.getByRole('dialog').getByRole('button', { name: /^Select / }).first().click();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(1);
  await hours.nth(1).click();
  await expect(page.getByText("You can't select more than 1 slot for a free assessment")).toBeVisible();
  await page.getByRole('button', { name: 'Book Now' }).click();

  await expect(page).toHaveURL(/\/freebooking-summary$/);
  await expect(page.getByText('Free Assessment (1 class)')).toBeVisible();
  await expect(page.getByText('Yara Khoury')).toBeVisible();
  const [slot] = Object.values(JSON.parse((await page.evaluate(() => localStorage.getItem('groupedByWeek'))) ?? '{}') as Record<string, StoredSlot[]>).flat();
  expect(slot).toBeDefined();

  // A second tab on the same summary: whichever confirms second is refused.
  const second = await context.newPage();
  await second.goto('/freebooking-summary');
  await expect(second.getByText('Free Assessment (1 class)')).toBeVisible();

  await page.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(page).toHaveURL(/\/payment-summary$/);
  await expect(page.getByText('Thank you for your payment')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Blocked Classes' })).toBeVisible();

  await second.getByRole('button', { name: 'Confirm Booking' }).click();
  await expect(second.getByRole('main').getByRole('alert')).toHaveText('The free assessment class has been booked already.');
  await expect(second.getByRole('button', { name: 'Confirm Booking' })).toBeDisabled();

  // On the server: the free assessment is had, and its one class is at the chosen branch hour with the chosen tutor.
  const user = JSON.parse((await page.evaluate(() => localStorage.getItem('userdata'))) ?? '{}') as { clientid: number; branch_id: number; studentdetails: { id: number; first_name: string }[] };
  expect((await apiGet<{ success: boolean }>(page, `/freeassismentstatus/${user.clientid}`)).success).toBe(true);
  const student = user.studentdetails.find((s) => s.first_name === 'Yara');
  expect(student).toBeDefined();
  const lessons = (await apiGet<{ data: { start: string; service: { id: number } }[] }>(page, `/appointmentstwo/${student?.id}?branch_id=${user.branch_id}`)).data;
  expect(lessons).toHaveLength(1);
  expect(new Date(lessons[0]?.start ?? '').getTime()).toBe(new Date(`${slot?.date}T${slot?.time}:00+04:00`).getTime());
  const service = await apiGet<{ dft_charge_rate: string; conjobs: { contractor: number }[] }>(page, `/services/${lessons[0]?.service.id}?branch_id=${user.branch_id}`);
  expect(service.dft_charge_rate).toBe('0.00');
  expect(service.conjobs.map((job) => job.contractor)).toEqual([slot?.tutorId]);

  // The box is gone for good from Book Classes.
  await page.goto('/dashboard');
  await oneStudentGoldToBookClass(page, { existing: 'Yara Khoury' });
  await expect(page.getByRole('grid', { name: 'Hours of the week' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Free Assessment' })).toHaveCount(0);
});
