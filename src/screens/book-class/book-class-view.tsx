import { ModalDialog } from '../../components/modal-dialog.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner, Spinner } from '../../components/spinner.tsx';
import { LoadError } from '../../components/load-error.tsx';
import ui from '../../components/ui.module.css';
import styles from './book-class.module.css';
import { SlotGrid, type SlotGridProps } from './slot-grid.tsx';

export interface HourCell {
  time: string;
  /** chosen: selected for the subject shown; taken: selected for another subject. */
  state: 'open' | 'chosen' | 'taken';
  /** Its accessible name: 'Wed 25 Nov 2026 · 15:00 Dubai time, free' (', selected', ', taken by Physics'). */
  label: string;
}

export interface DayColumn {
  date: string;
  /** SU … SA */
  weekday: string;
  /** The day of the month, '25'. */
  day: string;
  /** 'Wed 25 Nov 2026': the column header's name. */
  label: string;
  /** Why the day has no hour ('Too soon', and the reason said with it); null when it has some. */
  gap: { word: string; reason: string } | null;
  hours: HourCell[];
}

/** A tutor of the Available Tutors popup. No price: the package's price is what the client pays. */
export interface TutorRow {
  index: number;
  name: string;
  /** Select shows only when the tutor has an id (spec §4). */
  selectable: boolean;
}

export interface BookClassViewProps {
  title: string;
  phase: 'loading' | 'failed' | 'choosing' | 'leaving';
  error: string | null;
  subjects: { name: string; count: number; current: boolean }[];
  months: { value: string; label: string; disabled: boolean }[];
  month: string;
  weekTabs: { index: number; label: string; current: boolean }[];
  hasPreviousWeeks: boolean;
  hasNextWeeks: boolean;
  /** The weeks Page Up and Page Down show from the grid; null where there is none. */
  previousWeek: number | null;
  nextWeek: number | null;
  days: DayColumn[];
  /** 'Times are Dubai time', by the grid. */
  zoneNote: string;
  /** A week without a free hour says so, and offers the next week that has one; null for a week with hours. */
  emptyWeek: SlotGridProps['emptyWeek'];
  selectedWeeks: { label: string; slots: { key: string; text: string }[] }[];
  freeAssessment: { offered: boolean; checked: boolean; switchable: boolean };
  /** Lines above Book Now: what the free assessment or a reschedule means here, or why it cannot go on (the hours just taken). */
  notice: { lines: string[]; refused: boolean } | null;
  /** What the screen is about, above the grid (the lesson being moved); null for none. */
  lead: string | null;
  /** 'Book Now'; 'Reschedule' when a lesson is moved; and what it reads while processing. */
  bookLabel: string;
  busyLabel: string;
  canBook: boolean;
  processing: boolean;
  /** The Available Tutors dialog; null when closed. */
  tutors: { slotText: string; loading: boolean; error: string | null; rows: TutorRow[] } | null;
  confirmingBack: boolean;
  onRetry: () => void;
  onSubject: (subject: string) => void;
  onMonth: (month: string) => void;
  onWeek: (index: number) => void;
  onPreviousWeeks: () => void;
  onNextWeeks: () => void;
  /** Shows a week of a month (the empty week's offer of the next week with a free hour). */
  onShowWeek: (month: string, index: number) => void;
  onSlot: (date: string, time: string) => void;
  onRemove: (key: string) => void;
  onTutor: (index: number) => void;
  onCloseTutors: () => void;
  onFreeAssessment: () => void;
  onBook: () => void;
  onConfirmBack: () => void;
  onCancelBack: () => void;
}

