import { expect, test } from '@playwright/test';
import { logIn } from './support.ts';

// The dashboard's pending-payment card, against the reference server: an unpaid package the client saved
// before paying opens the booking summary with its booking as the draft.

const lessonData = {
  packageNames: { id: 3, name: 'GOLD', subjects: ['Mathematics'], lessons: 12, description: '<p>12 classes</p>', total: 'AED 684.00', duration_days: 45 },
  packageName: 'GOLD',
  studentName: { name1: 'Adam Ahmed' },
  lessonCounts: { Mathematics: 2 },
};
const packageFormData = { students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics'], studyType: null };
const slot = { key: 'Mathematics-2026-12-06-16:00', subject: 'Mathematics', date: '2026-12-06', time: '16:00', tutorId: 1, tutorPrice: 120, apt_id: 1, weekIndex: 0, name: 'Amira Haddad' };
const groupedByWeek = { '1st Week': [slot] };
const storedTeacher = [{ id: 1, name: 'Amira Haddad', subject: 'Mathematics' }];

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
    expect(JSON.parse(stored.lessonData ?? 'null')).toMatchObject(lessonData);
    expect(JSON.parse(stored.groupedByWeek ?? 'null')).toEqual(groupedByWeek);
    expect(JSON.parse(stored.selectedTeacher ?? 'null')).toEqual(storedTeacher);
    expect([stored.dashboard, stored.showLock]).toEqual(['1', '1']);
    expect(JSON.parse(stored.bookingDraft ?? 'null')).toEqual({ version: 1, entry: 'pendingPayment', clientPackageId: packageId });
  } finally {
    await page.request.delete(`/api/client-packagesfree/${clientid}`, { headers });
  }
});
