import { loginFailedText } from '../../../contract/failure-texts.ts';
import { type Answer, type ApiClient, type RequestBody, callApi } from '../client.ts';

// Each call throws an Error whose message is what the user reads: the server's text, a timeout's own
// explanation, else the call's fallback below (see callApi).
export const resetLinkFailedText = 'Submit failed';
export const linkPasswordFailedText = 'Password change failed';
export const passwordUpdateFailedText = 'Error updating password';

/** POST /login: the token and the user. */
export function login(api: ApiClient, body: RequestBody<'login'>): Promise<Answer<'login'>> {
  return callApi(() => api.POST('/login', { body }), loginFailedText);
}

/** POST /forget_password: the reset link goes to the mailbox; the answer is the same for any e-mail. */
export function forgetPassword(api: ApiClient, body: RequestBody<'forgetPassword'>): Promise<Answer<'forgetPassword'>> {
  return callApi(() => api.POST('/forget_password', { body }), resetLinkFailedText);
}

/** POST /changepassword/{id}: a new password with the e-mailed link (an unknown, used or expired link says so). */
export function changePasswordByLink(api: ApiClient, { id, ...body }: { id: string } & RequestBody<'changePasswordByLink'>): Promise<Answer<'changePasswordByLink'>> {
  return callApi(() => api.POST('/changepassword/{id}', { params: { path: { id } }, body }), linkPasswordFailedText);
}

/**
 * POST /oldnewpassword: the logged-in client's new password. Answers a new token (the change revoked every
 * older one); a refusal reads as its `error` field.
 */
export function changePassword(api: ApiClient, body: RequestBody<'changePassword'>): Promise<Answer<'changePassword'>> {
  return callApi(() => api.POST('/oldnewpassword', { body }), passwordUpdateFailedText, 'error');
}
