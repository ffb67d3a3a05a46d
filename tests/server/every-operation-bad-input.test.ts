import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoicePagePath } from '../../server/domain/invoice-purchase.ts';
import { listOperations, loadSpec, type OperationInfo } from '../../server/http/spec.ts';
import { openOrder } from '../support/booking-fixtures.ts';
import { type Session, type TestServer, startTestServer, storedState, testWebhookSecret } from '../support/test-server.ts';

/*
 * No input answers 5xx (issue 28, item 4). Every operation of openapi.yaml (read from it, so a new one is
 * covered without a line here), the sandbox pages and the development pages get, with and without the demo
 * client's token: no body, an empty one, a body of the wrong type or none, null, an array, an empty object,
 * text that is not JSON, a body over the 1 MiB limit, a compressed body; and every path parameter filled with
 * segments that name what every plain object has (`constructor`, `__proto__`, `toString`, `hasOwnProperty`)
 * or that JavaScript reads as numbers (`0x10`, `1e3`, `-1`). Each answer is below 500 and says why: the API's
 * Error shape (a message), a sandbox page an HTML page. Nothing in these tables is a request that may write, so
 * every answer but a GET's is a 4xx, and the stored state is the same after each operation's batch.
 */

type Doc = ReturnType<typeof loadSpec>;
type Schema = { [key: string]: unknown };

const doc: Doc = loadSpec();
const operations = listOperations(doc);

const resolve = (schema: unknown): Schema => {
  let node = (schema ?? {}) as Schema;
  while (typeof node.$ref === 'string') {
    let target: unknown = doc;
    for (const part of node.$ref.slice(2).split('/')) target = (target as Schema)[part];
    node = target as Schema;
  }
  return node;
};

interface OperationDoc {
  parameters?: unknown[];
  requestBody?: { required?: boolean; content: Record<string, unknown> };
}
const docOf = (op: OperationInfo) => doc.paths[op.path]?.[op.method.toLowerCase()] as unknown as OperationDoc;
const bodyRequired = (op: OperationInfo) => docOf(op).requestBody?.required === true;

/** Segments a handler could mistake for something else: the names every object has, and numbers as JavaScript reads them. */
const oddSegments = ['constructor', '__proto__', 'toString', 'hasOwnProperty', '0x10', '1e3', '-1'];

/**
 * A path parameter's value that the contract accepts and that names nothing stored (the largest Id; a 43-letter
 * token, ref or reset link), so that a request with it stands or falls by its body alone and writes nothing.
 */
const ajv = new Ajv2020({ strict: false });
function plainValue(op: OperationInfo, name: string): string {
  const parameter = (docOf(op).parameters ?? []).map(resolve).find((p) => p.in === 'path' && p.name === name);
  const schema = resolve(parameter?.schema);
  const validate = ajv.compile(schema);
  const found = ['2147483647', 'A'.repeat(43)].find((text) => validate(schema.type === 'integer' ? Number(text) : text));
  if (found === undefined) throw new Error(`no plain value for ${op.operationId} ${name}: add one here`);
  return found;
}
const pathWith = (op: OperationInfo, value: (name: string) => string) => `/api${op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(value(name)))}`;

// ---------------------------------------------------------------------------------------------
// Requests, sent with node:http: fetch cannot leave out a body's Content-Type, nor send a body with any method

interface RawRequest {
  label: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: Buffer;
}
interface Answer {
  status: number;
  type: string;
  text: string;
}

let server: TestServer;
let demo: Session;
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

