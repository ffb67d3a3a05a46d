import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, badRequest, refused } from './errors.ts';
import { personMessage } from './validation-message.ts';

/**
 * The deepest nesting of objects and arrays a request may have, counted from the top of the body (the
 * body itself is level 1) or, for JSON text such as `packageForm`, from the top of the text. The portal's
 * deepest value, a client package's `bookingdata`, sits about 6 levels down, so 32 leaves room for any
 * honest shape; thousands of levels only serve to exhaust a stack (PostgreSQL's jsonb parser refuses them
 * with "stack depth limit exceeded") or the CPU of whoever walks them next.
 */
export const maxDepth = 32;

type Schema = { [key: string]: unknown };
type Step = string | number;

export interface BadInput {
  field: string;
  message: string;
}

/** `[0].rcras[0].charge_rate`: the field path of validation-message.ts. */
export const fieldPath = (steps: readonly Step[]) =>
  steps.reduce<string>((path, step) => (typeof step === 'number' ? `${path}[${step}]` : path ? `${path}.${step}` : step), '');

/** An unpaired UTF-16 surrogate: text no UTF-8 encoder can write, which the database would silently turn into U+FFFD. */
const loneSurrogate = /\p{Cs}/u;

function stringProblem(text: string): string | undefined {
  // PostgreSQL text cannot hold U+0000 (it fails the statement); no person types it.
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (loneSurrogate.test(text)) return 'must be well-formed Unicode text (it has an unpaired surrogate)';
  return undefined;
}

const asSchema = (value: unknown): Schema | undefined => (value !== null && typeof value === 'object' ? (value as Schema) : undefined);
const childOf = (schema: Schema | undefined, step: Step): Schema | undefined => {
  if (!schema) return undefined;
  if (typeof step === 'number') return asSchema(schema.items);
  return asSchema(asSchema(schema.properties)?.[step]) ?? asSchema(schema.additionalProperties);
};

/**
 * The first thing in `value` that no field may hold, whatever its schema says: a NUL or an unpaired
 * surrogate in a string or a key, a number that is not finite, nesting past `maxDepth`; also inside a string
 * the schema marks as JSON text (`contentMediaType: application/json`), which is named as a whole. A string
 * is named by its path; nesting by the deepest field the schema describes (`bookingdata`, not a path
 * thousands of steps long).
 */
export function findBadInput(value: unknown, schema: Schema | undefined, at: readonly Step[] = []): BadInput | undefined {
  return walk(value, schema, [...at], [...at], 1, undefined);
}

function walk(value: unknown, schema: Schema | undefined, at: Step[], anchor: Step[], depth: number, pinned: string | undefined): BadInput | undefined {
  const named = (message: string, steps: readonly Step[] = at): BadInput => ({ field: pinned ?? (fieldPath(steps) || 'body'), message });
  if (typeof value === 'string') {
    const problem = stringProblem(value);
    if (problem) return named(problem);
    if (schema?.contentMediaType !== 'application/json') return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      return undefined; // Whether it parses is the handler's to say, in its own words.
    }
    const inside = walk(parsed, undefined, [], [], 1, pinned ?? (fieldPath(at) || 'body'));
    return inside && { field: inside.field, message: `holds JSON that ${inside.message}` };
  }
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : named('must be a finite number');
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > maxDepth) return named(`must not nest objects and arrays more than ${maxDepth} levels deep`, anchor);
  const entries: [Step, unknown][] = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  for (const [step, item] of entries) {
    if (typeof step === 'string') {
      const problem = stringProblem(step);
      if (problem) return named(`has a key that ${problem}`);
    }
    const child = childOf(schema, step);
    const path = [...at, step];
    const bad = walk(item, child, path, child ? path : anchor, depth + 1, pinned);
    if (bad) return bad;
  }
  return undefined;
}

/** An integer as a person writes it in a path or a query: decimal digits only. */
const decimalDigits = /^[0-9]+$/;

const holdsInteger = (schema: Schema | undefined) => schema?.type === 'integer' || (Array.isArray(schema?.type) && schema.type.includes('integer'));

/**
 * The first path or query parameter of integer type whose text is not decimal digits. Ajv's coercion reads
 * text the way JavaScript's Number() does, so `0x10`, `1e1`, `+16`, ` 16` and `16.0` would all be id 16:
 * one resource under many addresses, and ids nobody wrote. Checked before that coercion, on the raw text
 * (each value of a repeated query parameter).
 */
export function findNonDecimal(values: unknown, schema: Schema | undefined): BadInput | undefined {
  const properties = asSchema(schema?.properties);
  if (!properties || values === null || typeof values !== 'object') return undefined;
  for (const [name, value] of Object.entries(values)) {
    if (!holdsInteger(asSchema(properties[name]))) continue;
    const texts: unknown[] = Array.isArray(value) ? value : [value];
    if (texts.some((text) => typeof text === 'string' && !decimalDigits.test(text))) {
      return { field: name, message: 'must be a whole number written in decimal digits (0-9)' };
    }
  }
  return undefined;
}