function TutorsDialog({ tutors, onTutor, onCloseTutors }: Pick<BookClassViewProps, 'tutors' | 'onTutor' | 'onCloseTutors'>) {
  return (
    <ModalDialog open={tutors !== null} title="Available Tutors" onClose={onCloseTutors}>
      {tutors ? (
        <div className={styles.tutors}>
          <p className={styles.slotText}>{tutors.slotText}</p>
          {tutors.loading ? (
            <Spinner label="Loading tutors" />
          ) : tutors.error ? (
            <p role="alert" className={ui.error}>
              {tutors.error}
            </p>
          ) : tutors.rows.length === 0 ? (
            <p>No available Tutors</p>
          ) : (
            <ul className={styles.tutorList}>
              {tutors.rows.map((row) => (
                <li key={row.index} className={styles.tutorRow}>
                  <strong>{row.name}</strong>
                  {row.selectable ? (
                    <button type="button" className={`${ui.button} ${ui.primary}`} aria-label={`Select ${row.name}`} onClick={() => onTutor(row.index)}>
                      Select
                    </button>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
          <div className={ui.actions}>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={onCloseTutors}>
              Close
            </button>
          </div>
        </div>
      ) : null}
    </ModalDialog>
  );
}

/** A refusal (an hour taken, the free assessment had) shows first, where a client arriving on the grid reads it; a hint by Book Now. */
function Notice({ notice }: { notice: NonNullable<BookClassViewProps['notice']> }) {
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

function Choosing(props: BookClassViewProps) {
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
      <div className={ui.field}>
        <label className={ui.label} htmlFor="book-class-month">
          Month
        </label>
        <select id="book-class-month" className={ui.input} value={props.month} onChange={(event) => props.onMonth(event.target.value)}>
          {props.months.map((month) => (
            <option key={month.value} value={month.value} disabled={month.disabled}>
              {month.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.weeks} role="group" aria-label="Weeks">
        <button type="button" className={ui.iconButton} aria-label="Previous weeks" disabled={!props.hasPreviousWeeks} onClick={props.onPreviousWeeks}>
          ‹
        </button>
        {props.weekTabs.map((tab) => (
          <button key={tab.index} type="button" className={`${styles.tab} ${tab.current ? styles.current : ''}`} aria-pressed={tab.current} onClick={() => props.onWeek(tab.index)}>
            {tab.label}
          </button>
        ))}
        <button type="button" className={ui.iconButton} aria-label="Next weeks" disabled={!props.hasNextWeeks} onClick={props.onNextWeeks}>
          ›
        </button>
      </div>
      <SlotGrid
        days={props.days}
        zoneNote={props.zoneNote}
        emptyWeek={props.emptyWeek}
        previousWeek={props.previousWeek}
        nextWeek={props.nextWeek}
        processing={props.processing}
        dialogOpen={props.tutors !== null}
        onSlot={props.onSlot}
        onWeek={props.onWeek}
        onShowWeek={props.onShowWeek}
      />
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
      {props.freeAssessment.offered ? (
        <label className={styles.check}>
          <input type="checkbox" checked={props.freeAssessment.checked} disabled={!props.freeAssessment.switchable} onChange={props.onFreeAssessment} /> Free Assessment
        </label>
      ) : null}
      {props.notice && !props.notice.refused ? <Notice notice={props.notice} /> : null}
      <button type="button" className={`${ui.button} ${ui.primary} ${ui.block}`} disabled={!props.canBook} onClick={props.onBook}>
        {props.processing ? props.busyLabel : props.bookLabel}
      </button>
      <TutorsDialog tutors={props.tutors} onTutor={props.onTutor} onCloseTutors={props.onCloseTutors} />
    </div>
  );
}

function Body(props: BookClassViewProps) {
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

/** /book-class (props only): subject tabs, month, week tabs, the hourly grid, the chosen slots and Book Now. */
export function BookClassView(props: BookClassViewProps) {
  return (
    <ScreenFrame title={props.title} titleHidden>
      <Body {...props} />
      <ModalDialog open={props.confirmingBack} role="alertdialog" title="Go back?" onClose={props.onCancelBack}>
        <p>If you go back, your appointment data will be cleared.</p>
        <div className={ui.actions}>
          <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={props.onCancelBack}>
            Stay
          </button>
          <button type="button" className={`${ui.button} ${ui.primary}`} onClick={props.onConfirmBack}>
            Go back
          </button>
        </div>
      </ModalDialog>
    </ScreenFrame>
  );
}
