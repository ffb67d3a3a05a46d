import { api } from '../api/api.ts';
import { forgetPassword } from '../api/calls/session.ts';

/** POST /forget_password: the reset link is mailed to the address given; the answer's message is shown. */
export const requestResetLink = (email: string) => forgetPassword(api, { email });
