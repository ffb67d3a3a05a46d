import { expect, test } from './fixtures.ts';
import { demo, expiredToken, logIn } from './support.ts';

test('landing → Get Started → login → dashboard with the scheduled-class count and the side menu', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Discover your next skill');
  await expect(page.getByText('Learn and grow')).toBeVisible();
  await page.getByRole('link', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

  await page.getByPlaceholder('Your registered email').fill(demo.email);
  await page.getByLabel('Password', { exact: true }).fill(demo.password);
  await page.getByRole('button', { name: 'Login' }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Login successful!')).toBeVisible();
  await expect(page.getByText('Welcome to Your Dashboard!')).toBeVisible();
  // The count is the server's: the demo client's lessons for its students (other tests book more of them).
  const { token, user } = await page.evaluate(() => ({ token: localStorage.getItem('token'), user: JSON.parse(localStorage.getItem('userdata') ?? '{}') as { studentdetails: { id: number }[]; branch_id: number } }));
  const listed = await page.request.get(`/api/appointmentstwo/${user.studentdetails.map((s) => s.id).join(',')}?branch_id=${user.branch_id}`, { headers: { authorization: `Bearer ${token}` } });
  const lessons = ((await listed.json()) as { data: { status: string }[] }).data;
  const count = lessons.length;
  const past = lessons.filter((lesson) => lesson.status === 'completed' || lesson.status === 'cancelled').length;
  expect(count).toBeGreaterThanOrEqual(6);
  // The demo client has completed and cancelled lessons: the count says how many are still to come.
  expect(past).toBeGreaterThan(0);
  await expect(page.getByRole('link', { name: /Manage Booking/ })).toContainText(String(count));
  await expect(page.getByText(`${count} scheduled classes`)).toBeAttached();
  await expect(page.getByRole('link', { name: /Manage Booking/ })).toContainText(`${count - past} current, ${past} past`);

  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  await expect(menu.getByText('Sarah Ahmed')).toBeVisible();
  // The dashboard's words, and every destination (New Booking and CR Tutors too).
  for (const item of ['Home', 'Transaction History', 'New Booking', 'Manage Booking', 'Rescheduling', 'Renew/change Package', 'CR Tutors', 'My Profile']) {
    await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('button', { name: 'Logout' })).toBeVisible();
});

test('a wrong password shows the server message once, inline, with the spec’s toast, and stays on /login', async ({ page }) => {
  await logIn(page, 'nobody-here@example.com', 'not-the-password');
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toHaveCount(1);
  await expect(page.getByText('Invalid email or password')).toHaveCount(1);
  await expect(page.locator('.Toastify').getByText('Login failed')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a token-required route without a token goes to /login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
});

test('/login with a live token goes to /dashboard', async ({ page }) => {
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/login');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/forgot-password');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('an expired stored token is cleared with "Session expired. Please login again." and /login', async ({ page }) => {
  await page.goto('/');
  await page.evaluate((token) => {
    localStorage.setItem('token', token);
    localStorage.setItem('userdata', JSON.stringify({ firstname: 'Sarah', lastname: 'Ahmed', clientid: 1, branch_id: 1, email: 'parent@example.com', branch_time_zone: 'Asia/Dubai', studentdetails: [] }));
    localStorage.setItem('BranchId', '1');
  }, expiredToken());
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Session expired. Please login again.')).toBeVisible();
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('userdata'), localStorage.getItem('BranchId')])).toEqual([null, null, null]);
});

test('logout clears all storage and goes to /login; the dashboard is then out of reach', async ({ page }) => {
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.evaluate(() => localStorage.setItem('lessonData', '{"packageName":"GOLD"}'));
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.length)).toBe(0);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test('Alt+T moves focus into the notifications, at the top right', async ({ page }) => {
  await logIn(page);
  const toast = page.getByText('Login successful!');
  await expect(toast).toBeVisible();
  const region = page.getByRole('region', { name: 'Notifications Alt+T' });
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport && box.y < viewport.height / 3).toBe(true);
  await page.keyboard.press('Alt+t');
  // react-toastify focuses the newest toast inside the labelled region.
  await expect.poll(() => region.evaluate((node) => node.contains(document.activeElement) && document.activeElement !== document.body)).toBe(true);
});

test.describe('a reader who has not asked for reduced motion', () => {
  // The other e2e files run with reduced motion (playwright.config.ts); this is the motion most readers see.
  test.use({ reducedMotion: 'no-preference' });

  test('sees a toast with its moving bar, for its 2 s', async ({ page }) => {
    await logIn(page);
    const toast = page.getByText('Login successful!');
    await expect(toast).toBeVisible();
    await expect(page.locator('.Toastify__progress-bar')).toBeVisible();
    await page.waitForTimeout(1000);
    await expect(toast).toBeVisible();
    await expect(toast).toBeHidden({ timeout: 5000 });
  });
});

test.describe('a reader who asks for reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('still gets time to read a toast: it stays its 2 s, without the moving bar', async ({ page }) => {
    await logIn(page);
    const toast = page.getByText('Login successful!');
    await expect(toast).toBeVisible();
    // react-toastify closes a toast when its progress bar's animation ends: cut to nothing, it closed at once.
    await page.waitForTimeout(1000);
    await expect(toast).toBeVisible();
    await expect(page.locator('.Toastify__progress-bar')).toBeHidden();
    await expect(toast).toBeHidden({ timeout: 5000 });
  });
});

test('the first load of a signed-in screen draws its header and title at once, where the screen keeps them', async ({ page }) => {
  await logIn(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  // The layout's code is held back (routing also keeps the browser's cache out of the way): meanwhile the frame shows.
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/app-layout-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/manage-booking');
  const title = page.getByRole('banner').getByText('Manage Booking', { exact: true });
  await expect(title).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveCount(0);
  const framed = await title.boundingBox();
  release();
  await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  // Nothing moved: the frame kept the room of the menu and back buttons.
  expect(await title.boundingBox()).toEqual(framed);
});
