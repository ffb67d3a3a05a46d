import { api } from '../api/api.ts';
import { changePassword } from '../api/calls/session.ts';
import type { RequestBody } from '../api/client.ts';

export type PasswordChange = RequestBody<'changePassword'>;

/** POST /oldnewpassword: the old and the new password; the answer carries the token that replaces the revoked ones. */
export const changeProfilePassword = (change: PasswordChange) => changePassword(api, change);
