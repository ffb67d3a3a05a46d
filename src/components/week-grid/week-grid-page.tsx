import type { ReactNode } from 'react';
import { LoadError } from '../load-error.tsx';
import { ScreenFrame } from '../screen-frame.tsx';
import { CentredSpinner } from '../spinner.tsx';
import ui from '../ui.module.css';
import { WeekGrid, type WeekGridData, type WeekGridHandlers } from './week-grid.tsx';
import styles from './week-grid.module.css';

export interface WeekGridPageProps extends WeekGridData, WeekGridHandlers {
  title: string;
  phase: 'loading' | 'failed' | 'choosing' | 'leaving';
  error: string | null;
  subjects: { name: string; count: number; current: boolean }[];
  selectedWeeks: { label: string; slots: { key: string; text: string }[] }[];
  /** Lines above the main button: what the choice means here, or why it cannot go on (the hours just taken). */
  notice: { lines: string[]; refused: boolean } | null;
  /** What the screen is about, above the grid (the lesson being moved); null for none. */
  lead: string | null;
  /** 'Book Now'; 'Reschedule' when a lesson is moved; and what it reads while processing. */
  bookLabel: string;
  busyLabel: string;
  canBook: boolean;
  processing: boolean;
  onRetry: () => void;
  onSubject: (subject: string) => void;
  onRemove: (key: string) => void;
  onBook: () => void;
  /** A dialog opened from an hour is open (Available Tutors): when it closes, the focus goes back to the hour. */
  dialogOpen?: boolean;
  /** A screen's own choice under Selected Slots (the Free Assessment box). */
  options?: ReactNode;
  /** A screen's own dialogs over the grid, there while the client chooses (Available Tutors). */
  dialogs?: ReactNode;
  /** A screen's own dialogs whatever the phase (the back question). */
  frameDialogs?: ReactNode;
}

/** A refusal (an hour taken, the free assessment had) shows first, where a client arriving on the grid reads it; a hint by the main button. */
function Notice({ notice }: { notice: NonNullable<WeekGridPageProps['notice']> }) {
  return (
    <div className={notice.refused ? ui.error : styles.muted} role={notice.refused ? 'alert' : undefined}>
      {notice.lines.map((line) => (
        <p key={line} className={styles.noticeLine}>
          {line}
        </p>
      ))}
    </div>
  );
}

function Choosing(props: WeekGridPageProps) {
  return (
    <div className={styles.layout}>
      {props.lead ? <p className={styles.lead}>{props.lead}</p> : null}
      {props.notice?.refused ? <Notice notice={props.notice} /> : null}
      <div className={styles.tabs} role="group" aria-label="Subjects">
        {props.subjects.map((subject) => (
          <button key={subject.name} type="button" className={`${styles.tab} ${subject.current ? styles.current : ''}`} aria-pressed={subject.current} onClick={() => props.onSubject(subject.name)}>
            {subject.name} <span className={styles.count}>{subject.count}</span>
          </button>
        ))}
      </div>
      <WeekGrid {...props} dialogOpen={props.dialogOpen ?? false} />
      <section aria-labelledby="selected-slots" className={ui.card}>
        <h2 id="selected-slots" className={styles.heading}>
          Selected Slots
        </h2>
        {props.selectedWeeks.length === 0 ? <p className={styles.muted}>No slot selected yet.</p> : null}
        {props.selectedWeeks.map((week) => (
          <div key={week.label}>
            <h3 className={styles.weekHeading}>{week.label}</h3>
            <ul className={styles.selected}>
              {week.slots.map((slot) => (
                <li key={slot.key} className={styles.selectedRow}>
                  <span>{slot.text}</span>
                  <button type="button" className={ui.iconButton} aria-label={`Remove ${slot.text}`} disabled={props.processing} onClick={() => props.onRemove(slot.key)}>
                    ×
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
      {props.options}
      {props.notice && !props.notice.refused ? <Notice notice={props.notice} /> : null}
      <button type="button" className={`${ui.button} ${ui.primary} ${ui.block}`} disabled={!props.canBook} onClick={props.onBook}>
        {props.processing ? props.busyLabel : props.bookLabel}
      </button>
      {props.dialogs}
    </div>
  );
}

function Body(props: WeekGridPageProps) {
  switch (props.phase) {
    case 'loading':
      return <CentredSpinner label="Loading free hours" />;
    case 'leaving':
      return <CentredSpinner label="Loading" />;
    case 'failed':
      return <LoadError message={props.error ?? ''} onRetry={props.onRetry} />;
    case 'choosing':
      return <Choosing {...props} />;
  }
}

/**
 * A screen that offers the hours of a week (props only): what it is about, the subject tabs, the week grid, the
 * slots chosen and the main button; /book-class and /reschedule-slot, and the grids to come. A screen adds its own
 * choice, dialogs and words through `options`, `dialogs` and `frameDialogs`.
 */
export function WeekGridPage(props: WeekGridPageProps) {
  return (
    <ScreenFrame title={props.title} titleHidden>
      <Body {...props} />
      {props.frameDialogs}
    </ScreenFrame>
  );
}
