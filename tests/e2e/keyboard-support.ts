import { type Locator, type Page, expect } from '@playwright/test';

const isFocused = (target: Locator) => target.evaluate((element) => element === document.activeElement || element.contains(document.activeElement)).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, as a keyboard user would, and fails when it is
 * not reached within `limit` presses: the target is then not in the tab order. Returns the presses it took.
 */
export async function tabTo(page: Page, target: Locator, { limit = 60, backwards = false } = {}): Promise<number> {
  for (let presses = 0; presses <= limit; presses++) {
    if (await isFocused(target)) {
      await expect(target).toBeInViewport();
      return presses;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with ${limit} presses of Tab`);
}

/** Tabs to a control and activates it with a key (Enter for buttons and links, Space for checkboxes and radios). */
export async function press(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Tabs to a field and types into it. */
export async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.type(text);
}

/** The accessible name of the focused element (its aria-label or text). */
export const focusedName = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const element = document.activeElement;
    return element?.getAttribute('aria-label') ?? element?.textContent?.trim() ?? '';
  });