interface RouteSchema {
  params?: Schema;
  querystring?: Schema;
  body?: Schema & { content?: Record<string, { schema?: Schema }> };
}

function bodySchemaOf(request: FastifyRequest): Schema | undefined {
  const body = (request.routeOptions.schema as RouteSchema | undefined)?.body;
  return body?.content ? body.content[request.headers['content-type']?.split(';')[0]?.trim().toLowerCase() ?? '']?.schema : body;
}

/** Whether a request carries a body at all, as Fastify decides whether to parse one. */
const carriesBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0');

/**
 * The codings of a body's Content-Encoding other than identity (lower-cased), [] when it has none. Nothing
 * decodes a body here: a compressed body read as it is would be bytes, or worse, valid JSON whose sender meant
 * something else; a sender that compresses can be told not to.
 */
function bodyCodings(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return text
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
}

/**
 * Refuses with 400, naming the field, what no field may hold, before the schemas are checked (so no
 * validator walks 5 000 levels) and again after (query and path values coerced from text: Ajv turns
 * `?clientid=Infinity` into a number it then does not range-check); and, before the schemas coerce them,
 * integer parameters that are not decimal digits. A body the contract requires and the request left out is a
 * 400 naming `body` before the schemas are checked: Fastify validates a body only in the media type it came in
 * (fastify-openapi-glue gives it the body's schema per media type, and drops `required`), so a request with no
 * body and no Content-Type would otherwise reach its handler with none. A compressed body (any Content-Encoding
 * but identity) is a 415 before it is read.
 */
export function registerInputGuards(app: FastifyInstance, operationOf: (request: FastifyRequest) => string | undefined, bodyRequired: (request: FastifyRequest) => boolean): void {
  // A field a person types is refused in words for them (validation-message.ts), whatever is wrong with it.
  const check = (request: FastifyRequest, found: BadInput | undefined) => {
    if (!found) return;
    const sentence = personMessage(operationOf(request), found.field, { keyword: 'invalid' });
    throw sentence === undefined ? badRequest(found.field, found.message) : refused(found.field, sentence);
  };
  // After onRequest, so that a token route still answers 401 first to a caller without one.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const codings = carriesBody(request) ? bodyCodings(request.headers['content-encoding']) : [];
    if (codings.length > 0) {
      throw new HttpError(415, `Content-Encoding ${codings.join(', ')} is not accepted: send the body uncompressed (no Content-Encoding, or identity).`, 'content-encoding');
    }
    return payload;
  });
  app.addHook('preValidation', async (request) => {
    const schema = request.routeOptions.schema as RouteSchema | undefined;
    check(request, findBadInput(request.params, schema?.params) ?? findBadInput(request.query, schema?.querystring) ?? findBadInput(request.body, bodySchemaOf(request)));
    check(request, findNonDecimal(request.params, schema?.params) ?? findNonDecimal(request.query, schema?.querystring));
    // After the parameters' own checks (a bad id is named first, as validation would), before the schemas.
    if (request.body === undefined && bodyRequired(request)) throw badRequest('body', 'is required: send it as JSON, with Content-Type: application/json');
  });
  app.addHook('preHandler', async (request) => {
    check(request, findBadInput(request.params, undefined) ?? findBadInput(request.query, undefined));
  });
}

/**
 * Fastify's answer to a URL whose path does not decode (`%ED%A0%80`, the bytes of a lone surrogate;
 * `%FF`): a 400 in the API's Error shape, naming the path parameter that holds the bad bytes (found by
 * routing the path again with that segment replaced). A path parameter longer than the router takes is a
 * 414 in the same shape.
 */
export function badUrlAnswer(error: FastifyError, request: FastifyRequest, reply: FastifyReply, body: (message: string, field?: string) => unknown): FastifyReply {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.code(414).send(body('A part of this address is too long.'));
  if (error.code !== 'FST_ERR_BAD_URL') return reply.code(error.statusCode ?? 500).send(body(error.message));
  const [pathPart = ''] = (request.raw.url ?? '').split('?');
  const placeholder = 'not-decodable-placeholder';
  const segments = pathPart.split('/');
  const bad = segments.findIndex((segment) => {
    try {
      decodeURIComponent(segment);
      return false;
    } catch {
      return true;
    }
  });
  let field: string | undefined;
  if (bad >= 0) {
    segments[bad] = placeholder;
    const route = request.server.findRoute({ method: request.method as 'GET', url: segments.join('/') });
    field = Object.entries((route?.params ?? {}) as Record<string, string>).find(([, value]) => value === placeholder)?.[0];
  }
  const message = 'must be percent-encoded UTF-8 text';
  return reply.code(400).send(field ? body(`${field}: ${message}`, field) : body(`The address ${message}.`));
}
