import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.ts';
import { escapeHtml, page, pagePolicy } from './html.ts';

/** What a refusal of a page says, by status, when the error carries no words for a person. */
const sentences: Readonly<Record<number, string>> = {
  400: 'This request could not be read.',
  404: 'This page does not exist.',
  413: 'This request is too large.',
  415: 'This page takes only what its own buttons send.',
};

/**
 * The error answer of a page a browser shows (the payment sandbox, the outbox): an HTML page with the status and
 * what went wrong, in the pages' style and Content-Security-Policy, never the API's JSON. A refusal (413 for a
 * body over the limit, 415 for a body the page does not take, a 400 the input guards raise) keeps its status;
 * anything else is the server's failure, logged, and said without its details.
 */
export function answerPageError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const status = error.statusCode ?? 500;
  const refused = status >= 400 && status < 500;
  if (!refused) request.log.error(error);
  // Our own refusals are worded for a person (http/errors.ts); Fastify's are for a developer.
  const text = !refused ? 'Something went wrong on our side. Please try again.' : error instanceof HttpError ? error.message : (sentences[status] ?? 'This request was refused.');
  const title = refused ? 'Request refused' : 'Something went wrong';
  return reply
    .code(refused ? status : 500)
    .type('text/html')
    .header('content-security-policy', pagePolicy)
    .send(page(title, `<h1>${title}</h1><div class="card"><p>${escapeHtml(text)}</p></div>`));
}

/** Every route of the scope answers its errors as pages. */
export function registerPageErrors(scope: FastifyInstance): void {
  scope.setErrorHandler(answerPageError);
}
