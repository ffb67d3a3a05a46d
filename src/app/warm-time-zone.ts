import { readStoredText } from '../storage/stored-text.ts';
import type { StorageKey } from '../storage/browser-storage.ts';

/**
 * Times are written on the branch's clock through Intl (contract/date-format.ts), whose first use of a time zone
 * loads the zone's data: about 60 ms of a phone's main thread (230 ms at Lighthouse's 4× CPU, npm run lighthouse),
 * paid inside the first render of every signed-in screen that shows a date. Asked for the stored session's branch
 * while the browser waits for the route's code, it is paid in time that is otherwise idle; the formatter the
 * screens make later then costs a fraction of a millisecond. Nothing is kept: only the engine's data is warmed.
 * Where there is no requestIdleCallback (Safari), nothing is done: the screens pay it as before.
 */
export function warmBranchTimeZone(): void {
  // The zone as the stored user (JSON) writes it; read with a pattern, which is all this needs, in the entry.
  const zone = /"branch_time_zone":"([^"]+)"/.exec(readStoredText('userdata' satisfies StorageKey) ?? '')?.[1];
  if (zone === undefined) return;
  globalThis.requestIdleCallback?.(
    () => {
      try {
        // The options date-fns' tzOffset asks with, so that the same data is loaded.
        new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' }).format(0);
      } catch {
        // An unknown zone is reported where it is read.
      }
    },
    { timeout: 2000 },
  );
}
