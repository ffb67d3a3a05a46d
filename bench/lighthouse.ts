/**
 * `npm run lighthouse` (with `npm start` running, PORTAL_URL): Lighthouse mobile (its default simulated throttling)
 * side by side with a bare React app (bench/bare-react/), in one run. Every route is measured LIGHTHOUSE_RUNS times
 * (default 3), each run right after one of the bare app, and the medians are compared: on the booking routes the
 * LCP must be at most 1.05× the bare app's (the median of the runs taken just before the route's) and the TBT under
 * 100 ms.
 *
 * Two visits are measured (LIGHTHOUSE_CACHE, default `warm,cold`), the bare app's as the portal's:
 * - warm, a returning visit: the page was loaded once before, so the browser holds its files (the portal sends its
 *   hashed files to be kept a year). A booking screen is only reached signed in, after the portal has loaded at
 *   least once, so this is the visit the targets are checked on (and the one the figures of issue 30 were taken on:
 *   the tool then kept the cache between runs);
 * - cold, a first visit: the cache emptied before the load. Reported beside, not held to the targets.
 *
 * /, /login and the signed-in screens are measured; the signed-in ones logged in as the demo client: the token is
 * put in localStorage first and Lighthouse is told not to reset storage. A booking step gets the draft its step
 * before leaves, in the keys and the version the portal's draft codec reads now (src/booking/booking-draft-storage.ts).
 * A route that ends anywhere but itself, or shows no more than its loading or load-error state, fails the run:
 * a redirect measured as the route would flatter it.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Page } from 'puppeteer-core';
import { demoLogin } from '../server/seed/seed.ts';
import { goldDraft, sampleForm, sampleLessons, samplePrice, sampleSlots, sampleTutors } from '../tests/support/draft-fixtures.ts';
import { serveBareReact } from './bare-react/serve-bare-react.ts';
import { type Target, atMost, reportTargets, under } from './targets.ts';

const base = (process.env.PORTAL_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`LIGHTHOUSE_RUNS must be a whole number of runs, got ${process.env.LIGHTHOUSE_RUNS}`);
const visits = ['warm', 'cold'] as const;
type Visit = (typeof visits)[number];
const visitsMeasured = (process.env.LIGHTHOUSE_CACHE ?? 'warm,cold').split(',').map((visit) => visit.trim());
for (const visit of visitsMeasured) {
  if (!(visits as readonly string[]).includes(visit)) throw new Error(`LIGHTHOUSE_CACHE lists warm and/or cold, got ${JSON.stringify(visit)}`);
}
const measuredVisits = visits.filter((visit) => visitsMeasured.includes(visit));
/** The visit the targets are checked on. */
const targetVisit: Visit = 'warm';
const lcpRatioLimit = 1.05;
const tbtLimitMs = 100;

/** Each route with the h1 its screen shows (null: the landing page's tagline, not checked). */
const routes: Record<string, string | null> = {
  '/': null,
  '/login': 'Login',
  '/dashboard': 'Dashboard',
  '/new-booking': 'New Booking',
  '/manage-packages': 'Packages',
  '/book-class': 'Book Classes',
  '/checkout': 'Checkout',
  '/manage-booking': 'Manage Booking',
  '/rescheduling': 'Rescheduling',
};
const bookingRoutes = new Set(['/new-booking', '/manage-packages', '/book-class', '/checkout', '/manage-booking', '/rescheduling']);
const signedIn = new Set(['/dashboard', ...bookingRoutes]);
const bareTitle = 'Vite + React';

type Draft = ReturnType<typeof goldDraft>;
// One student, Year 5 (Adam Ahmed): the packages step gets the form New Booking's Next leaves (Mathematics and
// English); the slots step GOLD with Mathematics twice a week; checkout that and one slot with its tutor.
const atPackages: Draft = { ...goldDraft(), lessons: null, price: null, totalLessonsLabel: null };
const atSlots: Draft = { ...goldDraft(), form: sampleForm, lessons: sampleLessons, price: samplePrice, totalLessonsLabel: '2 lessons per week · 12 lessons' };
const drafts: Record<string, Draft> = { '/manage-packages': atPackages, '/book-class': atSlots, '/checkout': { ...atSlots, slots: sampleSlots, tutors: sampleTutors } };

