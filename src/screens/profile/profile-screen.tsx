import { useMutation } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { checkProfilePasswords, profileFieldsRequiredText, profilePasswordMismatchText } from '../../../machines/rules/password-rules.ts';
import { changeProfilePassword } from '../../actors/profile.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import type { User } from '../../storage/browser-storage.ts';
import { notify } from '../../toasts/notify.ts';
import { CalendarFeedSection } from './calendar-feed-section.tsx';
import { type PasswordFields, ProfileView } from './profile-view.tsx';

const emptyFields: PasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' };
const fieldNames = Object.keys(emptyFields) as (keyof PasswordFields)[];

/** The fields a check's message is about: the empty ones, or the confirmation that differs. */
function fieldsAtFault(problem: string | null, fields: PasswordFields): (keyof PasswordFields)[] {
  if (problem === profileFieldsRequiredText) return fieldNames.filter((name) => !fields[name]);
  if (problem === profilePasswordMismatchText) return ['confirmPassword'];
  return [];
}

/** /profile: name, e-mail and students from the session; Change Password posts the old and new password. */
export function ProfileScreen() {
  const user = useSelector(useSessionActor(), selectUser);
  if (!user) return <CentredSpinner label="Loading" />;
  return <Profile user={user} />;
}

function Profile({ user }: { user: User }) {
  const session = useSessionActor();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [fields, setFields] = useState<PasswordFields>(emptyFields);
  const [error, setError] = useState<string | null>(null);
  // The fields the last check found wrong, and how many checks found something (each moves focus to the first).
  const [invalid, setInvalid] = useState<(keyof PasswordFields)[]>([]);
  const [checks, setChecks] = useState(0);

  const mutation = useMutation({
    mutationFn: changeProfilePassword,
    onSuccess: ({ message, token }) => {
      // The change revoked every older token: the session goes on with the one the answer carries.
      session.send({ type: 'session.renewed', token });
      notify.success(message);
      setDialogOpen(false);
      setFields(emptyFields);
      setError(null);
    },
    onError: (failure) => {
      // The dialog stays open with what was typed; its alert says (and announces) why, the toast is for the eye.
      notify.errorShownInline(failure.message);
      setError(failure.message);
    },
  });

  const submit = () => {
    const problem = checkProfilePasswords(fields);
    setError(problem);
    setInvalid(fieldsAtFault(problem, fields));
    if (problem) {
      setChecks((n) => n + 1);
      return;
    }
    mutation.mutate({ clientid: user.clientid, oldPassword: fields.oldPassword, newPassword: fields.newPassword });
  };

  const close = () => {
    // While the change is on its way the dialog waits for the answer.
    if (mutation.isPending) return;
    setDialogOpen(false);
    setFields(emptyFields);
    setError(null);
    setInvalid([]);
  };

  return (
    <ProfileView
      firstName={user.firstname}
      lastName={user.lastname}
      email={user.email}
      students={user.studentdetails.map((student) => `${student.first_name} ${student.last_name}`.trim())}
      dialogOpen={dialogOpen}
      fields={fields}
      error={error}
      invalidFields={invalid}
      checks={checks}
      submitting={mutation.isPending}
      onOpenDialog={() => setDialogOpen(true)}
      onCloseDialog={close}
      onFieldChange={(field, value) => {
        setFields((current) => ({ ...current, [field]: value }));
        // Editing a field answers what was wrong with it.
        setInvalid((current) => current.filter((name) => name !== field));
      }}
      onSubmit={submit}
      calendarFeed={<CalendarFeedSection clientid={user.clientid} timeZone={user.branch_time_zone} />}
    />
  );
}
