import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import type { Slot } from '../../../machines/booking/booking-form.ts';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { ArrivalNotice } from '../../components/arrival-notice.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import { CentredSpinner } from '../../components/spinner.tsx';
import ui from '../../components/ui.module.css';
import styles from './new-booking.module.css';
import { LoadError } from '../../components/load-error.tsx';
import { focusFirstInvalid } from '../../components/field-validation.ts';

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
  /** What Next found wrong with the name (spec §5), said at the picker. */
  error: string | null;
  /** Why Add refused the typed name, said at that field. */
  typedError: string | null;
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
  /** What Next found missing here (spec §5), each said at its field. */
  errors: { program: string | null; year: string | null; subjects: string | null };
}

export interface NewBookingViewProps {
  /** What the step that sent the client here says (a later step opened without a booking), one line each; none when empty. */
  notice?: readonly string[];
  status: 'loading' | 'failed' | 'ready';
  loadError: string | null;
  students: number;
  /** What Next found wrong with the number of students (spec §5). */
  studentsError: string | null;
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

/** A field's error under it; its id is what the field's aria-describedby names. */
function FieldError({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p id={id} className={ui.error}>
      {text}
    </p>
  ) : null;
}

/** The attributes that mark a field at fault and link it to its error. */
const invalidProps = (error: string | null, errorId: string) => (error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {});

function NameInput({ field, disabled, onPick, onType, onAdd }: { field: NameField; disabled: boolean; onPick: NewBookingViewProps['onNamePick']; onType: NewBookingViewProps['onNameType']; onAdd: NewBookingViewProps['onNameAdd'] }) {
  const pickId = useId();
  const typeId = useId();
  const pickErrorId = `${pickId}-error`;
  const typeErrorId = `${typeId}-error`;
  const add = (event: FormEvent) => {
    event.preventDefault();
    onAdd(field.slot);
  };
  return (
    <div className={styles.name}>
      <div className={`${ui.field} ${styles.pick}`}>
        <label className={ui.label} htmlFor={pickId}>
          <Hidden text={field.hiddenPrefix} />
          {capitalised(field.label.slice(field.hiddenPrefix.length))}
        </label>
        <select
          id={pickId}
          className={ui.input}
          value={field.value}
          disabled={disabled}
          {...invalidProps(field.error, pickErrorId)}
          onChange={(event) => onPick(field.slot, event.target.value)}
        >
          <option value="" disabled>
            Choose a student
          </option>
          {field.options.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <FieldError id={pickErrorId} text={field.error} />
      </div>
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
            data-typed-slot={field.slot}
            {...invalidProps(field.typedError, typeErrorId)}
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
      <FieldError id={typeErrorId} text={field.typedError} />
    </div>
  );
}

function Section({ section, props, onAdd }: { section: StudySection; props: NewBookingViewProps; onAdd: (slot: Slot) => void }) {
  const programId = useId();
  const yearId = useId();
  const subjectsId = useId();
  const subjectsErrorId = `${subjectsId}-error`;
  const disabled = props.busy;
  const who = section.heading ? `${section.heading} ` : '';
  const label = (text: string, htmlFor?: string) =>
    htmlFor ? (
      <label className={ui.label} htmlFor={htmlFor}>
        <Hidden text={who} />
        {text}
      </label>
    ) : (
      <span className={ui.label}>
        <Hidden text={who} />
        {text}
      </span>
    );
  const body = (
    <>
      {section.names.map((field) => (
        <NameInput key={field.slot} field={field} disabled={disabled} onPick={props.onNamePick} onType={props.onNameType} onAdd={onAdd} />
      ))}
      <div className={styles.pair}>
        <div className={ui.field}>
          {label('Program', programId)}
          <select
            id={programId}
            className={ui.input}
            value={section.programOne ?? ''}
            disabled={disabled}
            {...invalidProps(section.errors.program, `${programId}-error`)}
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
          <FieldError id={`${programId}-error`} text={section.errors.program} />
        </div>
        <div className={ui.field}>
          {label('Year', yearId)}
          <select
            id={yearId}
            className={ui.input}
            value={section.program}
            disabled={disabled || section.programOne === null}
            {...invalidProps(section.errors.year, `${yearId}-error`)}
            onChange={(event) => props.onYearChange(section.slot, event.target.value)}
          >
            <option value="" disabled>
              {section.programOne === null ? 'Choose a program first' : 'Choose a year'}
            </option>
            {section.years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
          <FieldError id={`${yearId}-error`} text={section.errors.year} />
        </div>
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
                <input
                  type="checkbox"
                  className={styles.chipInput}
                  checked={subject.checked}
                  {...invalidProps(section.errors.subjects, subjectsErrorId)}
                  onChange={() => props.onSubjectToggle(section.slot, subject.name)}
                />
                <span>{subject.name}</span>
              </label>
            ))}
          </div>
        )}
        <FieldError id={subjectsErrorId} text={section.errors.subjects} />
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
  const formRef = useRef<HTMLFormElement>(null);
  const countErrorId = useId();
  // Each Next, and each Add, asks to be taken to what it found wrong once the screen shows it: the first field at
  // fault, or the typed name Add refused (nothing, when it found nothing: the screen has moved on).
  const [checked, setChecked] = useState<{ count: number; at: 'form' | Slot }>({ count: 0, at: 'form' });
  useEffect(() => {
    const form = formRef.current;
    if (checked.count === 0 || !form) return;
    if (checked.at === 'form') focusFirstInvalid(form);
    else form.querySelector<HTMLElement>(`[data-typed-slot="${checked.at}"][aria-invalid="true"]`)?.focus();
  }, [checked]);
  const check = (at: 'form' | Slot) => setChecked(({ count }) => ({ count: count + 1, at }));
  const next = (event: FormEvent) => {
    event.preventDefault();
    if (!props.canNext) return;
    props.onNext();
    check('form');
  };
  const add = (slot: Slot) => {
    props.onNameAdd(slot);
    check(slot);
  };
  if (props.status === 'loading') {
    return (
      <ScreenFrame title="New Booking" titleHidden>
        <ArrivalNotice lines={props.notice} />
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
      <ArrivalNotice lines={props.notice} />
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
      <form ref={formRef} className={styles.form} noValidate onSubmit={next} aria-busy={props.busy}>
        <fieldset className={styles.count} disabled={props.busy}>
          <legend className={ui.label}>Number of students</legend>
          <div className={styles.segments}>
            {studentCounts.map((count) => (
              <label key={count} className={styles.segment} data-checked={props.students === count}>
                <input
                  type="radio"
                  name="students"
                  className={styles.segmentInput}
                  value={count}
                  checked={props.students === count}
                  {...invalidProps(props.studentsError, countErrorId)}
                  onChange={() => props.onStudentsChange(count)}
                />
                <span>{count}</span>
              </label>
            ))}
          </div>
          <FieldError id={countErrorId} text={props.studentsError} />
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
          <Section key={section.slot} section={section} props={props} onAdd={add} />
        ))}
        <button type="submit" className={`${ui.button} ${ui.primary} ${ui.block} ${styles.next}`} disabled={!props.canNext}>
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