/**
 * The working keys the portal's codec (writeDraft) stores for `draft`, as far as these drafts go, with the
 * students' ids as the students step records them: by name, from the signed-in client's students.
 */
function storedDraft(draft: Draft, students: readonly Student[]): Record<string, string> {
  const studentIds = Object.fromEntries(students.map((student) => [`${student.first_name} ${student.last_name}`.trim(), student.id]));
  const meta = { version: draft.version, entry: draft.entry, clientPackageId: draft.clientPackageId, orderRef: draft.orderRef, price: draft.price, partPrices: {}, studentIds };
  const keys: Record<string, unknown> = { packageFormData: draft.form, lessonData: draft.lessons, groupedByWeek: draft.slots, selectedTeacher: draft.tutors.length > 0 ? draft.tutors : null };
  return {
    bookingDraft: JSON.stringify(meta),
    ...Object.fromEntries(Object.entries(keys).flatMap(([key, value]) => (value === null ? [] : [[key, JSON.stringify(value)]]))),
    ...(draft.totalLessonsLabel === null ? {} : { totalLession: draft.totalLessonsLabel }),
  };
}

interface Student {
  id: number;
  first_name: string;
  last_name: string;
}
interface Session {
  token: string;
  user: { branch_id: number; studentdetails: Student[] };
}

async function session(): Promise<Session> {
  const answer = await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(demoLogin) });
  if (!answer.ok) throw new Error(`login failed: ${answer.status}`);
  return (await answer.json()) as Session;
}

interface Figures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  tbtMs: number;
}

/** Leaves the page on `origin` with the storage `route` opens with: the session and its draft, or none. */
async function prepareStorage(page: Page, route: string): Promise<void> {
  await page.goto(`${base}/`);
  const stored: Record<string, string> = {};
  if (signedIn.has(route)) {
    const { token, user } = await session();
    Object.assign(stored, { token, userdata: JSON.stringify(user), BranchId: String(user.branch_id) });
    const draft = drafts[route];
    if (draft) Object.assign(stored, storedDraft(draft, user.studentdetails));
  }
  await page.evaluate((entries) => {
    localStorage.clear();
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
  }, stored);
}

/**
 * Fails unless the load left the screen titled `title` (its h1), neither still loading (a labelled spinner) nor
 * showing a load error once its reads have had time to answer.
 */
async function checkShown(page: Page, label: string, title: string | null): Promise<void> {
  if (title === null) return;
  try {
    await page.waitForFunction(
      (expected) => {
        const main = document.querySelector('main');
        const shown = main?.querySelector('h1')?.textContent?.trim() === expected;
        const loading = main?.querySelector('[role="status"][aria-label]') !== null;
        return shown && !loading;
      },
      { timeout: 15_000 },
      title,
    );
  } catch {
    const seen = await page.evaluate(() => document.querySelector('main')?.innerText.slice(0, 200) ?? document.body.innerText.slice(0, 200));
    throw new Error(`${label} did not show its screen "${title}" (still loading, or another one); it shows: ${JSON.stringify(seen)}`);
  }
  const loadError = await page.evaluate(() => [...document.querySelectorAll('main button')].some((button) => button.textContent?.trim() === 'Retry'));
  if (loadError) throw new Error(`${label} shows a load error`);
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
const medians = (all: readonly Figures[]): Figures => ({
  performance: median(all.map((f) => f.performance)),
  accessibility: median(all.map((f) => f.accessibility)),
  lcpMs: median(all.map((f) => f.lcpMs)),
  tbtMs: median(all.map((f) => f.tbtMs)),
});
const rounded = (figures: Figures): Figures => ({ ...figures, lcpMs: Math.round(figures.lcpMs), tbtMs: Math.round(figures.tbtMs) });

const bare = await serveBareReact();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
});

