import { type ApiClient, callApi } from '../api/client.ts';
import type { Credentials, Session } from '../../machines/session-machine.ts';
import { loginFailedText } from '../../machines/session-machine.ts';

/** POST /login. Throws an Error whose message is what the user reads: the server's message, else 'Login failed'. */
export async function logIn(api: ApiClient, credentials: Credentials): Promise<Session> {
  const data = await callApi(() => api.POST('/login', { body: credentials }), loginFailedText);
  return { token: data.token, user: data.user };
}
