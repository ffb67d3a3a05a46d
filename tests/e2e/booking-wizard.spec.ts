import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { dashboardSettled } from './support.ts';

// About what comes after the login: each test opens signed in as the demo client (tests/e2e/fixtures.ts).
test.use({ signedIn: true });

// The booking wizard against the reference server: the dashboard to /book-class with students, program,
// year, subjects, a package and lessons per week chosen (issue 9).

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);
const storedJson = async (page: Page, key: string): Promise<unknown> => JSON.parse((await stored(page, key)) ?? 'null');

async function openNewBooking(page: Page) {
  await page.goto('/dashboard');
  await dashboardSettled(page);
  await page.getByRole('link', { name: 'New Booking' }).click();
  await expect(page).toHaveURL(/\/new-booking$/);
  await expect(page.getByRole('group', { name: 'Number of students' })).toBeVisible();
}

const count = (page: Page, n: number) => page.getByRole('group', { name: 'Number of students' }).getByRole('radio', { name: String(n) });

/** One student, Adam Ahmed, Year 5, with `subjects`. */
async function fillOneStudent(page: Page, subjects: string[]) {
  await count(page, 1).check();
  await page.getByRole('combobox', { name: 'Student name' }).selectOption('Adam Ahmed');
  await page.getByRole('combobox', { name: 'Program' }).selectOption({ label: 'Primary' });
  await page.getByRole('combobox', { name: 'Year' }).selectOption('Year 5 / Grade 4');
  for (const subject of subjects) await page.getByRole('checkbox', { name: subject }).check();
}

test('three students: the warning shows and Next stays disabled', async ({ page }) => {
  await openNewBooking(page);
  await fillOneStudent(page, ['Mathematics']);
  await count(page, 3).check();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(/You cannot select more than 2 students for more details contact our customer support\./);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
  // Cancel closes the banner; Next stays disabled while three students are chosen.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/You cannot select more than 2 students/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
});

