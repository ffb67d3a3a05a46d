import { useMutation } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { checkProfilePasswords } from '../../../machines/rules/password-rules.ts';
import { api } from '../../api/api.ts';
import { callApi } from '../../api/client.ts';
import { CentredSpinner } from '../../components/spinner.tsx';
import { type SessionActor, useSessionActor } from '../../session/session-context.ts';
import type { User } from '../../storage/browser-storage.ts';
import { notify } from '../../toasts/notify.ts';
import { type PasswordFields, ProfileView } from './profile-view.tsx';

type Snapshot = ReturnType<SessionActor['getSnapshot']>;

const selectUser = (snapshot: Snapshot) => snapshot.context.session?.user ?? null;

export const passwordUpdateFailedText = 'Error updating password';

const emptyFields: PasswordFields = { oldPassword: '', newPassword: '', confirmPassword: '' };

/**
 * POST /oldnewpassword. Answers the server's message and the new token (the change revoked every older
 * one); a refusal reads as its `error` field, else 'Error updating password'.
 */
async function changePassword(body: { clientid: number; oldPassword: string; newPassword: string }): Promise<{ message: string; token: string }> {
  return callApi(() => api.POST('/oldnewpassword', { body }), passwordUpdateFailedText, 'error');
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

  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: ({ message, token }) => {
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
