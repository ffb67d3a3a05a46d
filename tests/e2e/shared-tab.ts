import type { Page } from '@playwright/test';
import { demoState, test } from './fixtures.ts';

/**
 * One tab for a group of routes loaded one after another (a new context per route compiled the app's scripts again
 * for each, most of the route checks' browser time), opened as the project's contexts are (390 × 844, reduced
 * motion). Before each load its storage is what a fresh browser would hold, signed in as the demo client or not,
 * with `stored` added (a booking step's draft): it is set on the API's health answer, a page of the app's origin
 * where none of the app runs, so no route's left-overs reach the next.
 */
export function sharedTab(signedIn: boolean): (stored?: Record<string, string>) => Promise<Page> {
  let page: Page | undefined;
  let kept: Record<string, string> = {};
  test.beforeAll(async ({ browser, baseURL, viewport, reducedMotion }) => {
    if (!baseURL) throw new Error('no baseURL');
    if (signedIn) kept = Object.fromEntries((await demoState(browser, baseURL)).origins.flatMap((origin) => origin.localStorage.map(({ name, value }) => [name, value])));
    page = await (await browser.newContext({ baseURL, viewport, reducedMotion, storageState: { cookies: [], origins: [] } })).newPage();
  });
  test.afterAll(async () => {
    await page?.context().close();
  });
  return async (stored = {}) => {
    if (!page) throw new Error('the tab was not opened');
    await page.goto('/api/health');
    await page.evaluate(
      (items) => {
        localStorage.clear();
        for (const [name, value] of Object.entries(items)) localStorage.setItem(name, value);
      },
      { ...kept, ...stored },
    );
    return page;
  };
}