/** Each visit's runs of each route, and of the bare app just before each route's. */
const measured: Record<Visit, Record<string, Figures[]>> = { warm: {}, cold: {} };
const bareBefore: Record<Visit, Record<string, Figures[]>> = { warm: {}, cold: {} };
try {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

  /**
   * One Lighthouse run of `url` in `page` as `visit`: warm after a load of the page that filled the cache, cold
   * from an empty one; `prepare` leaves the page with the storage the load needs (after the warming load too,
   * which may have changed it). Fails when the page ended anywhere but `url`.
   */
  const measure = async (page: Page, url: string, label: string, title: string | null, visit: Visit, prepare: () => Promise<void>): Promise<Figures> => {
    await prepare();
    const cdp = await page.createCDPSession();
    // Storage is kept (disableStorageReset), and with it Lighthouse keeps the cache, which is emptied or filled here.
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    if (visit === 'warm') {
      await page.goto(url, { waitUntil: 'networkidle0' });
      await checkShown(page, `${label} (warming load)`, title);
      await prepare();
    }
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true }, undefined, page);
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${label}`);
    if (lhr.runtimeError) throw new Error(`${label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    // A server redirect shows in the main document's URL, one in the app in the URL the page ended at.
    for (const [what, seen] of [
      ['its document came from', lhr.mainDocumentUrl],
      ['it ended at', lhr.finalDisplayedUrl],
    ] as const) {
      if (seen !== url) throw new Error(`${label} was asked for ${url} but ${what} ${seen}`);
    }
    await checkShown(page, label, title);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
      tbtMs: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    };
  };

  for (let run = 1; run <= runs; run += 1) {
    for (const [route, title] of Object.entries(routes)) {
      for (const visit of measuredVisits) {
        const barePage = await browser.newPage();
        (bareBefore[visit][route] ??= []).push(await measure(barePage, bare.url, 'the bare React app', bareTitle, visit, async () => {}));
        await barePage.close();
        const page = await browser.newPage();
        (measured[visit][route] ??= []).push(await measure(page, `${base}${route}`, route, title, visit, () => prepareStorage(page, route)));
        await page.close();
      }
      console.log(`run ${run}/${runs}: ${route} measured (${measuredVisits.join(', ')})`);
    }
  }
  await browser.disconnect();
} finally {
  chrome.kill();
  await bare.close();
}

const targets: Target[] = [];
for (const visit of measuredVisits) {
  const rows: Record<string, Figures & { lcpRatio: string }> = { 'bare React app': { ...rounded(medians(Object.values(bareBefore[visit]).flat())), lcpRatio: '1.00' } };
  for (const [route, all] of Object.entries(measured[visit])) {
    const row = medians(all);
    const bareLcpMs = median((bareBefore[visit][route] ?? []).map((f) => f.lcpMs));
    const ratio = row.lcpMs / bareLcpMs;
    rows[route] = { ...rounded(row), lcpRatio: ratio.toFixed(2) };
    if (visit === targetVisit && bookingRoutes.has(route)) {
      // atMost on the LCPs themselves: its line names both figures in ms (the bare app's × 1.05 as the target).
      targets.push(atMost(`${route} LCP (${ratio.toFixed(3)}× the bare app's)`, row.lcpMs, bareLcpMs * lcpRatioLimit));
      targets.push(under(`${route} TBT`, row.tbtMs, tbtLimitMs));
    }
  }
  const what = visit === 'warm' ? 'a returning visit, the files in the browser cache; the targets are checked on this one' : 'a first visit, from an empty cache; reported, not held to the targets';
  console.log(`Lighthouse ${base} beside the bare React app, ${visit} (${what}; mobile, simulated throttling; medians of ${runs} run${runs === 1 ? '' : 's'} each; lcpRatio: LCP ÷ the bare app's LCP in the runs just before)`);
  console.table(rows);
}
if (measuredVisits.includes(targetVisit)) reportTargets(targets);
else console.log(`No targets checked: they are checked on the ${targetVisit} visit, which LIGHTHOUSE_CACHE left out.`);
