import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/api.ts';
import { callApi } from '../../api/client.ts';
import { notify } from '../../toasts/notify.ts';
import { ForgotPasswordView } from './forgot-password-view.tsx';

const submitFailedText = 'Submit failed';

/**
 * POST /forget_password. Throws an Error whose message is what the user reads: the server's message,
 * the timeout's explanation, else 'Submit failed' (a network error's own text means nothing to a user).
 */
async function requestResetLink(email: string): Promise<string> {
  return (await callApi(() => api.POST('/forget_password', { body: { email } }), submitFailedText)).message;
}

/** /forgot-password: asks for a reset link by e-mail, then back to /login. */
export function ForgotPasswordScreen() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const mutation = useMutation({
    mutationFn: requestResetLink,
    onSuccess: (message) => {
      notify.success(message);
      navigate('/login');
    },
    onError: (error) => notify.error(error.message),
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
