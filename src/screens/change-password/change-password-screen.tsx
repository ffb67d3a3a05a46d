import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { checkLinkPasswords } from '../../../machines/rules/password-rules.ts';
import { api } from '../../api/api.ts';
import { callApi } from '../../api/client.ts';
import { notify } from '../../toasts/notify.ts';
import { ChangePasswordView } from './change-password-view.tsx';

const changeFailedText = 'Password change failed';

interface LinkPassword {
  id: string;
  newPassword: string;
}

/**
 * POST /changepassword/{id}. Throws an Error whose message is what the user reads: the server's
 * message (an unknown, used or expired link says so), the timeout's explanation, else the fallback.
 */
async function changePassword({ id, newPassword }: LinkPassword): Promise<string> {
  return (await callApi(() => api.POST('/changepassword/{id}', { params: { path: { id } }, body: { newPassword } }), changeFailedText)).message;
}

/** /changepassword/:id, the e-mailed reset link: a new password, then /login. */
export function ChangePasswordScreen() {
  // The route only matches with an id; '' keeps the types honest and the server refuses it.
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: (message) => {
      notify.success(message);
      navigate('/login');
    },
    onError: (error) => notify.error(error.message),
  });
  const submit = () => {
    const problem = checkLinkPasswords(newPassword, confirmPassword);
    setMismatch(problem);
    if (problem) {
      // A stale server error next to a fresh mismatch would tell two stories.
      mutation.reset();
      return;
    }
    mutation.mutate({ id, newPassword });
  };
  return (
    <ChangePasswordView
      newPassword={newPassword}
      confirmPassword={confirmPassword}
      submitting={mutation.isPending}
      error={mismatch ?? (mutation.isError ? mutation.error.message : null)}
      // Editing answers the mismatch; the message would only be stale.
      onNewPasswordChange={(value) => {
        setNewPassword(value);
        setMismatch(null);
      }}
      onConfirmPasswordChange={(value) => {
        setConfirmPassword(value);
        setMismatch(null);
      }}
      onSubmit={submit}
    />
  );
}
