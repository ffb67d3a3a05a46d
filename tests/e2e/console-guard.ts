import type { ConsoleMessage, Page } from '@playwright/test';

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
  /** Stops listening: a page that goes on to another test is guarded afresh there. */
  stop: () => void;
}

export function guardConsole(page: Page): ConsoleGuard {
  const logged: string[] = [];
  const onConsole = (message: ConsoleMessage) => {
    const level = message.type();
    if (level !== 'warning' && level !== 'error') return;
    const text = message.text();
    if (browserNetworkLine.test(text) && !forbidden.some((pattern) => pattern.test(text))) return;
    logged.push(`console.${level}: ${text.split('\n')[0]}`);
  };
  const onError = (error: Error) => logged.push(`uncaught: ${error.message}`);
  page.on('console', onConsole);
  page.on('pageerror', onError);
  return {
    offences: () => [...logged],
    stop: () => {
      page.off('console', onConsole);
      page.off('pageerror', onError);
    },
  };
}
