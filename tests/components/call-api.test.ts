import { describe, expect, it } from 'vitest';
import { ApiError, RequestTimeoutError, callApi, connectionFailedText, serverFailedText } from '../../src/api/client.ts';
import { api } from '../../src/api/api.ts';
import { login } from '../../src/api/calls/session.ts';
import { expectConsole } from '../support/console-guard.ts';
import { json, stubNetwork } from '../support/network-stub.ts';

const fetchMock = stubNetwork();
const answered = (data: unknown, error: unknown, status: number) => async () => ({ data, error, response: new Response(null, { status }) });

describe('callApi: what a failed call tells the user', () => {
  it.each([
    ['data answered', answered({ success: true, message: 'Done' }, undefined, 200), 'message', { ok: { success: true, message: 'Done' } }],
    ['a refusal with a message', answered(undefined, { message: 'No such link' }, 400), 'message', { fails: 'No such link', status: 400 }],
    ['a refusal read from `error`', answered(undefined, { message: 'm', error: 'Old password is incorrect' }, 400), 'error', { fails: 'Old password is incorrect', status: 400 }],
    ['a refusal with no body', answered(undefined, undefined, 400), 'message', { fails: 'Fallback', status: 400 }],
    ['a 2xx with success: false', answered({ success: false, message: 'Not now' }, undefined, 200), 'message', { fails: 'Not now', status: 200 }],
    // The server names the field it refuses: the user reads the sentence, not 'code: '.
    [
      'a refusal naming its field',
      answered(undefined, { success: false, message: 'code: This coupon code is invalid or has expired.', field: 'code' }, 400),
      'message',
      { fails: 'This coupon code is invalid or has expired.', status: 400 },
    ],
    ['a refusal read from `error` naming its field', answered(undefined, { message: 'm', error: 'oldPassword: Old password is incorrect', field: 'oldPassword' }, 400), 'error', { fails: 'Old password is incorrect', status: 400 }],
    // A colon that is not the answer's field stays: it is part of what the server says.
    ['a refusal whose colon is not its field', answered(undefined, { message: 'Note: the link has expired', field: 'id' }, 400), 'message', { fails: 'Note: the link has expired', status: 400 }],
    // A server failure is said for a client, never in the server's own words.
    ['a server failure with a message', answered(undefined, { success: false, message: 'relation "orders" does not exist' }, 500), 'message', { fails: `Fallback. ${serverFailedText}`, status: 500 }],
    ['a server failure with no body', answered(undefined, undefined, 502), 'message', { fails: `Fallback. ${serverFailedText}`, status: 502 }],
  ] as const)('%s', async (_, call, field, outcome) => {
    const result = callApi(call, 'Fallback', field);
    if ('ok' in outcome) await expect(result).resolves.toEqual(outcome.ok);
    else {
      await expect(result).rejects.toMatchObject({ message: outcome.fails });
      await expect(result).rejects.toBeInstanceOf(ApiError);
      await expect(result).rejects.toMatchObject({ status: outcome.status });
    }
  });

  it('reads a network failure as the fallback and what to do, not the browser text', async () => {
    expectConsole('error', 'Fallback TypeError: Failed to fetch');
    await expect(callApi(() => Promise.reject(new TypeError('Failed to fetch')), 'Fallback')).rejects.toThrow(`Fallback. ${connectionFailedText}`);
  });

  it('does not ask twice to try again', async () => {
    await expect(callApi(answered(undefined, undefined, 503), 'Your classes could not be booked. Please try again.')).rejects.toThrow(/^Your classes could not be booked\. Please try again\.$/);
  });

  it('keeps a timeout its own explanation', async () => {
    await expect(callApi(() => Promise.reject(new RequestTimeoutError(30)), 'Fallback')).rejects.toThrow('did not answer within 30 seconds');
  });
});

describe('logging in', () => {
  it("reads a lost connection as 'Login failed' and what to do", async () => {
    expectConsole('error', 'Login failed TypeError: Failed to fetch');
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(login(api, { email: 'a@example.com', password: 'x' })).rejects.toThrow(`Login failed. ${connectionFailedText}`);
  });

  it("reads a server failure as 'Login failed' and what to do, not the server's text", async () => {
    fetchMock.mockResolvedValue(json({ success: false, message: 'Internal Server Error' }, 500));
    await expect(login(api, { email: 'a@example.com', password: 'x' })).rejects.toThrow(`Login failed. ${serverFailedText}`);
  });

  it("shows the server's message when it refuses", async () => {
    fetchMock.mockResolvedValue(json({ success: false, message: 'Invalid email or password' }, 401));
    await expect(login(api, { email: 'a@example.com', password: 'x' })).rejects.toThrow('Invalid email or password');
  });
});
