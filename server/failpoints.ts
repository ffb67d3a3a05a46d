/**
 * Failpoints: a test-only switch, PORTAL_FAILPOINT, that makes an instance die at one named point, so that a
 * test can kill it exactly in the middle of a piece of work (tests/e2e-cluster/lost-confirmation.spec.ts).
 * Honoured only when set explicitly; unset (always, outside such a test) it does nothing.
 *
 * - `sandbox-after-payment-recorded`: SIGKILL right after the sandbox's payment and its notification are
 *   committed, before the notification is delivered: the provider has the money, the portal has heard nothing.
 */
export const failpoints = ['sandbox-after-payment-recorded'] as const;
export type Failpoint = (typeof failpoints)[number];

const isFailpoint = (value: string): value is Failpoint => (failpoints as readonly string[]).includes(value);

/** The failpoint PORTAL_FAILPOINT names, checked at start: a misspelt one would silently test nothing. */
export function readFailpoint(value: string | undefined): Failpoint | undefined {
  if (value === undefined || value === '') return undefined;
  if (!isFailpoint(value)) throw new Error(`PORTAL_FAILPOINT must be one of ${failpoints.join(', ')} (a test-only switch), got "${value}"`);
  return value;
}

/** At the point `name`: when the instance was started with that failpoint, it dies here, as a machine does (SIGKILL). */
export async function failpoint(set: Failpoint | undefined, name: Failpoint): Promise<void> {
  if (set !== name) return;
  process.kill(process.pid, 'SIGKILL');
  // The signal is delivered before the call returns; should it not be, nothing after this point runs either.
  await new Promise(() => {});
}
