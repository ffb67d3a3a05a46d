import { api } from '../api/api.ts';
import { requestQuote } from '../api/calls/client.ts';
import type { RequestBody } from '../api/client.ts';

export type QuoteRequest = RequestBody<'requestQuote'>;

/** POST /quote-request: the answer's `students` (what the server recorded) picks the thank-you text. */
export const sendQuoteRequest = (request: QuoteRequest) => requestQuote(api, request);
