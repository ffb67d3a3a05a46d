import { useId } from 'react';
import { Spinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './add-to-calendar.module.css';

export interface AddToCalendarViewProps {
  /** Which lesson, for the controls' names: a page lists many ('Mathematics, Sat 28 Nov 2026 · 09:00'). */
  lesson: string;
  /** The 'Add to Google Calendar' address; null leaves the link out (the lesson's times are unusable). */
  googleCalendarUrl: string | null;
  /** The .ics is on its way: the button waits (and keeps focus). */
  downloading: boolean;
  /** Why the last download failed; null when it did not. */
  error: string | null;
  onDownload: () => void;
}

export const addToCalendarName = (lesson: string) => `Add to calendar: ${lesson}`;
export const addToGoogleCalendarName = (lesson: string) => `Add to Google Calendar: ${lesson} (opens in a new tab)`;

/**
 * An upcoming lesson's calendar controls (props only): 'Add to calendar' downloads its .ics, 'Add to Google
 * Calendar' opens Google's event form. Each name starts with its visible words (WCAG 2.5.3, for voice
 * control) and then says which lesson.
 */
export function AddToCalendarView({ lesson, googleCalendarUrl, downloading, error, onDownload }: AddToCalendarViewProps) {
  const errorId = useId();
  return (
    <div>
      <div className={styles.controls}>
        {/* aria-disabled, not disabled, while busy: a disabled button drops the keyboard user's focus. */}
        <button
          type="button"
          className={`${ui.button} ${ui.secondary} ${styles.control}`}
          aria-label={addToCalendarName(lesson)}
          aria-disabled={downloading || undefined}
          aria-describedby={error ? errorId : undefined}
          onClick={() => {
            if (!downloading) onDownload();
          }}
        >
          {downloading ? <Spinner /> : <CalendarIcon />}
          Add to calendar
        </button>
        {googleCalendarUrl ? (
          <a className={`${ui.button} ${ui.secondary} ${styles.control}`} href={googleCalendarUrl} target="_blank" rel="noopener noreferrer" aria-label={addToGoogleCalendarName(lesson)}>
            Add to Google Calendar
          </a>
        ) : null}
      </div>
      {/* Only when there is one: a page of cards must not hold a dozen empty alerts. */}
      {error ? (
        <p id={errorId} role="alert" className={`${ui.error} ${styles.error}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <rect x="3.5" y="5" width="17" height="15" rx="2" stroke="currentColor" strokeWidth="2" fill="none" />
      <path d="M3.5 10h17M8 3v4M16 3v4M12 13v5M9.5 15.5h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}
