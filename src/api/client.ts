import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { operations, paths } from '../../contract/schema.d.ts';

export type ApiClient = Client<paths>;

type JsonOf<T> = T extends { content: { 'application/json': infer Json } } ? Json : never;

/** The JSON body an operation takes (by its operationId in openapi.yaml). */
export type RequestBody<Op extends keyof operations> = JsonOf<operations[Op]['requestBody']>;

/** The JSON answer of an operation's success (200 or 201), with the provider's field names. */
export type Answer<Op extends keyof operations> = operations[Op]['responses'] extends infer R
  ? R extends { 200: infer Ok }
    ? JsonOf<Ok>
    : R extends { 201: infer Created }
      ? JsonOf<Created>
      : never
  : never;

/** Calls that are made before there is a session, so they carry no token. */
const publicPaths = new Set(['/login', '/forget_password', '/changepassword/{id}', '/quote-request']);

export class RequestTimeoutError extends Error {
  constructor(seconds: number) {
    super(`The server did not answer within ${seconds} seconds. Please try again.`);
    this.name = 'RequestTimeoutError';
  }
}

/**
 * A call the server answered with an error status; `message` is the text for the user, `body` the answer as
 * it came (unknown: a call that expects more of it, such as create-order's taken hours, checks it first).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** A relative base ('/api') is resolved against the page, as the browser would, so that any fetch accepts it. */
function absoluteBase(baseUrl: string): string {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? new URL(baseUrl, origin).href.replace(/\/$/, '') : baseUrl;
}

export interface ApiClientOptions {
  baseUrl: string;
  timeoutMs: number;
  getToken: () => string | null;
  /** A 401: the session is no longer valid. The client only reports it; the session clears itself. */
  onUnauthorized: () => void;
  fetch?: typeof globalThis.fetch;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  // Looked up on every call, not once: whatever fetch is in place then (a test's stub included) is used.
  const base = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  // A request that hangs is aborted so that screens can say so instead of spinning forever.
  const fetchWithTimeout = async (request: Request): Promise<Response> => {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new RequestTimeoutError(options.timeoutMs / 1000)), options.timeoutMs);
    try {
      return await base(new Request(request, { signal: controller.signal }));
    } catch (error) {
      throw controller.signal.aborted ? controller.signal.reason : error;
    } finally {
      clearTimeout(timer);
    }
  };
  const auth: Middleware = {
    onRequest({ request, schemaPath }) {
      const token = options.getToken();
      if (token && !publicPaths.has(schemaPath)) request.headers.set('Authorization', `Bearer ${token}`);
      return request;
    },
    onResponse({ response, schemaPath }) {
      if (response.status === 401 && !publicPaths.has(schemaPath)) options.onUnauthorized();
      return response;
    },
  };
  const client = createClient<paths>({ baseUrl: absoluteBase(options.baseUrl), fetch: fetchWithTimeout });
  client.use(auth);
  return client;
}

/**
 * The text a failed call's body carries in `field` (the provider puts it in `message`, some calls in
 * `error`), or the fallback when there is none (no body, a network failure, a timeout). A refusal that
 * names its field ({ message: 'code: This coupon code is invalid…', field: 'code' }) is read without the
 * 'code: ' the server put in front: the user reads a sentence, not a field name.
 */
export function serverText(body: unknown, field: 'message' | 'error', fallback: string): string {
  if (typeof body === 'object' && body !== null) {
    const { [field]: value, field: named } = body as Record<string, unknown>;
    if (typeof value === 'string' && value.trim()) {
      const prefix = typeof named === 'string' && named ? `${named}: ` : null;
      const text = prefix && value.startsWith(prefix) ? value.slice(prefix.length) : value;
      if (text.trim()) return text;
    }
  }
  return fallback;
}

/** What follows the call's own words when the server failed (5xx): it is not the client's doing. */
export const serverFailedText = 'There was a problem on our side. Please try again in a moment.';
/** What follows the call's own words when the server could not be reached. */
export const connectionFailedText = 'Please check your internet connection and try again.';

/**
 * A failure that is not an answer to what the client asked (a 5xx, no connection), said for a client: the
 * call's own words ('The tutors could not be loaded.', 'Login failed') and then what to do, never what the
 * server or the browser said (a stack trace, 'Failed to fetch', a proxy's HTML).
 */
export function failureSentence(fallback: string, then: string): string {
  if (/try again/i.test(fallback)) return fallback;
  return `${/[.!?]$/.test(fallback.trim()) ? fallback.trim() : `${fallback.trim()}.`} ${then}`;
}

/**
 * Runs one call and answers its data. Otherwise throws an Error whose message is what the user reads:
 * a refusal (4xx, or a 2xx with `success: false`) reads as the server's `field` text, else `fallback`; a
 * server failure (5xx) and a network failure read as `fallback` and what to do (`failureSentence`), never
 * the server's or the browser's own text; a timeout keeps its own explanation.
 */
export async function callApi<T>(
  call: () => Promise<{ data?: T; error?: unknown; response: Response }>,
  fallback: string,
  field: 'message' | 'error' = 'message',
): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call();
  } catch (cause) {
    if (cause instanceof RequestTimeoutError) throw cause;
    console.error(fallback, cause);
    throw new Error(failureSentence(fallback, connectionFailedText), { cause });
  }
  const { data, error, response } = result;
  const refusal = typeof data === 'object' && data !== null && (data as { success?: unknown }).success === false;
  if (data !== undefined && !refusal) return data;
  const body = error ?? data;
  if (response.status >= 500) throw new ApiError(response.status, failureSentence(fallback, serverFailedText), body);
  throw new ApiError(response.status, serverText(body, field, fallback), body);
}
