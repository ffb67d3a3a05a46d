import { type FormEvent, type ReactNode, useId, useRef } from 'react';
import { useFocusFirstInvalid } from '../../components/field-validation.ts';
import { InitialsAvatar } from '../../components/initials-avatar.tsx';
import { ModalDialog } from '../../components/modal-dialog.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ScreenFrame } from '../../components/screen-frame.tsx';
import ui from '../../components/ui.module.css';
import { SubmitButton } from '../../components/submit-button.tsx';
import styles from './profile.module.css';

export interface PasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export interface ProfileViewProps {
  firstName: string;
  lastName: string;
  email: string;
  /** The students' full names. */
  students: string[];
  dialogOpen: boolean;
  fields: PasswordFields;
  /** A validation message or the failure's text, shown in the dialog. */
  error: string | null;
  /** The fields the validation message is about: marked invalid and described by it. */
  invalidFields: readonly (keyof PasswordFields)[];
  /** How many checks found something wrong: each time the first such field takes focus. */
  checks: number;
  submitting: boolean;
  onOpenDialog: () => void;
  onCloseDialog: () => void;
  onFieldChange: (field: keyof PasswordFields, value: string) => void;
  onSubmit: () => void;
  /** The Calendar feed section (a container of its own), shown under the account. */
  calendarFeed?: ReactNode;
}

/** /profile: the user's name, e-mail and students, and the Change Password dialog. */
export function ProfileView(props: ProfileViewProps) {
  const form = useRef<HTMLFormElement>(null);
  const errorId = useId();
  useFocusFirstInvalid(form, props.checks);
  const invalidBy = (field: keyof PasswordFields) => (props.invalidFields.includes(field) ? errorId : null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!props.submitting) props.onSubmit();
  };
  return (
    <ScreenFrame title="My Profile" titleHidden>
      <section className={`${ui.card} ${styles.card}`}>
        <div className={styles.identity}>
          <InitialsAvatar firstName={props.firstName} lastName={props.lastName} size="large" />
          <h2 className={styles.name}>
            {props.firstName} {props.lastName}
          </h2>
        </div>
        <dl className={styles.details}>
          <div className={styles.detail}>
            <dt>E-mail</dt>
            <dd>{props.email}</dd>
          </div>
          <div className={styles.detail}>
            <dt>Students</dt>
            <dd>
              {props.students.length > 0 ? (
                <ul className={styles.students}>
                  {props.students.map((name, index) => (
                    <li key={`${index}-${name}`}>{name}</li>
                  ))}
                </ul>
              ) : (
                'No students yet'
              )}
            </dd>
          </div>
        </dl>
        <button type="button" className={`${ui.button} ${ui.primary} ${ui.block}`} onClick={props.onOpenDialog}>
          Change Password
        </button>
      </section>
      {props.calendarFeed}

      <ModalDialog open={props.dialogOpen} title="Change Password" onClose={props.onCloseDialog}>
        <form ref={form} noValidate onSubmit={submit} aria-busy={props.submitting}>
          {/* For password managers: whose password this is. */}
          <input type="email" name="username" autoComplete="username" value={props.email} readOnly hidden />
          <PasswordField
            label="Old password"
            name="oldPassword"
            autoComplete="current-password"
            value={props.fields.oldPassword}
            onChange={(value) => props.onFieldChange('oldPassword', value)}
            invalidBy={invalidBy('oldPassword')}
            disabled={props.submitting}
          />
          <PasswordField
            label="New password"
            name="newPassword"
            autoComplete="new-password"
            value={props.fields.newPassword}
            onChange={(value) => props.onFieldChange('newPassword', value)}
            invalidBy={invalidBy('newPassword')}
            disabled={props.submitting}
          />
          <PasswordField
            label="Confirm password"
            name="confirmPassword"
            autoComplete="new-password"
            value={props.fields.confirmPassword}
            onChange={(value) => props.onFieldChange('confirmPassword', value)}
            invalidBy={invalidBy('confirmPassword')}
            disabled={props.submitting}
          />
          <p id={errorId} role="alert" className={`${ui.error} ${styles.alert}`}>
            {props.error}
          </p>
          <div className={`${ui.actions} ${styles.actions}`}>
            <button type="button" className={`${ui.button} ${ui.secondary}`} onClick={props.onCloseDialog} disabled={props.submitting}>
              Cancel
            </button>
            <SubmitButton busy={props.submitting}>Submit</SubmitButton>
          </div>
        </form>
      </ModalDialog>
    </ScreenFrame>
  );
}
