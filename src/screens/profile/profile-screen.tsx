import { useMutation } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { checkProfilePasswords } from '../../../machines/rules/password-rules.ts';
import { changeProfilePassword } from '../../actors/profile.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { useSessionActor } from '../../session/session-context.ts';
import { selectUser } from '../../session/session-selectors.ts';
import type { User } from '../../storage/browser-storage.ts';
import { notify } from '../../toasts/notify.ts';
import { type PasswordFields, ProfileView } from './profile-view.tsx';

const emptyFields: PasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' };

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
      // The dialog stays open with what was typed.
      notify.error(failure.message);
      setError(failure.message);
    },
  });

  const submit = () => {
    const problem = checkProfilePasswords(fields);
    setError(problem);
    if (problem) return;
    mutation.mutate({ clientid: user.clientid, oldPassword: fields.oldPassword, newPassword: fields.newPassword });
  };

  const close = () => {
    // While the change is on its way the dialog waits for the answer.
    if (mutation.isPending) return;
    setDialogOpen(false);
    setFields(emptyFields);
    setError(null);
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
      submitting={mutation.isPending}
      onOpenDialog={() => setDialogOpen(true)}
      onCloseDialog={close}
      onFieldChange={(field, value) => setFields((current) => ({ ...current, [field]: value }))}
      onSubmit={submit}
    />
  );
}
