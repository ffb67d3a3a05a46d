import type { Page } from '@playwright/test';

/**
 * What a page logs that it must not: every console warning and error, and every uncaught exception,
 * except the browser's own line for an answer with an error status (the app shows those answers; a
 * refused login or a 409 is not a defect). React Router's 'No `HydrateFallback` element provided' is a
 * warning, so it fails; `forbidden` names the patterns a test must never allow, whatever it expects.
 */
export const forbidden: readonly RegExp[] = [/No `HydrateFallback` element provided/];
const browserNetworkLine = /^Failed to load resource: the server responded with a status of \d{3}/;

export interface ConsoleGuard {
  /** What was logged against the rules, one line each. */
  offences: () => string[];
}

export function guardConsole(page: Page): ConsoleGuard {
  const logged: string[] = [];
  page.on('console', (message) => {
    const level = message.type();
    if (level !== 'warning' && level !== 'error') return;
    const text = message.text();
    if (browserNetworkLine.test(text) && !forbidden.some((pattern) => pattern.test(text))) return;
    logged.push(`console.${level}: ${text.split('\n')[0]}`);
  });
  page.on('pageerror', (error) => logged.push(`uncaught: ${error.message}`));
  return { offences: () => [...logged] };
}
