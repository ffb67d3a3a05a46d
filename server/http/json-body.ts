import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError, badRequest } from './errors.ts';

const utf8 = new TextDecoder('utf-8', { fatal: true });

// The bytes as they came: a signed notification's signature is over the raw body, not over re-serialised JSON.
const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** The raw bytes of a request's JSON body; undefined when it had none. */
export const rawBodyOf = (request: FastifyRequest): Buffer | undefined => rawBodies.get(request);

/** The charset parameter of a Content-Type, lower-cased and unquoted; undefined when there is none. */
export function charsetOf(contentType: string | undefined): string | undefined {
  for (const parameter of (contentType ?? '').split(';').slice(1)) {
    const [name = '', value = ''] = parameter.split('=', 2);
    if (name.trim().toLowerCase() === 'charset') return value.trim().replace(/^"(.*)"$/, '$1').toLowerCase();
  }
  return undefined;
}

/**
 * JSON bodies are UTF-8 (RFC 8259), read strictly: a body declared in another charset answers 415 rather
 * than being read as UTF-8 anyway, and bytes that are not UTF-8 answer 400 rather than turning into U+FFFD.
 * The parsing itself stays Fastify's (with its __proto__ and constructor poisoning checks); its refusals name `body`.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const charset = charsetOf(request.headers['content-type']);
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      done(new HttpError(415, `Content-Type must be application/json in UTF-8, not charset=${charset}`), undefined);
      return;
    }
    let text: string;
    try {
      rawBodies.set(request, body as Buffer);
      text = utf8.decode(body as Buffer);
    } catch {
      done(badRequest('body', 'must be UTF-8 text'), undefined);
      return;
    }
    // Fastify's refusals of empty or broken JSON name no field: 400s here name `body`, as every other does.
    parse(request, text, (error, value) => {
      const code = (error as { code?: string } | null)?.code;
      if (!error) done(null, value);
      else if (code === 'FST_ERR_CTP_EMPTY_JSON_BODY') done(badRequest('body', 'must not be empty when Content-Type is application/json'), undefined);
      else if (code === 'FST_ERR_CTP_INVALID_JSON_BODY') done(badRequest('body', 'is not valid JSON (or it has a __proto__ or constructor.prototype key)'), undefined);
      else done(error, undefined);
    });
  });
}
