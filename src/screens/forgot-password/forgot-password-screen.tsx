import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { requestResetLink } from '../../actors/forgot-password.ts';
import { notify } from '../../toasts/notify.ts';
import { ForgotPasswordView } from './forgot-password-view.tsx';

/** /forgot-password: asks for a reset link by e-mail, then back to /login. */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const mutation = useMutation({
    mutationFn: requestResetLink,
    onSuccess: ({ message }) => {
      notify.success(message);
      navigate('/login');
    },
    // Said (and announced) inline too: the toast is for the eye.
    onError: (error) => notify.errorShownInline(error.message),
  });
  return (
    <ForgotPasswordView
      email={email}
      submitting={mutation.isPending}
      error={mutation.isError ? mutation.error.message : null}
      onEmailChange={setEmail}
      onCancel={() => navigate('/login')}
      // Posted as given (spec section 5); the browser has already checked the e-mail format.
      onSubmit={() => mutation.mutate(email)}
    />
  );
}
