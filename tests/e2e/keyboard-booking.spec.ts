import { expect, test } from './fixtures.ts';
import { focusedName, press, tabTo, typeInto } from './keyboard-support.ts';
import { latestMail, uniqueEmail } from './support.ts';

// A parent who uses no pointer: from the quote form's account to a paid GOLD package, with Tab, Shift+Tab, the
// arrow keys, Enter, Space and Escape only (every control reached by Tab, never focused by the test). On the
// short-hold server, whose demo client and first hours the main server's tests do not use.

test.use({ server: 'shortHold' });

const hourPattern = /^\w{3} \d{1,2} \w{3} \d{4} · \d\d:\d\d Dubai time, (free|selected|taken by .+)$/;

test('a package is booked and paid with the keyboard alone', async ({ page }) => {
  test.setTimeout(180_000);

  // The account the quote form opens (its mail carries the password), typed into the login form.
  const email = uniqueEmail('keys');
  await page.goto('/student-form');
  await typeInto(page, page.getByLabel('First name'), 'Huda');
  await typeInto(page, page.getByLabel('Last name'), 'Karam');
  await tabTo(page, page.getByLabel('Number of students'));
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Number of students')).toHaveValue('1');
  await typeInto(page, page.getByLabel('Email'), email);
  await typeInto(page, page.getByLabel('Phone'), '+971 50 222 3344');
  await press(page, page.getByLabel('I agree to the terms and conditions'), 'Space');
  await expect(page.getByLabel('I agree to the terms and conditions')).toBeChecked();
  await press(page, page.getByRole('button', { name: 'Submit' }));
  await expect(page.getByRole('dialog', { name: 'Thank you' })).toBeVisible();
  const password = /Password: (\S+)/.exec((await latestMail(page, email, /booking link/i)).body)?.[1] ?? '';

  await page.goto('/login');
  await typeInto(page, page.getByPlaceholder('Your registered email'), email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/dashboard$/);

  // New Booking: one new student, Primary, Year 5, Mathematics.
  await press(page, page.getByRole('link', { name: 'New Booking' }));
  await expect(page).toHaveURL(/\/new-booking$/);
  await press(page, page.getByRole('group', { name: 'Number of students' }).getByRole('radio', { name: '1' }), 'Space');
  await expect(page.getByRole('group', { name: 'Number of students' }).getByRole('radio', { name: '1' })).toBeChecked();
  await typeInto(page, page.getByRole('textbox', { name: 'New student for Student name: first and last name' }), 'Omar Karam');
  await press(page, page.getByRole('button', { name: 'Add new student for Student name' }));
  await tabTo(page, page.getByRole('combobox', { name: 'Program' }));
  await page.keyboard.type('Primary');
  await expect(page.getByRole('combobox', { name: 'Program' }).locator('option:checked')).toHaveText('Primary');
  await tabTo(page, page.getByRole('combobox', { name: 'Year' }));
  await page.keyboard.type('Year 5');
  await expect(page.getByRole('combobox', { name: 'Year' }).locator('option:checked')).toHaveText('Year 5 / Grade 4');
  await press(page, page.getByRole('checkbox', { name: 'Mathematics' }), 'Space');
  await expect(page.getByRole('checkbox', { name: 'Mathematics' })).toBeChecked();
  await press(page, page.getByRole('button', { name: 'Next' }));

  // GOLD, once a week.
  await press(page, page.getByRole('button', { name: 'GOLD', exact: true }));
  await tabTo(page, page.getByRole('combobox', { name: 'Mathematics lessons per week' }));
  await page.keyboard.type('1');
  await expect(page.getByRole('combobox', { name: 'Mathematics lessons per week' })).toHaveValue('1');
  await press(page, page.getByRole('button', { name: 'Select', exact: true }));
  await expect(page).toHaveURL(/\/book-class$/);

  // The grid is one Tab stop; the arrows move between hours, each named with its day, time, zone and state.
  const grid = page.getByRole('grid', { name: 'Hours of the week' });
  await expect(grid.getByRole('button').first()).toBeVisible();
  await tabTo(page, grid);
  const first = await focusedName(page);
  expect(first).toMatch(hourPattern);
  await page.keyboard.press('Tab');
  expect(await grid.evaluate((element) => element.contains(document.activeElement))).toBe(false);
  await page.keyboard.press('Shift+Tab');
  expect(await focusedName(page)).toBe(first);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  const chosen = await focusedName(page);
  expect(chosen).toMatch(hourPattern);

  // Enter opens Available Tutors; Escape closes it and the hour has the focus again.
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Available Tutors' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await focusedName(page)).toBe(chosen);

  // Enter again, Tab to the first tutor's Select, Enter: the hour is chosen.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await press(page, dialog.getByRole('button', { name: /^Select / }).first());
  await expect(dialog).toBeHidden();
  await expect(grid.getByRole('button', { name: chosen.replace(/, free$/, ', selected') })).toBeFocused();

  await press(page, page.getByRole('button', { name: 'Book Now' }));
  await expect(page).toHaveURL(/\/booking-summary$/);
  await press(page, page.getByRole('button', { name: 'Confirm Booking' }));
  await expect(page).toHaveURL(/\/checkout$/);
  await press(page, page.getByRole('button', { name: 'Pay Now' }));
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await press(page, page.getByRole('button', { name: 'Pay', exact: true }));
  await expect(page.getByText('Successful!')).toBeVisible({ timeout: 40_000 });
});
