import { expect, test } from '@playwright/test';
import { logIn } from './support.ts';
import { sampleForm, sampleLessons, sampleSlots, sampleTutors } from '../support/draft-fixtures.ts';

// The dashboard's pending-payment card, against the reference server: an unpaid package the client saved
// before paying opens the booking summary with its booking as the draft.

const [lessonData, packageFormData, groupedByWeek, storedTeacher] = [sampleLessons, sampleForm, sampleSlots, sampleTutors];

test('the pending-payment card opens /booking-summary with the unpaid package as the draft', async ({ page }) => {
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  const { token, clientid } = await page.evaluate(() => ({ token: localStorage.getItem('token'), clientid: JSON.parse(localStorage.getItem('userdata') ?? '{}').clientid as number }));
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

    await expect(page).toHaveURL(/\/booking-summary$/);
    const stored = await page.evaluate(() => Object.fromEntries(['packageFormData', 'lessonData', 'groupedByWeek', 'selectedTeacher', 'dashboard', 'showLock', 'bookingDraft'].map((key) => [key, localStorage.getItem(key)])));
    expect(JSON.parse(stored.packageFormData ?? 'null')).toEqual(packageFormData);
    expect(JSON.parse(stored.lessonData ?? 'null')).toEqual(lessonData);
    expect(JSON.parse(stored.groupedByWeek ?? 'null')).toEqual(groupedByWeek);
    expect(JSON.parse(stored.selectedTeacher ?? 'null')).toEqual(storedTeacher);
    expect([stored.dashboard, stored.showLock]).toEqual(['1', '1']);
    expect(JSON.parse(stored.bookingDraft ?? 'null')).toEqual({ version: 2, entry: 'pendingPayment', clientPackageId: packageId, orderRef: null });
  } finally {
    await page.request.delete(`/api/client-packagesfree/${clientid}`, { headers });
  }
});
