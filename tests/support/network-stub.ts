import { afterEach, beforeEach, vi } from 'vitest';

export type FetchMock = ReturnType<typeof vi.fn<(request: Request) => Promise<Response>>>;

/**
 * Stands in for the network of the app's API client in a test file: a fresh mock for every test.
 * The client looks fetch up on every call and resolves '/api' against the page, so nothing has to
 * be in place before the imports.
 */
export function stubNetwork(): FetchMock {
  const mock: FetchMock = vi.fn<(request: Request) => Promise<Response>>();
  beforeEach(() => {
    mock.mockReset();
    vi.stubGlobal('fetch', mock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return mock;
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The requests the app sent to one API path. */
export const sentTo = (mock: FetchMock, pathname: string): Request[] =>
  mock.mock.calls.map(([request]) => request).filter((request) => new URL(request.url).pathname === pathname);

/** The fake token of component tests (tests/support/fake-jwt.ts). */
export { liveToken } from './fake-jwt.ts';
