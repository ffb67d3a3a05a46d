import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmBranchTimeZone } from '../../src/app/warm-time-zone.ts';
import { writeSession } from '../../src/storage/browser-storage.ts';
import { liveToken } from '../support/network-stub.ts';
import { testUser } from '../support/render-screen.tsx';

// The entry asks Intl for the stored session's branch zone while the browser is idle, so that the screens'
// first render does not load the zone's data (src/app/warm-time-zone.ts).

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** requestIdleCallback as a browser has it, holding the callbacks for the test to run. */
function idleCallbacks() {
  const held: { run: () => void; timeout: number | undefined }[] = [];
  vi.stubGlobal('requestIdleCallback', (run: () => void, options?: { timeout?: number }) => held.push({ run, timeout: options?.timeout }));
  return held;
}

describe('warming the branch’s time zone', () => {
  it('asks Intl for the stored branch’s zone once the browser is idle (at most 2 s later), with the options date-fns asks with', () => {
    writeSession({ token: liveToken(), user: { ...testUser, branch_time_zone: 'Asia/Kolkata' } });
    const held = idleCallbacks();
    const made = vi.spyOn(Intl, 'DateTimeFormat');
    warmBranchTimeZone();
    expect(made).not.toHaveBeenCalled();
    expect(held.map((callback) => callback.timeout)).toEqual([2000]);
    held[0]?.run();
    expect(made).toHaveBeenCalledWith('en-US', { timeZone: 'Asia/Kolkata', timeZoneName: 'longOffset' });
  });

  it('does nothing without a stored session', () => {
    const held = idleCallbacks();
    warmBranchTimeZone();
    expect(held).toEqual([]);
  });

  it('an unknown zone is left to the screens, which report it', () => {
    writeSession({ token: liveToken(), user: { ...testUser, branch_time_zone: 'Mars/Olympus' } });
    const held = idleCallbacks();
    warmBranchTimeZone();
    expect(() => held[0]?.run()).not.toThrow();
    expect(held).toHaveLength(1);
  });
});
