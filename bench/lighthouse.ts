/**
 * `npm run lighthouse` (with `npm start` running): Lighthouse mobile performance and accessibility
 * scores of /, /login and the signed-in screens. Those are measured logged in as the demo client: the
 * token is put in localStorage first and Lighthouse is told not to reset storage. /manage-packages also
 * gets a booking draft (one student, Year 5, Mathematics and English), as /new-booking's Next leaves it;
 * /book-class and /checkout get the drafts their step before leaves (the keys of tests/e2e/bundle-budget.spec.ts).
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { sampleForm, sampleLessons, sampleSlots, sampleTutors } from '../tests/support/draft-fixtures.ts';

const base = process.env.PORTAL_URL ?? 'http://localhost:3000';
const routes = ['/', '/login', '/dashboard', '/new-booking', '/manage-packages', '/book-class', '/checkout', '/manage-booking', '/rescheduling'];
const signedIn = new Set(['/dashboard', '/new-booking', '/manage-packages', '/book-class', '/checkout', '/manage-booking', '/rescheduling']);
// A booking step opens with the draft the step before it leaves (without one it sends the client back).
const withLessons = {
  bookingDraft: JSON.stringify({ version: 1, entry: 'new', clientPackageId: null }),
  packageFormData: JSON.stringify(sampleForm),
  lessonData: JSON.stringify(sampleLessons),
  totalLession: '2 lessons per week · 12 lessons',
};
const drafts: Record<string, Record<string, string>> = {
  '/book-class': withLessons,
  '/checkout': { ...withLessons, groupedByWeek: JSON.stringify(sampleSlots), selectedTeacher: JSON.stringify(sampleTutors) },
  '/manage-packages': {
    bookingDraft: JSON.stringify({ version: 1, entry: 'new', clientPackageId: null }),
    packageFormData: JSON.stringify({ students: 1, name1: 'Adam Ahmed', name2: '', programOne: 1, program: 'Year 5 / Grade 4', subject: ['Mathematics', 'English'], studyType: null }),
  },
};

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

async function session(): Promise<{ token: string; user: { branch_id: number } }> {
  const answer = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'parent@example.com', password: 'Passw0rd!' }),
  });
  if (!answer.ok) throw new Error(`login failed: ${answer.status}`);
  return (await answer.json()) as { token: string; user: { branch_id: number } };
}

const rows: Record<string, { performance: number; accessibility: number; lcpMs: number; tbtMs: number }> = {};
try {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  for (const route of routes) {
    const page = await browser.newPage();
    await page.goto(`${base}/`);
    if (signedIn.has(route)) {
      const { token, user } = await session();
      await page.evaluate(
        (t, u, draft) => {
          localStorage.clear();
          localStorage.setItem('token', t);
          localStorage.setItem('userdata', u);
          localStorage.setItem('BranchId', String(JSON.parse(u).branch_id));
          for (const [key, value] of Object.entries(draft)) localStorage.setItem(key, value);
        },
        token,
        JSON.stringify(user),
        drafts[route] ?? {},
      );
    } else {
      await page.evaluate(() => localStorage.clear());
    }
    const result = await lighthouse(`${base}${route}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true }, undefined, page);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${route}`);
    if (lhr.finalDisplayedUrl && !lhr.finalDisplayedUrl.endsWith(route)) throw new Error(`${route} ended at ${lhr.finalDisplayedUrl}`);
    rows[route] = {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbtMs: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
    };
    await page.close();
  }
  await browser.disconnect();
} finally {
  chrome.kill();
}
console.log(`Lighthouse ${base} (mobile, simulated throttling)`);
console.table(rows);
