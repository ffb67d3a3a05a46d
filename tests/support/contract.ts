import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { listOperations, loadSpec, type OperationInfo } from '../../server/http/spec.ts';

const doc = loadSpec();
export const operations: OperationInfo[] = listOperations(doc);

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(doc as object, 'openapi');

const pointer = (...parts: string[]) => parts.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
const cache = new Map<string, ValidateFunction>();

/** The errors of `body` against the schema openapi.yaml gives for this operation and status; [] when it conforms. */
export function responseErrors(operationId: string, status: number, body: unknown): string[] {
  const op = operations.find((o) => o.operationId === operationId);
  if (!op) return [`no operation ${operationId} in openapi.yaml`];
  const responses = doc.paths[op.path]?.[op.method.toLowerCase()]?.responses as Record<string, { $ref?: string; content?: unknown }>;
  const response = responses[String(status)];
  if (!response) return [`openapi.yaml documents no ${status} answer for ${operationId}`];
  const base = response.$ref
    ? `${response.$ref.slice(1)}`
    : `/${pointer('paths', op.path, op.method.toLowerCase(), 'responses', String(status))}`;
  // JSON, or the one media type of an answer that is not JSON (a calendar file's text/calendar string).
  const types = Object.keys((response.content ?? {}) as Record<string, unknown>);
  const media = types.length > 0 && !types.includes('application/json') ? (types[0] as string) : 'application/json';
  const key = `${base}/content/${pointer(media)}/schema`;
  let validate = cache.get(key);
  if (!validate) {
    validate = ajv.compile({ $ref: `openapi#${key}` });
    cache.set(key, validate);
  }
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
}
