import { type FormEvent, useId } from 'react';
import type { Slot } from '../../../machines/booking/booking-form.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './new-booking.module.css';
import { LoadError } from '../../components/load-error.tsx';

export interface NameField {
  slot: Slot;
  /** The field's name, e.g. 'Student 1 name'. */
  label: string;
  /** What of the label the section's heading already says, read only by screen readers ('Student 1 '). */
  hiddenPrefix: string;
  value: string;
  /** The names the picker offers. */
  options: string[];
  /** A new student's name as typed, before Add. */
  typed: string;
}

/** One student's program, year and subjects, or the ones two students share. */
export interface StudySection {
  slot: Slot;
  /** 'Student 1' / 'Student 2' when each student has their own; null when shared. */
  heading: string | null;
  names: NameField[];
  programOne: number | null;
  program: string;
  years: string[];
  subjects: { name: string; checked: boolean }[];
}

export interface NewBookingViewProps {
  status: 'loading' | 'failed' | 'ready';
  loadError: string | null;
  students: number;
  programs: readonly { id: number; name: string }[];
  sections: StudySection[];
  /** 'Together' / 'Individually' once two students have a study type; null otherwise. */
  studyTypeLabel: string | null;
  canChangeStudyType: boolean;
  /** The red banner's text, null when none shows. */
  warning: string | null;
  contacting: boolean;
  /** New students are being created. */
  saving: boolean;
  busy: boolean;
  canNext: boolean;
  studyTypeDialogOpen: boolean;
  studentDialog: { open: boolean; chosen: 1 | 2 | null; names: [string, string] };
  onStudentsChange: (count: number) => void;
  onNamePick: (slot: Slot, name: string) => void;
  onNameType: (slot: Slot, text: string) => void;
  onNameAdd: (slot: Slot) => void;
  onProgramChange: (slot: Slot, programOne: number | null) => void;
  onYearChange: (slot: Slot, program: string) => void;
  onSubjectToggle: (slot: Slot, subject: string) => void;
  onStudyTypeChoose: (studyType: 'yes' | 'no') => void;
  onStudyTypeCancel: () => void;
  onStudyTypeChange: () => void;
  onContact: () => void;
  onDismissWarning: () => void;
  onNext: () => void;
  onStudentChoose: (studentType: 1 | 2) => void;
  onStudentChoiceCancel: () => void;
  onRetry: () => void;
}

const studentCounts = [1, 2, 3] as const;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Words a screen reader needs that the screen already shows nearby. */
function Hidden({ text }: { text: string }) {
  // The space stays outside the hidden span: every accessible-name computation keeps it.
  return text.trim() ? (
    <>
      <span className={ui.visuallyHidden}>{text.trim()}</span>{' '}
    </>
  ) : null;
}

