import { expect, test } from './fixtures.ts';
import { logIn } from './support.ts';
import { sampleForm, sampleLessons, samplePrice, sampleSlots, sampleTutors } from '../support/draft-fixtures.ts';

// The dashboard's pending-payment card, against the reference server: an unpaid package the client saved
// before paying opens with its booking as the draft. Its hours are checked first (issue 18, item 6): this
// one's Sunday 6 December 16:00 with Amira Haddad is Adam's own seeded Sunday lesson (or, run later, too near
// or past), so the card opens the grid without it and says so, instead of the summary leading to a refusal
// at checkout. (A pending booking whose hours are free opens the summary: booking-flows.spec.ts.)

const [lessonData, packageFormData, groupedByWeek, storedTeacher] = [sampleLessons, sampleForm, sampleSlots, sampleTutors];

test('the pending-payment card opens the unpaid package as the draft, on the grid when its hour can no longer be booked', async ({ page }) => {
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { token, clientid, students } = await page.evaluate(() => {
    const user = JSON.parse(localStorage.getItem('userdata') ?? '{}') as { clientid: number; studentdetails: { id: number; first_name: string; last_name: string }[] };
    return { token: localStorage.getItem('token'), clientid: user.clientid, students: user.studentdetails };
  });
  const adam = students.find((student) => `${student.first_name} ${student.last_name}` === sampleForm.name1);
  if (!adam) throw new Error(`the demo client has no student ${sampleForm.name1}`);
  const headers = { authorization: `Bearer ${token}` };
  const saved = await page.request.post('/api/client-packages/', {
    headers,
    data: {
      clientid,
      packageForm: JSON.stringify({ lessonData, packageFormData, groupedByWeek, storedTeacher }),
      bookingdata: { bookdata: [] },
      purches_status: 0,
      booked_classess: 0,
      total_classess: 12,
      remaining_classess: 12,
      completed_classess: 0,
    },
  });
  expect(saved.status()).toBe(201);
  const packageId = ((await saved.json()) as { data: { id: number } }).data.id;

  try {
    await page.reload();
    await page.getByRole('button', { name: 'Complete Your Pending Payment' }).click();

    await expect(page).toHaveURL(/\/book-class$/);
    await expect(page.getByRole('alert')).toContainText(/^Sun 6 Dec 2026 · 16:00 Dubai time .*Please choose another time\.$/);
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    const stored = await page.evaluate(() => Object.fromEntries(['packageFormData', 'lessonData', 'groupedByWeek', 'selectedTeacher', 'dashboard', 'showLock', 'bookingDraft'].map((key) => [key, localStorage.getItem(key)])));
    expect(JSON.parse(stored.packageFormData ?? 'null')).toEqual(packageFormData);
    expect(JSON.parse(stored.lessonData ?? 'null')).toEqual(lessonData);
    // The hour and its tutor went; the rest of the booking stays.
    expect(JSON.parse(stored.groupedByWeek ?? '{}')).toEqual({});
    expect(stored.selectedTeacher).toBeNull();
    expect([stored.dashboard, stored.showLock]).toEqual(['1', '1']);
    // The draft's own meta keeps the package's price as a number (read from the saved total) and the student's id.
    expect(JSON.parse(stored.bookingDraft ?? 'null')).toEqual({
      version: 2,
      entry: 'pendingPayment',
      clientPackageId: packageId,
      orderRef: null,
      price: samplePrice,
      partPrices: {},
      studentIds: { [sampleForm.name1]: adam.id },
    });
  } finally {
    await page.request.delete(`/api/client-packagesfree/${clientid}`, { headers });
  }
});