test('a refresh on /new-booking keeps what was entered', async ({ page }) => {
  await openNewBooking(page);
  await fillOneStudent(page, ['Mathematics', 'English']);
  await page.reload();
  await expect(count(page, 1)).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Student name' })).toHaveValue('Adam Ahmed');
  await expect(page.getByRole('combobox', { name: 'Program' })).toHaveValue('1');
  await expect(page.getByRole('combobox', { name: 'Year' })).toHaveValue('Year 5 / Grade 4');
  await expect(page.getByRole('checkbox', { name: 'Mathematics' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'English' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Science' })).not.toBeChecked();
});

test('the validation toasts say what is missing, in the spec’s words', async ({ page }) => {
  await openNewBooking(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('region', { name: 'Notifications Alt+T' }).getByText('Number of students is required')).toBeVisible();
  await count(page, 1).check();
  await page.getByRole('button', { name: 'Next' }).click();
  // Said in the toast and at the field it is about, which is marked invalid.
  await expect(page.getByRole('region', { name: 'Notifications Alt+T' }).getByText('Student Name is required')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Student name' })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('combobox', { name: 'Student name' })).toHaveAccessibleDescription(/Student Name is required/);
  // A new student needs a first and a last name.
  await page.getByRole('textbox', { name: /New student for Student name/ }).fill('Adam');
  await page.getByRole('button', { name: /Add new student for Student name/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications Alt+T' }).getByText('Please provide both first and last names for all new students.')).toBeVisible();
  await expect(page.getByRole('textbox', { name: /New student for Student name/ })).toHaveAccessibleDescription(/Please provide both first and last names for all new students\./);
  await expect(page).toHaveURL(/\/new-booking$/);
});

test('a corrupt packageFormData sends the client back to /new-booking with a clean form, not a blank page', async ({ page }) => {
  await openNewBooking(page);
  await fillOneStudent(page, ['Mathematics']);
  await page.evaluate(() => localStorage.setItem('packageFormData', '{"students": "two", "name1": ['));
  await page.goto('/manage-packages');
  await expect(page).toHaveURL(/\/new-booking$/);
  await expect(page.getByRole('group', { name: 'Number of students' })).toBeVisible();
  for (const n of [1, 2, 3]) await expect(count(page, n)).not.toBeChecked();
  expect(await stored(page, 'packageFormData')).toBeNull();
});

test('the back arrow clears the working keys and returns to /dashboard', async ({ page }) => {
  await openNewBooking(page);
  await fillOneStudent(page, ['Mathematics']);
  expect(await storedJson(page, 'packageFormData')).toMatchObject({ name1: 'Adam Ahmed' });
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  expect(await stored(page, 'packageFormData')).toBeNull();
  expect(await stored(page, 'token')).not.toBeNull();
  expect(await stored(page, 'userdata')).not.toBeNull();
});

/** Opens a package's card and chooses lessons per week for its subjects. */
async function choose(page: Page, name: string, counts: Record<string, string>) {
  const toggle = page.getByRole('button', { name, exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  for (const [subject, count] of Object.entries(counts)) await page.getByRole('combobox', { name: `${subject} lessons per week` }).selectOption(count);
}

test('one student with two subjects reaches /book-class, offered GOLD and PLATINUM only', async ({ page }) => {
  await openNewBooking(page);
  await fillOneStudent(page, ['Mathematics', 'English']);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/manage-packages$/);
  await expect(page.getByRole('button', { name: 'GOLD', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'PLATINUM', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'SILVER', exact: true })).toHaveCount(0);
  await expect(page.getByText(/^AED [\d,]+$/)).toHaveCount(2);

  await choose(page, 'GOLD', { Mathematics: '2', English: '1' });
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/book-class$/);
  expect(await storedJson(page, 'lessonData')).toMatchObject({ packageName: 'GOLD', studentName: { name1: 'Adam Ahmed' }, lessonCounts: { Mathematics: 2, English: 1 } });
  expect(await stored(page, 'totalLession')).toBe('3 lessons per week · 12 lessons');

  // The browser's back button asks first, like the header's arrow (issue 18), then returns to the packages,
  // with the choice restored.
  await page.goBack();
  const dialog = page.getByRole('alertdialog', { name: 'Go back?' });
  await expect(dialog.getByText('If you go back, your appointment data will be cleared.')).toBeVisible();
  await expect(page).toHaveURL(/\/book-class$/);
  await dialog.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/manage-packages$/);
  await expect(page.getByRole('combobox', { name: 'Mathematics lessons per week' })).toHaveValue('2');
  await expect(page.getByRole('combobox', { name: 'English lessons per week' })).toHaveValue('1');
});

test('an invalid lessons-per-week choice shows the banner for 3 s and stays on the packages', async ({ page }) => {
  await openNewBooking(page);
  await fillOneStudent(page, ['Mathematics', 'English']);
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'GOLD', { Mathematics: '3', English: '3' });
  await page.getByRole('button', { name: 'Select' }).click();
  const banner = page.getByRole('main').getByRole('alert');
  await expect(banner).toHaveText('You cannot select more than 2 lessons per week with this package. A maximum of 2 lessons is allowed in total per week — 1 lesson per subject.');
  const shownAt = Date.now();
  await expect(banner).toHaveCount(0, { timeout: 6000 });
  expect(Date.now() - shownAt).toBeGreaterThan(2000);
  await expect(page).toHaveURL(/\/manage-packages$/);
  expect(await stored(page, 'lessonData')).toBeNull();
});

test('a refresh on /manage-packages keeps the form and the package chosen', async ({ page }) => {
  await openNewBooking(page);
  await fillOneStudent(page, ['Mathematics']);
  await page.getByRole('button', { name: 'Next' }).click();
  await choose(page, 'SILVER', { Mathematics: '2' });
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/book-class$/);
  await page.goto('/manage-packages');
  await page.reload();
  await expect(page.getByText('Adam Ahmed · Year 5 / Grade 4 · Mathematics')).toBeVisible();
  await expect(page.getByRole('button', { name: 'SILVER', exact: true })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('combobox', { name: 'Mathematics lessons per week' })).toHaveValue('2');
  // Back goes to the form, as it was.
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/new-booking$/);
  await expect(page.getByRole('combobox', { name: 'Student name' })).toHaveValue('Adam Ahmed');
});

test('two students studying individually: Student 1 chosen reaches /book-class, and Student 2 is stored as next', async ({ page }) => {
  await openNewBooking(page);
  await count(page, 2).check();
  await page.getByRole('dialog', { name: 'How will the students study?' }).getByRole('button', { name: /Individually/ }).click();
  const student = (n: 1 | 2) => page.getByRole('region', { name: `Student ${n}` });
  await student(1).getByRole('combobox', { name: 'Student 1 Name' }).selectOption('Adam Ahmed');
  await expect(student(2).getByRole('combobox', { name: 'Student 2 Name' }).getByRole('option', { name: 'Adam Ahmed' })).toHaveCount(0);
  await student(2).getByRole('combobox', { name: 'Student 2 Name' }).selectOption('Lina Ahmed');
  for (const [n, program, year, subject] of [[1, 'Primary', 'Year 5 / Grade 4', 'Mathematics'], [2, 'Senior', 'Year 10 / Grade 9', 'Physics']] as const) {
    await student(n).getByRole('combobox', { name: `Student ${n} Program` }).selectOption({ label: program });
    await student(n).getByRole('combobox', { name: `Student ${n} Year` }).selectOption(year);
    await student(n).getByRole('checkbox', { name: subject }).check();
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('dialog', { name: 'Which student do you want to book first?' }).getByRole('button', { name: /Student 1/ }).click();
  await expect(page).toHaveURL(/\/manage-packages$/);
  expect([await stored(page, 'studentType'), await stored(page, 'hidebutton')]).toEqual(['1', '1']);
  await expect(page.getByText(/^Adam Ahmed · Year 5 \/ Grade 4 · Mathematics/)).toBeVisible();

  await choose(page, 'SILVER', { Mathematics: '1' });
  await page.getByRole('button', { name: 'Select' }).click();
  await expect(page).toHaveURL(/\/book-class$/);
  expect(await storedJson(page, 'lessonData')).toMatchObject({ studentName: { name1: 'Adam Ahmed' }, lessonCounts: { 'Adam Ahmed': { Mathematics: 1 } } });
  // The split says who is next: Student 1 is being booked, Student 2 is still to come.
  expect([await stored(page, 'studentType'), await stored(page, 'hidebutton')]).toEqual(['1', '1']);
  expect(await storedJson(page, 'packageFormData')).toMatchObject({ studyType: 'no', student2: { name: 'Lina Ahmed', program: 'Year 10 / Grade 9', subject: ['Physics'] } });
});

test("renewal of the demo's paid package asks the confirmation and reaches /book-class with fromRenew", async ({ page }) => {
  await page.goto('/dashboard');
  await dashboardSettled(page);
  await page.getByRole('link', { name: 'Renew/change Package' }).click();
  await expect(page).toHaveURL(/\/renew-change-packages$/);
  // The newest paid package is renewed: the seeded one, or one another test bought (each has classes left).
  await expect(page.getByText(/^[A-Z][a-z]+ Ahmed · Year \d+ \/ Grade \d+ · /)).toBeVisible();
  await page.getByRole('button', { name: 'GOLD', exact: true }).click();
  for (const select of await page.getByRole('combobox', { name: /lessons per week$/ }).all()) await select.selectOption('1');
  await page.getByRole('button', { name: 'Select' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Are You Sure You Want to Renew Your Package?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/renew-change-packages$/);
  await page.getByRole('button', { name: 'Select' }).click();
  await confirm.getByRole('button', { name: 'Yes, renew' }).click();
  await expect(page).toHaveURL(/\/book-class$/);
  expect(await stored(page, 'fromRenew')).toBe('1');
  expect(await storedJson(page, 'lessonData')).toMatchObject({ packageName: 'GOLD' });
});

test('remaining classes: the paid package lists its classes and leads to /remaining-package at the renewal price', async ({ page }) => {
  await page.goto('/dashboard');
  await page.goto('/remaining-classes');
  // Newest first: the seeded package (6 of 12 left) is the last; other tests may have bought more.
  await expect(page.getByRole('heading', { name: 'GOLD' }).last()).toBeVisible();
  await page.getByRole('button', { name: 'Book remaining classes' }).last().click();
  await expect(page).toHaveURL(/\/remaining-package$/);
  await expect(page.getByText('AED 60', { exact: true }).first()).toBeVisible();
  await expect(page.getByText(/^AED (?!60$)/)).toHaveCount(0);
});