function NameInput({ field, disabled, onPick, onType, onAdd }: { field: NameField; disabled: boolean; onPick: NewBookingViewProps['onNamePick']; onType: NewBookingViewProps['onNameType']; onAdd: NewBookingViewProps['onNameAdd'] }) {
  const pickId = useId();
  const typeId = useId();
  const add = (event: FormEvent) => {
    event.preventDefault();
    onAdd(field.slot);
  };
  return (
    <div className={styles.name}>
      <label className={`${ui.field} ${styles.pick}`} htmlFor={pickId}>
        <span className={ui.label}>
          <Hidden text={field.hiddenPrefix} />
          {capitalised(field.label.slice(field.hiddenPrefix.length))}
        </span>
        <select id={pickId} className={ui.input} value={field.value} disabled={disabled} onChange={(event) => onPick(field.slot, event.target.value)}>
          <option value="" disabled>
            Choose a student
          </option>
          {field.options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {/* Not a nested <form>: Enter in the field adds the name. */}
      <div className={styles.addRow}>
        <label className={styles.addField} htmlFor={typeId}>
          <span className={ui.visuallyHidden}>New student for {field.label}: first and last name</span>
          <input
            id={typeId}
            className={ui.input}
            placeholder="New student: full name"
            autoComplete="off"
            value={field.typed}
            disabled={disabled}
            onChange={(event) => onType(field.slot, event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') add(event);
            }}
          />
        </label>
        <button type="button" className={`${ui.button} ${ui.secondary}`} disabled={disabled} onClick={add} aria-label={`Add new student for ${field.label}`}>
          Add
        </button>
      </div>
    </div>
  );
}

function Section({ section, props }: { section: StudySection; props: NewBookingViewProps }) {
  const programId = useId();
  const yearId = useId();
  const subjectsId = useId();
  const disabled = props.busy;
  const who = section.heading ? `${section.heading} ` : '';
  const label = (text: string) => (
    <span className={ui.label}>
      <Hidden text={who} />
      {text}
    </span>
  );
  const body = (
    <>
      {section.names.map((field) => (
        <NameInput key={field.slot} field={field} disabled={disabled} onPick={props.onNamePick} onType={props.onNameType} onAdd={props.onNameAdd} />
      ))}
      <div className={styles.pair}>
        <label className={ui.field} htmlFor={programId}>
          {label('Program')}
          <select
            id={programId}
            className={ui.input}
            value={section.programOne ?? ''}
            disabled={disabled}
            onChange={(event) => props.onProgramChange(section.slot, event.target.value === '' ? null : Number(event.target.value))}
          >
            <option value="" disabled>
              Choose a program
            </option>
            {props.programs.map((program) => (
              <option key={program.id} value={program.id}>
                {program.name}
              </option>
            ))}
          </select>
        </label>
        <label className={ui.field} htmlFor={yearId}>
          {label('Year')}
          <select id={yearId} className={ui.input} value={section.program} disabled={disabled || section.programOne === null} onChange={(event) => props.onYearChange(section.slot, event.target.value)}>
            <option value="" disabled>
              {section.programOne === null ? 'Choose a program first' : 'Choose a year'}
            </option>
            {section.years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className={styles.subjects} disabled={disabled || section.program === ''} aria-describedby={section.program === '' ? subjectsId : undefined}>
        <legend>{label('Subjects')}</legend>
        {section.program === '' ? (
          <p id={subjectsId} className={styles.hint}>
            Choose a year to see its subjects.
          </p>
        ) : (
          <div className={styles.chips}>
            {section.subjects.map((subject) => (
              <label key={subject.name} className={styles.chip} data-checked={subject.checked}>
                <input type="checkbox" className={styles.chipInput} checked={subject.checked} onChange={() => props.onSubjectToggle(section.slot, subject.name)} />
                <span>{subject.name}</span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </>
  );
  if (!section.heading) return body;
  return (
    <section className={`${ui.card} ${styles.student}`} aria-label={section.heading}>
      <h2 className={styles.studentHeading}>{section.heading}</h2>
      {body}
    </section>
  );
}

/** /new-booking: who is booked, their program, year and subjects; Next to the packages. */
export function NewBookingView(props: NewBookingViewProps) {
  const next = (event: FormEvent) => {
    event.preventDefault();
    if (props.canNext) props.onNext();
  };
  if (props.status === 'loading') {
    return (
      <ScreenFrame title="New Booking" titleHidden>
        <CentredSpinner label="Loading subjects" />
      </ScreenFrame>
    );
  }
  if (props.status === 'failed') {
    return (
      <ScreenFrame title="New Booking" titleHidden>
        <LoadError message={props.loadError ?? ''} onRetry={props.onRetry} />
      </ScreenFrame>
    );
  }
  return (
    <ScreenFrame title="New Booking" titleHidden>
      {props.warning ? (
        <div className={styles.warning} role="alert">
          <p className={styles.warningText}>{props.warning}</p>
          <div className={styles.warningActions}>
            <button type="button" className={`${ui.button} ${styles.contact}`} onClick={props.onContact} disabled={props.contacting}>
              {props.contacting ? 'Sending…' : 'Contact'}
            </button>
            <button type="button" className={`${ui.button} ${styles.cancel}`} onClick={props.onDismissWarning} disabled={props.contacting}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <form className={styles.form} noValidate onSubmit={next} aria-busy={props.busy}>
        <fieldset className={styles.count} disabled={props.busy}>
          <legend className={ui.label}>Number of students</legend>
          <div className={styles.segments}>
            {studentCounts.map((count) => (
              <label key={count} className={styles.segment} data-checked={props.students === count}>
                <input type="radio" name="students" className={styles.segmentInput} value={count} checked={props.students === count} onChange={() => props.onStudentsChange(count)} />
                <span>{count}</span>
              </label>
            ))}
          </div>
        </fieldset>
        {props.studyTypeLabel || props.canChangeStudyType ? (
          <p className={styles.studyType}>
            <span>
              Study type: <strong>{props.studyTypeLabel ?? 'Not chosen yet'}</strong>
            </span>
            {props.canChangeStudyType ? (
              <button type="button" className={styles.link} onClick={props.onStudyTypeChange}>
                Change
              </button>
            ) : null}
          </p>
        ) : null}
        {props.sections.map((section) => (
          <Section key={section.slot} section={section} props={props} />
        ))}
        <button type="submit" className={`${ui.button} ${ui.primary} ${ui.block}`} disabled={!props.canNext}>
          {props.saving ? 'Saving…' : 'Next'}
        </button>
      </form>

      <ModalDialog open={props.studyTypeDialogOpen} title="How will the students study?" onClose={props.onStudyTypeCancel}>
        <div className={styles.choices}>
          <button type="button" className={`${ui.button} ${ui.secondary} ${styles.choice}`} onClick={() => props.onStudyTypeChoose('yes')} data-autofocus="">
            <strong>Together (group)</strong>{' '}
            <span>Siblings in the same lessons, with one tutor.</span>
          </button>
          <button type="button" className={`${ui.button} ${ui.secondary} ${styles.choice}`} onClick={() => props.onStudyTypeChoose('no')}>
            <strong>Individually</strong>{' '}
            <span>Separate tutors and timings for each student.</span>
          </button>
          <button type="button" className={`${ui.button} ${styles.plain}`} onClick={props.onStudyTypeCancel}>
            Cancel
          </button>
        </div>
      </ModalDialog>

      <ModalDialog open={props.studentDialog.open} title="Which student do you want to book first?" onClose={props.onStudentChoiceCancel}>
        <div className={styles.choices}>
          {([1, 2] as const).map((studentType) => (
            <button
              key={studentType}
              type="button"
              className={`${ui.button} ${ui.secondary} ${styles.choice}`}
              aria-pressed={props.studentDialog.chosen === studentType}
              disabled={props.studentDialog.chosen !== null}
              onClick={() => props.onStudentChoose(studentType)}
            >
              <strong>Student {studentType}</strong>{' '}
              <span>{props.studentDialog.names[studentType - 1]}</span>
            </button>
          ))}
          <button type="button" className={`${ui.button} ${styles.plain}`} onClick={props.onStudentChoiceCancel} disabled={props.studentDialog.chosen !== null}>
            Cancel
          </button>
        </div>
      </ModalDialog>
    </ScreenFrame>
  );
}
