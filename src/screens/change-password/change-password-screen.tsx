import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { checkLinkPasswords } from '../../../machines/rules/password-rules.ts';
import { setPasswordByLink } from '../../actors/change-password.ts';
import { notify } from '../../toasts/notify.ts';
import { ChangePasswordView } from './change-password-view.tsx';

/** /changepassword/:id, the e-mailed reset link: a new password, then /login. */
export function ChangePasswordScreen() {
  // The route only matches with an id; '' keeps the types honest and the server refuses it.
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [mismatch, setMismatch] = useState<string | null>(null);
  const [checks, setChecks] = useState(0);
  const mutation = useMutation({
    mutationFn: setPasswordByLink,
    onSuccess: ({ message }) => {
      notify.success(message);
      navigate('/login');
    },
    // Said (and announced) inline too: the toast is for the eye.
    onError: (error) => notify.errorShownInline(error.message),
  });
  const submit = () => {
    const problem = checkLinkPasswords(newPassword, confirmPassword);
    setMismatch(problem);
    if (problem) {
      // A stale server error next to a fresh mismatch would tell two stories.
      mutation.reset();
      setChecks((n) => n + 1);
      return;
    }
    mutation.mutate({ id, newPassword });
  };
  return (
    <ChangePasswordView
      newPassword={newPassword}
      confirmPassword={confirmPassword}
      submitting={mutation.isPending}
      mismatch={mismatch}
      checks={checks}
      error={mutation.isError ? mutation.error.message : null}
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
