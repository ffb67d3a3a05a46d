import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

export const specPath = fileURLToPath(new URL('../../openapi.yaml', import.meta.url));

interface OperationObject {
  operationId: string;
  security?: Record<string, string[]>[];
  requestBody?: { required?: boolean };
  responses: Record<string, unknown>;
}
export interface OpenApiDocument {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, OperationObject>>;
  [key: string]: unknown;
}

export interface OperationInfo {
  operationId: string;
  method: string;
  path: string;
  needsToken: boolean;
  /** The contract's `requestBody.required`: a request without a body is refused before any handler runs. */
  bodyRequired: boolean;
  successCode: number;
}

let specText: string | undefined;

/**
 * The provider's contract, openapi.yaml, as a document of the caller's own (fastify-openapi-glue changes the one it
 * is given). The YAML is parsed once per process: it is 90 kB, and parsing it took a server start 1.4 s of its CPU
 * (twice per app); a copy from its JSON text takes milliseconds. The file is the server's code: read at start.
 */
export function loadSpec(): OpenApiDocument {
  specText ??= JSON.stringify(parse(readFileSync(specPath, 'utf8')));
  return JSON.parse(specText) as OpenApiDocument;
}

const methods = new Set(['get', 'put', 'post', 'delete', 'patch']);

export function listOperations(doc: OpenApiDocument): OperationInfo[] {
  const found: OperationInfo[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      const security = op.security ?? doc.security ?? [];
      // A write that also documents 200 answers it for a replay (http/replayed.ts); its own success is the 201.
      const success = Object.keys(op.responses).filter((code) => /^2\d\d$/.test(code)).sort().at(-1);
      found.push({
        operationId: op.operationId,
        method: method.toUpperCase(),
        path,
        needsToken: security.length > 0,
        bodyRequired: op.requestBody?.required === true,
        successCode: Number(success ?? 200),
      });
    }
  }
  return found;
}