function send(request: RawRequest, token: string | undefined): Promise<Answer> {
  const url = new URL(server.url);
  const headers: Record<string, string> = { ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(request.body.length);
  if (token) headers.authorization = `Bearer ${token}`;
  return new Promise((resolve, reject) => {
    const sent = http.request({ host: url.hostname, port: url.port, method: request.method, path: request.path, headers, agent }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, type: String(response.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    sent.on('error', reject);
    sent.end(request.body);
  });
}

/** Sends them a few at a time: the server answers many at once, and a batch of hundreds only waits on itself. */
async function sendAll<T extends RawRequest>(requests: T[], token: string | undefined): Promise<{ request: T; answer: Answer }[]> {
  const answers: { request: T; answer: Answer }[] = [];
  for (let i = 0; i < requests.length; i += 8) {
    const batch = requests.slice(i, i + 8);
    answers.push(...(await Promise.all(batch.map(async (request) => ({ request, answer: await send(request, token) })))));
  }
  return answers;
}

const json = 'application/json';
/** Just over bodyLimit (1 MiB): valid JSON, so only its size refuses it. */
const hugeBody = Buffer.from(JSON.stringify({ text: 'x'.repeat(1024 * 1024) }));

/** What each request with a body checks: its kind, and the answer it must get once it is past the token check. */
interface BodyCase {
  label: string;
  headers?: Record<string, string>;
  body?: Buffer;
  /** The status, and the field or words, of the refusal; any 4xx when absent. */
  refused?: { status: number; field?: string; says?: RegExp };
}

const bodyCases = (op: { bodyRequired: boolean; hasBody: boolean }): BodyCase[] => [
  { label: 'no body and no Content-Type', ...(op.bodyRequired ? { refused: { status: 400, field: 'body' } } : {}) },
  { label: 'an empty body with Content-Type: application/json', headers: { 'content-type': json }, body: Buffer.alloc(0), refused: { status: 400 } },
  { label: 'a JSON body without a Content-Type', body: Buffer.from('{}'), refused: { status: 415 } },
  { label: 'a JSON body as text/plain', headers: { 'content-type': 'text/plain' }, body: Buffer.from('{}'), refused: { status: 415 } },
  { label: 'a form-encoded body', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: Buffer.from('a=1'), refused: { status: 415 } },
  { label: 'a multipart body', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body: Buffer.from('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n'), refused: { status: 415 } },
  { label: 'an XML body', headers: { 'content-type': 'application/xml' }, body: Buffer.from('<a/>'), refused: { status: 415 } },
  { label: 'null', headers: { 'content-type': json }, body: Buffer.from('null'), ...(op.hasBody ? { refused: { status: 400 } } : {}) },
  { label: 'an array', headers: { 'content-type': json }, body: Buffer.from('[]'), ...(op.hasBody ? { refused: { status: 400 } } : {}) },
  { label: 'an empty object', headers: { 'content-type': json }, body: Buffer.from('{}') },
  { label: 'text that is not JSON', headers: { 'content-type': json }, body: Buffer.from('{"a":'), refused: { status: 400, field: 'body' } },
  { label: 'a body over 1 MiB', headers: { 'content-type': json }, body: hugeBody, refused: { status: 413 } },
  { label: 'a gzip body', headers: { 'content-type': json, 'content-encoding': 'gzip' }, body: gzipSync('{}'), refused: { status: 415, says: /Content-Encoding/ } },
  { label: 'a plain body said to be deflated', headers: { 'content-type': json, 'content-encoding': 'deflate' }, body: Buffer.from('{}'), refused: { status: 415, says: /Content-Encoding/ } },
];

interface Sent extends RawRequest {
  refused?: BodyCase['refused'];
}

type Shape = 'json' | 'html';

/** What is wrong with an answer, or undefined: below 500, a 4xx saying why, and (for a write) refused. */
function problemOf(answer: Answer, shape: Shape, mayAccept: boolean, refused: BodyCase['refused'] | undefined): string | undefined {
  const { status, text } = answer;
  const said = `${status} ${text.slice(0, 200)}`;
  if (status >= 500) return `5xx: ${said}`;
  if (status < 400) return mayAccept ? undefined : `accepted: ${said}`;
  if (shape === 'html') {
    if (!answer.type.startsWith('text/html') || !/<h1>[^<]+<\/h1>/.test(text)) return `not an HTML page: ${answer.type} ${said}`;
  } else {
    let body: { success?: unknown; message?: unknown; error?: unknown; field?: unknown };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      return `not JSON: ${answer.type} ${said}`;
    }
    if (body.success !== false || typeof body.message !== 'string' || !body.message.trim() || typeof body.error !== 'string') return `not the Error shape: ${said}`;
    if (refused?.field !== undefined && body.field !== refused.field) return `does not name ${refused.field}: ${said}`;
    if (refused?.says && !refused.says.test(body.message)) return `does not say ${refused.says}: ${said}`;
  }
  if (refused && status !== refused.status) return `expected ${refused.status}: ${said}`;
  return undefined;
}

/** Sends the requests with the token (or none), checks every answer, and that nothing stored changed. */
async function expectAllRefused(requests: Sent[], options: { token: string | undefined; shape: Shape; mayAccept?: (request: Sent) => boolean; refusedBeforeBody?: number }) {
  const before = await storedState(server.db);
  const answers = await sendAll(requests, options.token);
  const problems = answers.flatMap(({ request, answer }) => {
    // A token route without a token answers 401 before it reads the body, whatever the body is.
    const refused = options.refusedBeforeBody !== undefined ? { status: options.refusedBeforeBody } : request.refused;
    const problem = problemOf(answer, options.shape, options.mayAccept?.(request) ?? false, refused);
    return problem ? [`${request.method} ${request.path} with ${request.label}: ${problem}`] : [];
  });
  expect(problems).toEqual([]);
  expect((await storedState(server.db)).digest).toEqual(before.digest);
}

/** A real order open for payment and the seed's invoice raised without an order: the sandbox pages' own subjects. */
const real = { ref: '', invoiceId: 0, invoiceKey: '' };

beforeAll(async () => {
  server = await startTestServer();
  demo = await server.login();
  real.ref = (await openOrder(server, demo)).ref;
  const [invoice] = await server.db.query<{ id: number }>(`select id from proforma_invoices where status = 'unpaid' and order_id is null order by id limit 1`);
  real.invoiceId = invoice?.id ?? 0;
  real.invoiceKey = invoicePagePath(testWebhookSecret, real.invoiceId).split('/').at(-1) ?? '';
  // The demo client has a feed: making another one is a reset, which must be asked for.
  const feed = await server.api('POST', '/calendar-feed', { token: demo.token });
  if (!real.ref || !real.invoiceId || feed.status !== 201) throw new Error(`fixtures incomplete: ${JSON.stringify({ real, feed: feed.status })}`);
});
afterAll(async () => {
  agent.destroy();
  await server?.close();
});

// ---------------------------------------------------------------------------------------------

describe('every operation of openapi.yaml: bad bodies and odd path segments answer 4xx with a message, never 5xx, and write nothing', () => {
  it('reads the operations from the contract', () => {
    expect(operations.length).toBeGreaterThan(40);
    expect(operations.map((op) => op.operationId)).toEqual(expect.arrayContaining(['login', 'forgetPassword', 'requestQuote', 'receivePaymentEvent', 'resetCalendarFeed']));
  });

  const requestsOf = (op: OperationInfo): Sent[] => {
    const hasBody = docOf(op).requestBody !== undefined;
    const plain = pathWith(op, (name) => plainValue(op, name));
    // A GET carries no body (Fastify never reads one): only its path can be bad.
    const bodies: Sent[] =
      op.method === 'GET'
        ? [{ label: 'no body', method: op.method, path: plain }]
        : bodyCases({ bodyRequired: bodyRequired(op), hasBody }).map((c) => ({ method: op.method, path: plain, ...c }));
    // An empty object as the body where there is one, so that the path is what is refused first.
    const withPath = (segment: string): Sent => ({
      label: `every path parameter ${JSON.stringify(segment)}`,
      method: op.method,
      path: pathWith(op, () => segment),
      ...(hasBody ? { headers: { 'content-type': json }, body: Buffer.from('{}') } : {}),
    });
    const paths = op.path.includes('{') ? oddSegments.map(withPath) : [];
    return [...bodies, ...paths];
  };

  describe.each(operations.map((op) => ({ ...op, name: `${op.method} ${op.path} (${op.operationId})` })))('$name', (op) => {
    it.each([
      { who: 'without a token', token: false },
      { who: "with the demo client's token", token: true },
    ])('$who', async ({ token }) => {
      const refusedBeforeBody = op.needsToken && !token ? 401 : undefined;
      await expectAllRefused(requestsOf(op), {
        token: token ? demo.token : undefined,
        shape: 'json',
        // Only a read may answer 2xx: every write here is refused.
        mayAccept: (request) => request.method === 'GET',
        ...(refusedBeforeBody === undefined ? {} : { refusedBeforeBody }),
      });
    });
  });
});

describe('the sandbox pages: odd segments and bad bodies answer a 4xx HTML page, never 5xx, and pay nothing', () => {
  // A form is what the pages' buttons send (refused here for the path: no such order); the rest keep their status.
  const posts = (path: string): Sent[] =>
    bodyCases({ bodyRequired: false, hasBody: false }).map(({ refused, ...c }) => {
      const form = c.headers?.['content-type'] === 'application/x-www-form-urlencoded';
      return { method: 'POST', path, ...c, ...(refused && !form ? { refused: { status: refused.status } } : {}) };
    });
  const buttons = ['pay', 'fail', 'cancel', 'pay-later', 'notify'];

  it('GET /sandbox/pay/:ref', async () => {
    await expectAllRefused(
      oddSegments.map((segment) => ({ label: segment, method: 'GET', path: `/sandbox/pay/${segment}` })),
      { token: undefined, shape: 'html' },
    );
  });

  it('POST /sandbox/pay/:ref/:outcome: an odd outcome of a real open order, each button of an odd ref', async () => {
    await expectAllRefused(
      [
        ...oddSegments.map((segment) => ({ label: `outcome ${segment}`, method: 'POST', path: `/sandbox/pay/${real.ref}/${segment}`, refused: { status: 404 } })),
        ...oddSegments.flatMap((segment) => buttons.map((button) => ({ label: `ref ${segment}`, method: 'POST', path: `/sandbox/pay/${segment}/${button}`, refused: { status: 404 } }))),
      ],
      { token: undefined, shape: 'html' },
    );
    const [order] = await server.db.query<{ status: string }>('select status from orders where ref = $1', [real.ref]);
    expect(order?.status).toBe('created');
  });

  it('POST /sandbox/pay/:ref/:outcome: bad bodies', async () => {
    await expectAllRefused(posts(`/sandbox/pay/${'A'.repeat(43)}/pay`), { token: undefined, shape: 'html' });
  });

  it('GET and POST /sandbox/invoice/:id/:key[/:outcome]: odd segments in each place, bad bodies', async () => {
    const { invoiceId: id, invoiceKey: key } = real;
    await expectAllRefused(
      [
        ...oddSegments.flatMap((segment) => [
          { label: `id ${segment}`, method: 'GET', path: `/sandbox/invoice/${segment}/${key}` },
          { label: `key ${segment}`, method: 'GET', path: `/sandbox/invoice/${id}/${segment}` },
          { label: `id ${segment}`, method: 'POST', path: `/sandbox/invoice/${segment}/${key}/pay` },
          { label: `key ${segment}`, method: 'POST', path: `/sandbox/invoice/${id}/${segment}/pay` },
          { label: `outcome ${segment}`, method: 'POST', path: `/sandbox/invoice/${id}/${key}/${segment}`, refused: { status: 404 } },
        ]),
        ...posts(`/sandbox/invoice/${id}/${'A'.repeat(32)}/pay`),
      ],
      { token: undefined, shape: 'html' },
    );
    const [invoice] = await server.db.query<{ status: string }>('select status from proforma_invoices where id = $1', [id]);
    expect(invoice?.status).toBe('unpaid');
  });
});

describe('the development pages: odd segments, queries and bad bodies answer 4xx with a message, never 5xx', () => {
  // Reads: a query they take is answered (an empty list); one the guards refuse is a 400.
  const queries = ['to=a&to=b', 'to[]=a', 'to=%00', 'to=%ED%A0%80', `to=${'x'.repeat(5000)}`, 'to=constructor', 'to=__proto__'];

  it('GET /dev/outbox (a page: its refusals are pages)', async () => {
    await expectAllRefused(
      queries.map((query) => ({ label: query, method: 'GET', path: `/dev/outbox?${query}` })),
      { token: undefined, shape: 'html', mayAccept: () => true },
    );
  });

  it('GET /dev/outbox.json and an attachment', async () => {
    await expectAllRefused(
      [
        ...queries.map((query) => ({ label: query, method: 'GET', path: `/dev/outbox.json?${query}` })),
        ...oddSegments.flatMap((segment) => [
          { label: `id ${segment}`, method: 'GET', path: `/dev/outbox/${segment}/attachments/1` },
          { label: `n ${segment}`, method: 'GET', path: `/dev/outbox/1/attachments/${segment}` },
        ]),
      ],
      { token: undefined, shape: 'json', mayAccept: () => true },
    );
  });

  it('POST /dev/appointments/:id/complete', async () => {
    await expectAllRefused(
      [
        ...oddSegments.map((segment) => ({ label: `id ${segment}`, method: 'POST', path: `/dev/appointments/${segment}/complete`, refused: { status: 400 } })),
        ...bodyCases({ bodyRequired: false, hasBody: false }).map((c) => ({ method: 'POST', path: '/dev/appointments/2147483647/complete', ...c })),
      ],
      { token: undefined, shape: 'json' },
    );
  });
});
