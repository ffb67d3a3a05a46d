import type { ApiClient } from '../api/client.ts';
import { serverText } from '../api/client.ts';
import type { Credentials, Session } from '../../machines/session-machine.ts';
import { loginFailedText } from '../../machines/session-machine.ts';

/** POST /login. Throws an Error whose message is what the user reads: the server's message, else 'Login failed'. */
export async function logIn(api: ApiClient, credentials: Credentials): Promise<Session> {
  const { data, error } = await api.POST('/login', { body: credentials });
  if (!data || !data.success) throw new Error(serverText(error ?? data, 'message', loginFailedText));
  return { token: data.token, user: data.user };
}
