import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../server/http/spec.ts';
import { operations, responseErrors } from '../support/contract.ts';
import { type Session, type TestServer, startTestServer, storedState } from '../support/test-server.ts';

// Path ids are decimal only: an integer path or query parameter is read from decimal digits, never the way
// JavaScript's Number() reads text (which would make `0x10`, `1e1`, `+16`, ` 16` and `16.0` all id 16: one
// resource under many addresses). Every operation of openapi.yaml with an integer parameter, each way of
// writing its number that is not decimal digits: 400 naming the parameter, and nothing stored.

type Schema = { [key: string]: unknown };
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: Schema;
}

const doc = loadSpec();

function resolve(node: unknown): Schema {
  let at = (node ?? {}) as Schema;
  while (typeof at.$ref === 'string') {
    let target: unknown = doc;
    for (const part of at.$ref.slice(2).split('/')) target = (target as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    at = target as Schema;
  }
  return at;
}

const isInteger = (schema: Schema) => schema.type === 'integer' || (Array.isArray(schema.type) && schema.type.includes('integer'));

const parametersOf = (path: string, method: string): Parameter[] => {
  const op = resolve(doc.paths[path]?.[method.toLowerCase()]) as { parameters?: unknown[] };
  return (op.parameters ?? []).map((p) => {
    const parameter = resolve(p) as unknown as Parameter;
    return { ...parameter, schema: resolve(parameter.schema) };
  });
};

/** A value each other parameter takes, so that only the one under test is off. */
const plain: Record<string, string> = { subject: 'Mathematics', date: '2031-01-06', time: '10:00', ids: '1' };
const valueOf = (p: Parameter) => (isInteger(p.schema) ? String((p.schema.minimum as number | undefined) ?? 1) : (plain[p.name] ?? 'x'.repeat(16)));

interface Case {
  operationId: string;
  method: string;
  path: string;
  parameter: Parameter;
  text: string;
}

/** A number the parameter takes: 16, or its maximum when that is less (a year, a count of students). */
const numberFor = (p: Parameter) => Math.min(16, (p.schema.maximum as number | undefined) ?? 16);

/** `n` as JavaScript's Number() (and so Ajv's coercion) reads it, in every spelling that is not decimal digits. */
const notDecimal = (n: number) => [
  `0x${n.toString(16)}`,
  `0X${n.toString(16).toUpperCase()}`,
  `0b${n.toString(2)}`,
  `0o${n.toString(8)}`,
  `${n / 10}e1`,
  `${n}e0`,
  `+${n}`,
  ` ${n}`,
  `${n} `,
  `\t${n}`,
  `\n${n}`,
  `${n}.0`,
  `${n}.`,
  `00${n}.00`,
];

const integerParameters = operations.flatMap((op) =>
  parametersOf(op.path, op.method)
    .filter((p) => (p.in === 'path' || p.in === 'query') && isInteger(p.schema))
    .map((parameter) => ({ operationId: op.operationId, method: op.method, path: op.path, parameter })),
);
const cases: Case[] = integerParameters.flatMap((c) => notDecimal(numberFor(c.parameter)).map((text) => ({ ...c, text })));

let server: TestServer;
let client: Session;

beforeAll(async () => {
  server = await startTestServer();
  client = await server.newClient(1);
});
afterAll(() => server?.close());

/** The operation's request with `parameter` written as `text` and every other parameter plain; no body. */
async function send(c: Omit<Case, 'text'>, text: string) {
  const params = parametersOf(c.path, c.method);
  const isIt = (p: Parameter) => p.name === c.parameter.name && p.in === c.parameter.in;
  const written = (p: Parameter) => encodeURIComponent(isIt(p) ? text : valueOf(p));
  const path = c.path.replace(/\{(\w+)\}/g, (_, name: string) => written(params.find((p) => p.in === 'path' && p.name === name) as Parameter));
  const query = params
    .filter((p) => p.in === 'query' && (p.required || isIt(p)))
    .map((p) => `${encodeURIComponent(p.name)}=${written(p)}`)
    .join('&');
  const response = await fetch(`${server.url}/api${path}${query ? `?${query}` : ''}`, { method: c.method, headers: { authorization: `Bearer ${client.token}` } });
  return { status: response.status, body: (await response.json()) as { success?: boolean; message?: string; field?: string } };
}

describe('integer path and query parameters take decimal digits only', () => {
  it('covers every integer path and query parameter of openapi.yaml', () => {
    const covered = integerParameters.map((c) => `${c.operationId} ${c.parameter.in} ${c.parameter.name}`);
    expect(covered).toEqual(
      expect.arrayContaining(['rescheduleAppointment path id', 'getClientData path clientid', 'takeInvoicePayment path invoiceId', 'getService path serviceId', 'checkClientStatus query clientid', 'filterTutors query quallevel']),
    );
    expect(integerParameters.filter((c) => c.parameter.in === 'path').length).toBeGreaterThanOrEqual(10);
  });

  it.each(cases)('$operationId $parameter.in $parameter.name = $text: 400 naming it', async (c) => {
    const before = await storedState(server.db);

    const answer = await send(c, c.text);

    expect({ status: answer.status, field: answer.body.field }).toEqual({ status: 400, field: c.parameter.name });
    expect(answer.body).toMatchObject({ success: false, message: `${c.parameter.name}: must be a whole number written in decimal digits (0-9)` });
    expect(responseErrors(c.operationId, 400, answer.body)).toEqual([]);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });

  it.each(integerParameters)('$operationId $parameter.in $parameter.name in decimal digits is read (not refused as that parameter)', async (c) => {
    const answer = await send(c, String(numberFor(c.parameter)));
    expect(answer.status === 400 && answer.body.field === c.parameter.name, JSON.stringify(answer.body)).toBe(false);
  });
});
