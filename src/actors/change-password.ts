import { api } from '../api/api.ts';
import { changePasswordByLink } from '../api/calls/session.ts';

/** POST /changepassword/{id}: the reset link's new password; the answer's message is shown. */
export const setPasswordByLink = (change: { id: string; newPassword: string }) => changePasswordByLink(api, change);
