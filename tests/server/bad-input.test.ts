import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountedTotal } from '../../server/domain/pricing.ts';
import { loadSpec } from '../../server/http/spec.ts';
import { personMessage } from '../../server/http/validation-message.ts';
import { signPaymentEvent } from '../../server/domain/payment-signature.ts';
import { demoLogin } from '../../server/seed/seed.ts';
import { appointmentPayload, bookedLesson, createService, orderBody, packagePrice, paidOrder, perClass, type Slot, slotSource, clientPackageBody } from '../support/booking-fixtures.ts';
import { operations, responseErrors } from '../support/contract.ts';
import { lessonOf, paymentEvent } from '../support/hold-fixtures.ts';
import { type Session, type TestServer, startTestServer, storedState, testWebhookSecret } from '../support/test-server.ts';

/*
 * Malformed input, one class at a time, over every operation of openapi.yaml that has a field of the
 * class. The (operation, field) pairs are derived from openapi.yaml (path parameters, query parameters,
 * request bodies, $refs resolved); each operation has one hand-written valid request below, and each
 * case changes one field of it. Every case must be refused with a 4xx that has a `message` (and, for a
 * 400, `field` naming the field) and must leave the stored state as it was.
 */

// ---------------------------------------------------------------------------------------------
// What openapi.yaml says

type Schema = { [key: string]: unknown };
type Location = 'path' | 'query' | 'header' | 'body';
type Step = string | number;

const doc = loadSpec();
const maxDepth = 32;

function resolve(schema: unknown): Schema {
  let node = (schema ?? {}) as Schema;
  for (let hops = 0; typeof node.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${String(node.$ref)}`);
    const { $ref, ...rest } = node;
    let target: unknown = doc;
    for (const part of ($ref as string).slice(2).split('/')) target = (target as Schema)[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    // Keys next to a $ref (a description, x-extension) add to the target; they never change its constraints here.
    node = { ...(target as Schema), ...rest };
  }
  return node;
}

/** The JSON types a schema allows; from const or enum when it states no type. */
function typesOf(schema: Schema): Set<string> {
  const jsonType = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : Number.isInteger(v) ? 'integer' : typeof v);
  if (Array.isArray(schema.type)) return new Set(schema.type as string[]);
  if (typeof schema.type === 'string') return new Set([schema.type]);
  if ('const' in schema) return new Set([jsonType(schema.const)]);
  if (Array.isArray(schema.enum)) return new Set(schema.enum.map(jsonType));
  return new Set();
}
const isNumeric = (s: Schema) => typesOf(s).has('integer') || typesOf(s).has('number');

/** `[0].rcras[0].charge_rate`, `bookingdata`, `clientid`: how the server names a field in `field`. */
const fieldName = (at: readonly Step[]) =>
  at.reduce<string>((name, step) => (typeof step === 'number' ? `${name}[${step}]` : name ? `${name}.${step}` : step), '');

interface Field {
  operationId: string;
  location: Location;
  /** Where the field is: the parameter's name, or the steps into the body (0 for an array's item). */
  at: Step[];
  field: string;
  schema: Schema;
  required: boolean;
}

interface OperationDoc {
  operationId: string;
  method: string;
  path: string;
  parameters?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
}

const operationDocs: OperationDoc[] = operations.map((op) => ({
  ...(doc.paths[op.path]?.[op.method.toLowerCase()] as unknown as OperationDoc),
  method: op.method,
  path: op.path,
}));

function fieldsOf(op: OperationDoc): Field[] {
  const found: Field[] = [];
  for (const p of op.parameters ?? []) {
    const parameter = resolve(p) as { name: string; in: Location; required?: boolean; schema: unknown };
    found.push({ operationId: op.operationId, location: parameter.in, at: [parameter.name], field: parameter.name, schema: resolve(parameter.schema), required: parameter.required ?? false });
  }
  const walk = (schema: unknown, at: Step[], required: boolean) => {
    const s = resolve(schema);
    if (at.length > 0) found.push({ operationId: op.operationId, location: 'body', at, field: fieldName(at), schema: s, required });
    for (const [key, child] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
      walk(child, [...at, key], Array.isArray(s.required) && s.required.includes(key));
    }
    if (s.items !== undefined) walk(s.items, [...at, 0], true);
  };
  const body = op.requestBody?.content['application/json']?.schema;
  if (body !== undefined) walk(body, [], true);
  return found;
}

const allFields = operationDocs.flatMap(fieldsOf);
const isLeaf = (f: Field) => f.schema.properties === undefined && f.schema.items === undefined;
/** A JSON value of any shape: an object without properties that takes any. */
const isFreeObject = (f: Field) => typesOf(f.schema).has('object') && f.schema.properties === undefined && f.schema.additionalProperties === true;
/** A string holding JSON text that the server parses. */
const isJsonText = (f: Field) => f.schema.contentMediaType === 'application/json';
/** Text of digits, or of numbers separated by commas, that the server reads as numbers (`/appointmentstwo/{ids}`). */
const isNumericText = (f: Field) => {
  if (typesOf(f.schema).size !== 1 || !typesOf(f.schema).has('string') || typeof f.schema.pattern !== 'string') return false;
  const pattern = new RegExp(f.schema.pattern, 'u');
  return pattern.test('12') && [...'a +-()._:/'].every((c) => !pattern.test(`1${c}2`));
};
/** Text a person writes: no enum, const, format or pattern other than "not only white space". */
const isFreeText = (f: Field) =>
  typesOf(f.schema).size === 1 &&
  typesOf(f.schema).has('string') &&
  !isJsonText(f) &&
  f.schema.enum === undefined &&
  f.schema.const === undefined &&
  f.schema.format === undefined &&
  (f.schema.pattern === undefined || f.schema.pattern === '\\S');
/** Secrets may be any characters, white space included: they are never shown, only compared. */
const secretFields = new Set(['login password', 'changePassword oldPassword', 'changePassword newPassword', 'changePasswordByLink newPassword']);
const isSecret = (f: Field) => secretFields.has(`${f.operationId} ${f.field}`);

// ---------------------------------------------------------------------------------------------
// The server and one valid request per operation

let server: TestServer;
let client: Session;

interface BaseRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  /** Headers of the request as sent, from its body text (the provider's notification signs the body). */
  headers?: (body: string | undefined) => Record<string, string>;
}

/** What the base requests rest on, made in beforeAll. */
const made = {
  resetToken: '',
  service: 0,
  paid: { ref: '', amount: 0 },
  uninvoiced: { ref: '', amount: 0 },
  invoice: { id: 0, ref: '', amount: 0 },
  unpaidPackage: 0,
  price: 0,
  booking: { slot: undefined as Slot | undefined, service: 0, order: { ref: '', amount: 0 } },
  /** An hour the order of createOrder's base holds, and the one class of bookLessons' free assessment. */
  orderSlot: undefined as Slot | undefined,
  freeSlot: undefined as Slot | undefined,
  lesson: { appointment: 0, service: 0, to: undefined as Slot | undefined },
  /** The secret of the client's calendar feed. */
  feedToken: '',
};
const coupon = { code: 'WELCOME50', discount_type: 'flat' as const, discount_value: 50 };

/** A request the server accepts as it is, for each operation with a parameter or a body. */
const bases: Record<string, () => BaseRequest> = {
  login: () => ({ body: { email: client.email, password: demoLogin.password } }),
  forgetPassword: () => ({ body: { email: client.email } }),
  changePasswordByLink: () => ({ params: { id: made.resetToken }, body: { newPassword: 'Brand-New-Secret-42' } }),
  changePassword: () => ({ body: { clientid: client.clientid, oldPassword: demoLogin.password, newPassword: 'Another-Secret-42' } }),
  requestQuote: () => ({ body: { firstname: 'Ann', lastname: 'Lee', students: '1', email: 'quote-bad-input@example.com', phone: '+971 50 123 4567', terms: true } }),
  getClientData: () => ({ params: { clientid: client.clientid } }),
  checkClientStatus: () => ({ query: { clientid: client.clientid } }),
  getClientPriceStatus: () => ({ params: { clientid: client.clientid } }),
  getFreeAssessmentStatus: () => ({ params: { clientid: client.clientid } }),
  sendClientEmail: () => ({ body: { email: 'contact-me@example.com' } }),
  createStudents: () => ({ query: { branch_id: 1 }, body: [{ first_name: 'Nia', last_name: 'Lee', paying_client: client.clientid }] }),
  listLocations: () => ({ query: { branch_id: 1 } }),
  listSubjects: () => ({ query: { branch_id: 1 } }),
  listPackagesForStudents: () => ({ query: { student: 1, level: 5 } }),
  listContractors: () => ({ query: { branch_id: 1 } }),
  listContractorsWithAvailability: () => ({ query: { branch_id: 1 } }),
  filterAvailabilityBySubject: () => ({ body: { subjectNames: ['Mathematics'], branch_id: 1, yearLevels: [5] } }),
  filterTutors: () => ({ query: { subject: 'Mathematics', date: '2031-01-06', time: '10:00', quallevel: 5, branch_id: 1 } }),
  listAppointmentsForStudents: () => ({ params: { ids: client.studentIds.join(',') }, query: { branch_id: 1 } }),
  listAppointmentsForStudent: () => ({ params: { id: client.studentIds[0] as number } }),
  rescheduleAppointment: () => {
    const to = made.lesson.to as Slot;
    return { params: { id: made.lesson.appointment }, body: { start: to.start.toISOString(), finish: to.finish.toISOString(), topic: 'Mathematics', service: made.lesson.service, branch_id: 1 } };
  },
  createAppointments: () => ({
    body: [appointmentPayload(client, made.booking.slot as Slot, made.booking.service, { order_ref: made.booking.order.ref }, { charge: perClass(made.booking.order.amount, 6) })],
  }),
  getService: () => ({ params: { serviceId: made.service }, query: { branch_id: 1 } }),
  createService: () => ({
    body: {
      name: 'Mathematics',
      dft_charge_type: 'hourly',
      dft_charge_rate: '100.00',
      dft_contractor_rate: '40.00',
      conjobs: [{ contractor: made.booking.slot?.contractorId as number }],
      rcrs: [{ recipient: client.studentIds[0] as number }],
      branch_id: 1,
      order_ref: made.paid.ref,
    },
  }),
  listClientPackages: () => ({ params: { clientid: client.clientid } }),
  getClientPackage: () => ({ params: { id: made.unpaidPackage } }),
  listUnpaidClientPackages: () => ({ params: { clientid: client.clientid } }),
  deleteUnpaidClientPackages: () => ({ params: { clientid: client.clientid } }),
  createClientPackage: () => ({ body: clientPackageBody(client.clientid) }),
  updateClientPackage: () => ({ params: { id: made.unpaidPackage }, body: clientPackageBody(client.clientid) }),
  applyCoupon: () => ({ body: { code: coupon.code, userId: client.clientid } }),
  createInvoice: () => ({
    body: { branch_id: 1, amount: made.uninvoiced.amount.toFixed(2), client: client.clientid, raise_behaviour: 'raise', description: 'Package', order_ref: made.uninvoiced.ref },
  }),
  takeInvoicePayment: () => ({
    params: { invoiceId: made.invoice.id },
    body: { branch_id: 1, clientid: client.clientid, amount: made.invoice.amount, method: 'card', send_receipt: true, order_ref: made.invoice.ref },
  }),
  createOrder: () => ({
    body: {
      ...orderBody(client, discountedTotal(made.price, coupon), { coupon: coupon.code, clientPackageId: made.unpaidPackage }),
      appoint_ids: [made.orderSlot?.aptId as number],
      // One line, the same as the order's package, year and student: every field of a line is exercised too.
      lines: [{ pkg_id: 2, level: 5, student_ids: client.studentIds.slice(0, 1), weekly_lessons: { Mathematics: 1 } }],
      lessons: [lessonOf(made.orderSlot as Slot, client.studentIds.slice(0, 1))],
    },
  }),
  getOrder: () => ({ params: { ref: made.paid.ref } }),
  fulfilOrder: () => ({ params: { ref: made.paid.ref } }),
  receivePaymentEvent: () => ({
    body: JSON.parse(paymentEvent(made.paid.ref, made.paid.amount).body),
    // Signed over the body as sent: a changed field is refused for itself, before the signature is looked at.
    headers: (body) => ({ 'payment-signature': signPaymentEvent(testWebhookSecret, body ?? '', Math.floor(Date.now() / 1000)) }),
  }),
  bookLessons: () => ({
    body: { client_id: client.clientid, branch_id: 1, basis: { free_assessment: true }, lessons: [lessonOf(made.freeSlot as Slot, client.studentIds.slice(1, 2))] },
  }),
  listOrdersToPlace: () => ({ params: { clientid: client.clientid } }),
  postOrderStatus: () => ({ body: { ref: made.paid.ref, status: 'success' } }),
  sendReview: () => ({ body: { clientid: client.clientid, client_email: client.email, review_number: 4, description: 'Clear lessons.' } }),
  getLessonCalendarFile: () => ({ params: { id: made.lesson.appointment } }),
  getCalendarFeed: () => ({ params: { token: made.feedToken } }),
  resetCalendarFeed: () => ({ body: { reset: true } }),
};

beforeAll(async () => {
  server = await startTestServer();
  client = await server.newClient(2);
  const slots = slotSource(server, client);

  await server.api('POST', '/forget_password', { body: { email: client.email } });
  const [mail] = await server.db.query<{ body: string }>('select body from outbox where to_address = $1 order by id desc limit 1', [client.email]);
  made.resetToken = /\/changepassword\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1] ?? '';

  made.orderSlot = await slots.next();
  made.freeSlot = await slots.next();
  const bookingSlot = await slots.next();
  made.booking = { slot: bookingSlot, service: await createService(server, client, bookingSlot.contractorId), order: await paidOrder(server, client) };
  made.service = made.booking.service;
  made.paid = await paidOrder(server, client);
  made.uninvoiced = await paidOrder(server, client);
  const invoiced = await paidOrder(server, client);
  const raised = await server.api('POST', '/proformainvoice', {
    token: client.token,
    body: { branch_id: 1, amount: invoiced.amount, client: client.clientid, raise_behaviour: 'raise', description: 'Package', order_ref: invoiced.ref },
  });
  made.invoice = { id: raised.body.data.id, ref: invoiced.ref, amount: invoiced.amount };
  made.unpaidPackage = (await server.api('POST', '/client-packages/', { token: client.token, body: clientPackageBody(client.clientid) })).body.data.id;
  made.price = await packagePrice(server, client, 2);
  const lessonSlot = await slots.next();
  const lesson = await bookedLesson(server, client, lessonSlot);
  const [to] = await slots.sameTutor(lessonSlot.contractorId, 1);
  made.lesson = { appointment: lesson.appointmentId, service: lesson.serviceId, to };
  const feed = await server.api('POST', '/calendar-feed', { token: client.token });
  made.feedToken = /\/calendar-feed\/([A-Za-z0-9_-]{43})$/.exec(feed.body.url ?? '')?.[1] ?? '';

  const ready = [made.resetToken.length, made.invoice.id, made.unpaidPackage, made.price, made.lesson.appointment, made.feedToken.length];
  if (ready.some((n) => !(n > 0))) throw new Error(`fixtures incomplete: ${JSON.stringify(made)}`);
});
afterAll(() => server?.close());

// ---------------------------------------------------------------------------------------------
// Sending one request with one field changed

/**
 * How a field is changed, from its value in the base request: to another JSON value, to raw JSON text
 * (1e400, which JSON.stringify cannot write), or to raw URL text (already percent-encoded).
 */
interface Mutation {
  label: string;
  value?: (base: unknown) => unknown;
  raw?: (base: string) => string;
  /** The field the answer must name, when not the field itself (a field inside a JSON value). */
  names?: string;
}

interface Case extends Field {
  mutation: Mutation;
  label: string;
  /** The answers that refuse it. */
  statuses: number[];
  contentType?: string;
}

const rawMarker = '\u0001raw-json\u0001';

function setAt(target: unknown, at: readonly Step[], value: unknown): unknown {
  const copy = structuredClone(target) ?? (typeof at[0] === 'number' ? [] : {});
  let node = copy as Record<Step, unknown>;
  at.forEach((step, i) => {
    if (i === at.length - 1) node[step] = value;
    else {
      node[step] ??= typeof at[i + 1] === 'number' ? [] : {};
      node = node[step] as Record<Step, unknown>;
    }
  });
  return copy;
}

function getAt(target: unknown, at: readonly Step[]): unknown {
  return at.reduce<unknown>((node, step) => (node === null || typeof node !== 'object' ? undefined : (node as Record<Step, unknown>)[step]), target);
}

function requestOf(c: Case): { method: string; url: string; body?: string; contentType?: string; headers: Record<string, string> } {
  const op = operationDocs.find((o) => o.operationId === c.operationId) as OperationDoc;
  const base = bases[c.operationId]?.() ?? {};
  const original = baseValue(c);
  const raw = (name: string, location: Location, value: string | number) =>
    c.location === location && c.at[0] === name && c.mutation.raw !== undefined ? c.mutation.raw(String(original)) : encodeURIComponent(String(value));
  const params = { ...base.params };
  if (c.location === 'path' && c.mutation.raw !== undefined) params[c.at[0] as string] ??= '';
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => raw(name, 'path', params[name] ?? ''));
  const query = { ...base.query };
  if (c.location === 'query' && c.mutation.raw !== undefined) query[c.at[0] as string] ??= '';
  const qs = Object.entries(query)
    .map(([name, value]) => `${encodeURIComponent(name)}=${raw(name, 'query', value)}`)
    .join('&');
  let body = base.body === undefined ? undefined : JSON.stringify(base.body);
  if (c.location === 'body') {
    if (c.mutation.raw !== undefined) {
      body = JSON.stringify(setAt(base.body, c.at, rawMarker)).replace(JSON.stringify(rawMarker), c.mutation.raw(String(original)));
    } else if (c.mutation.value !== undefined) {
      body = JSON.stringify(setAt(base.body, c.at, c.mutation.value(original)));
    }
  }
  const headers = base.headers?.(body) ?? {};
  if (c.location === 'header' && c.mutation.value !== undefined) headers[c.at[0] as string] = String(c.mutation.value(original));
  if (c.location === 'header' && c.mutation.raw !== undefined) headers[c.at[0] as string] = decodeURIComponent(c.mutation.raw(String(original)));
  return { method: op.method, url: `${server.url}/api${path}${qs ? `?${qs}` : ''}`, ...(body === undefined ? {} : { body }), ...(c.contentType ? { contentType: c.contentType } : {}), headers };
}

/** A token for the client at its current version (a case that got through may have changed the password). */
async function token(): Promise<string> {
  const [row] = await server.db.query<{ token_version: number }>('select token_version from clients where id = $1', [client.clientid]);
  return server.tokens.sign({ sub: client.clientid, branch_id: 1, ver: row?.token_version ?? 0 });
}

let lastState: Awaited<ReturnType<typeof storedState>> | undefined;

async function refusesAndWritesNothing(c: Case) {
  const request = requestOf(c);
  const before = lastState ?? (await storedState(server.db));
  const headers: Record<string, string> = { ...request.headers, authorization: `Bearer ${await token()}` };
  if (request.body !== undefined) headers['content-type'] = request.contentType ?? 'application/json';
  const response = await fetch(request.url, { method: request.method, headers, ...(request.body === undefined ? {} : { body: request.body }) });
  const text = await response.text();
  let body: { success?: unknown; message?: unknown; field?: unknown } | string;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  const after = await storedState(server.db);
  lastState = after;

  expect(c.statuses, `answered ${response.status} ${text.slice(0, 300)}`).toContain(response.status);
  expect(body).toMatchObject({ success: false, message: expect.any(String) });
  if (response.status === 400) {
    // A field the guards in front of validation refuse (a NUL, a non-finite number) is named itself, even
    // where validation would name the object that holds one property only.
    const named = (body as { field?: unknown }).field;
    const parent = exclusiveParent(c);
    const field = c.mutation.names ?? (parent !== undefined && named === parent ? parent : c.field);
    expect(body).toMatchObject({ field });
    // A field a person types is refused in a sentence for them, without its name; any other names its path.
    const message = (body as { message: string }).message;
    if (personMessage(c.operationId, field, { keyword: 'invalid' }) === undefined) expect(message).toMatch(new RegExp(`^${field.replace(/[[\]().\\]/g, '\\$&')}: .`));
    else expect(message).toMatch(/^[A-Z][^:]*\.$/);
  }
  if (documents(c.operationId, response.status)) expect(responseErrors(c.operationId, response.status, body)).toEqual([]);
  expect(after.digest).toEqual(before.digest);
}

/**
 * A field of an object that holds exactly one of its properties (the basis of POST /bookings), which the base
 * request leaves out: any value of it adds a second property, so the answer names the object.
 */
function exclusiveParent(c: Case): string | undefined {
  if (c.location !== 'body' || c.at.length < 2) return undefined;
  const parentAt = c.at.slice(0, -1);
  const parent = allFields.find((f) => f.operationId === c.operationId && f.location === 'body' && fieldName(f.at) === fieldName(parentAt));
  const base = bases[c.operationId]?.().body;
  return parent?.schema.maxProperties === 1 && getAt(base, c.at) === undefined ? parent.field : undefined;
}

function documents(operationId: string, status: number): boolean {
  const op = operationDocs.find((o) => o.operationId === operationId) as unknown as { responses?: Record<string, unknown> };
  return op?.responses !== undefined && String(status) in op.responses;
}

const casesOf = (fields: Field[], mutations: (field: Field) => Mutation[], statuses: (field: Field) => number[] = () => [400]): Case[] =>
  fields.flatMap((field) => mutations(field).map((mutation) => ({ ...field, mutation, label: mutation.label, statuses: statuses(field) })));

/** Each class covers every operation that has a field of it: an operation without a valid base request fails here. */
function expectCoverage(cases: Case[]) {
  const uncovered = [...new Set(cases.map((c) => c.operationId))].filter((id) => !(id in bases));
  expect(uncovered).toEqual([]);
  expect(cases.length).toBeGreaterThan(0);
}

/** A valid value of a field's type, for a field the base request leaves out. */
function sample(field: Field, base: unknown): unknown {
  const value = getAt(base, field.at);
  if (value !== undefined) return value;
  const types = typesOf(field.schema);
  if (types.has('integer') || types.has('number')) return (field.schema.minimum as number | undefined) ?? 1;
  if (types.has('boolean')) return true;
  if (types.has('array')) return [];
  if (types.has('object')) return {};
  return 'text';
}

const baseValue = (field: Field): unknown => {
  const base = bases[field.operationId]?.() ?? {};
  if (field.location === 'body') return sample(field, base.body);
  return (field.location === 'path' ? base.params : base.query)?.[field.at[0] as string] ?? 'text';
};

/** JSON text of `levels` containers, arrays and objects in turn, around `leaf`: written as text, since 5 000 levels are too deep for JSON.stringify. */
const nested = (levels: number, leaf: unknown = 1): string => {
  let open = '';
  let close = '';
  for (let i = 0; i < levels; i++) {
    open += i % 2 === 0 ? '{"a":' : '[';
    close = (i % 2 === 0 ? '}' : ']') + close;
  }
  return `${open}${JSON.stringify(leaf)}${close}`;
};
/** JSON text of an object with one more entry, `"deep"`, holding JSON text. */
const withDeepEntry = (objectText: string, deepText: string) => `${objectText.slice(0, objectText.lastIndexOf('}'))}${objectText.trim() === '{}' ? '' : ','}"deep":${deepText}}`;

// ---------------------------------------------------------------------------------------------

describe('the operations of openapi.yaml all have a valid base request', () => {
  const withInput = operationDocs.filter((op) => fieldsOf(op).length > 0).map((op) => op.operationId);

  it('every operation with a parameter or a body has one, and every base is an operation', () => {
    expect(withInput.filter((id) => !(id in bases))).toEqual([]);
    expect(Object.keys(bases).filter((id) => !withInput.includes(id))).toEqual([]);
  });

  it('every base request conforms to the request schemas of openapi.yaml, without any coercion', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    ajv.addSchema(doc as object, 'openapi');
    const problems: string[] = [];
    for (const op of operationDocs.filter((o) => o.operationId in bases)) {
      const base = bases[op.operationId]?.() ?? {};
      const check = (what: string, validate: ValidateFunction, value: unknown) => {
        if (!validate(value)) problems.push(`${op.operationId} ${what}: ${ajv.errorsText(validate.errors)}`);
      };
      const pointer = `#/paths/${op.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${op.method.toLowerCase()}`;
      if (op.requestBody) check('body', ajv.compile({ $ref: `openapi${pointer}/requestBody/content/application~1json/schema` }), base.body);
      for (const p of op.parameters ?? []) {
        const parameter = resolve(p) as { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: unknown };
        const value =
          parameter.in === 'header' ? base.headers?.(base.body === undefined ? undefined : JSON.stringify(base.body))[parameter.name] : (parameter.in === 'path' ? base.params : base.query)?.[parameter.name];
        if (value === undefined) {
          if (parameter.required) problems.push(`${op.operationId} ${parameter.name}: missing`);
          continue;
        }
        // Parameters travel as text: only a number-typed one is read as a number.
        const typed = isNumeric(resolve(parameter.schema)) && typeof value === 'string' ? Number(value) : value;
        check(parameter.name, ajv.compile(resolve(parameter.schema)), typed);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('non-finite and out-of-range numbers: 400 (or 404 for a path), never a 500', () => {
  const numberFields = allFields.filter((f) => (isNumeric(f.schema) && isLeaf(f)) || isNumericText(f));
  const raw = (text: string): Mutation => ({ label: text, raw: () => text });
  const cases = casesOf(
    numberFields,
    (field) => {
      if (isNumericText(field)) return ['2147483648', '99999999999999999999', '1,2147483648', '1e400'].map(raw);
      if (field.location !== 'body') return ['Infinity', '-Infinity', 'NaN', '1e400', '2147483648', '-2147483649'].map(raw);
      const numbers = ['1e400', '-1e400', '2147483648', '-2147483649'].map(raw);
      // Money is a number or a decimal string: the string must be bounded like the number.
      const texts = typesOf(field.schema).has('string')
        ? ['1e400', 'Infinity', '1000000.01', '9999999.99'].map((text) => ({ label: JSON.stringify(text), value: () => text }))
        : [];
      return [...numbers, ...texts];
    },
    (field) => (field.location === 'path' ? [400, 404] : [400]),
  );

  it('covers every numeric field of openapi.yaml', () => {
    expectCoverage(cases);
    expect(numberFields.map((f) => `${f.operationId} ${f.field}`)).toEqual(
      expect.arrayContaining(['createAppointments [0].rcras[0].charge_rate', 'listAppointmentsForStudents ids', 'getClientData clientid', 'checkClientStatus clientid']),
    );
  });

  it('every numeric schema of a parameter or request body is bounded', () => {
    const unbounded = allFields
      .filter((f) => isNumeric(f.schema) && f.schema.enum === undefined && f.schema.const === undefined)
      .filter((f) => typeof f.schema.minimum !== 'number' || typeof f.schema.maximum !== 'number')
      .map((f) => `${f.operationId} ${f.location} ${f.field}`);
    expect(unbounded).toEqual([]);
  });

  it.each(cases)('$operationId $location $field = $label', refusesAndWritesNothing);
});

describe('NUL bytes and lone surrogates in any string: 400 naming the field', () => {
  // A header cannot carry a NUL or a lone surrogate at all (HTTP refuses it before any server sees it).
  const stringFields = allFields.filter((f) => ((typesOf(f.schema).has('string') && isLeaf(f)) || isFreeObject(f)) && f.location !== 'header');
  const inside = (value: string, bad: string) => `${value.slice(0, 1)}${bad}${value.slice(1)}`;
  const withEntry = (key: string, entry: unknown) => (base: unknown) => ({ ...(base as Schema), [key]: entry });
  const inText = (key: string, entry: unknown) => (base: unknown) => JSON.stringify({ ...(JSON.parse(String(base)) as Schema), [key]: entry });
  const cases = casesOf(stringFields, (field) => {
    if (isFreeObject(field)) {
      return [
        { label: 'a NUL in a value inside', value: withEntry('note', 'a\u0000b'), names: `${field.field}.note` },
        { label: 'a lone surrogate in a value inside', value: withEntry('note', 'a\ud800b'), names: `${field.field}.note` },
        { label: 'a NUL in a key inside', value: withEntry('no\u0000te', 1), names: field.field },
        { label: 'a lone surrogate in a key inside', value: withEntry('\udc00note', 1), names: field.field },
      ];
    }
    if (field.location !== 'body') {
      return [
        { label: '%00 inside', raw: (base: string) => inside(base, '%00') },
        { label: 'a lone surrogate (%ED%A0%80) inside', raw: (base: string) => inside(base, '%ED%A0%80') },
      ];
    }
    const mutations: Mutation[] = [
      { label: 'a NUL inside', value: (base) => inside(String(base), '\u0000') },
      { label: 'a lone high surrogate inside', value: (base) => inside(String(base), '\ud800') },
      { label: 'a lone low surrogate inside', value: (base) => inside(String(base), '\udc00') },
    ];
    if (isJsonText(field)) {
      mutations.push(
        { label: 'JSON text with a NUL escaped in a value', value: inText('note', 'a\u0000b') },
        { label: 'JSON text with a lone surrogate escaped in a value', value: inText('note', 'a\ud800b') },
        { label: 'JSON text with a NUL escaped in a key', value: inText('no\u0000te', 1) },
      );
    }
    return mutations;
  });

  it('covers every string field of openapi.yaml, and the JSON fields', () => {
    expectCoverage(cases);
    expect(stringFields.map((f) => `${f.operationId} ${f.field}`)).toEqual(
      expect.arrayContaining(['createClientPackage bookingdata', 'createClientPackage packageForm', 'updateClientPackage bookingdata', 'filterTutors subject', 'changePasswordByLink id', 'createAppointments [0].topic']),
    );
  });

  it.each(cases)('$operationId $location $field: $label', refusesAndWritesNothing);
});

describe(`JSON nested deeper than ${maxDepth} levels: 400 naming the field`, () => {
  const jsonFields = allFields.filter((f) => isFreeObject(f) || isJsonText(f));
  // Levels are containers (objects and arrays). In the body the body's own count: the body object is level 1,
  // `bookingdata` level 2, so `levels` more inside it end at level 1 + path length + levels. JSON text counts
  // from its own top level.
  const levelsOver = (field: Field) => (isJsonText(field) ? maxDepth : maxDepth - field.at.length);
  // A JSON value goes into the body as raw JSON text; JSON text goes in as the string it is.
  const deep = (field: Field, levels: number, leaf: unknown = 1): Omit<Mutation, 'label'> =>
    isJsonText(field)
      ? { value: (base) => withDeepEntry(String(base), nested(levels, leaf)) }
      : { raw: () => withDeepEntry(JSON.stringify(baseValue(field)), nested(levels, leaf)) };
  const cases = casesOf(jsonFields, (field) => [
    { label: '5 000 levels of arrays and objects', ...deep(field, 5000) },
    { label: '5 000 levels with a string at the bottom', ...deep(field, 5000, 'x') },
    { label: `one level past ${maxDepth}`, ...deep(field, levelsOver(field)) },
  ]);

  it('covers every JSON field of openapi.yaml: bookingdata and packageForm of both package operations', () => {
    expectCoverage(cases);
    expect(jsonFields.map((f) => `${f.operationId} ${f.field}`).sort()).toEqual(
      ['createClientPackage bookingdata', 'createClientPackage packageForm', 'updateClientPackage bookingdata', 'updateClientPackage packageForm'].sort(),
    );
  });

  it.each(cases)('$operationId $field: $label', refusesAndWritesNothing);

  it(`takes a package whose bookingdata and packageForm nest exactly ${maxDepth} levels`, async () => {
    const data = jsonFields.find((j) => j.operationId === 'createClientPackage' && j.field === 'bookingdata') as Field;
    const text = jsonFields.find((j) => j.operationId === 'createClientPackage' && j.field === 'packageForm') as Field;
    const base = clientPackageBody(client.clientid);
    const bookingdata = JSON.parse(withDeepEntry(JSON.stringify(base.bookingdata), nested(levelsOver(data) - 1))) as unknown;
    const body = { ...base, bookingdata, packageForm: withDeepEntry(base.packageForm, nested(levelsOver(text) - 1)) };
    const answer = await server.api('POST', '/client-packages/', { token: await token(), body });
    lastState = undefined;
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.data.bookingdata).toEqual(bookingdata);
    expect(answer.body.data.packageForm).toBe(body.packageForm);
  });
});

describe('no type coercion of bodies: a wrong type is a 400 naming the field', () => {
  const bodyFields = allFields.filter((f) => f.location === 'body');
  const holdsObjects = (field: Field) => typesOf(field.schema).has('object') || (field.schema.items !== undefined && typesOf(resolve(field.schema.items)).has('object'));
  const first = (base: unknown) => (Array.isArray(base) ? (base[0] ?? 1) : base);
  const cases = casesOf(bodyFields, (field) => {
    const types = typesOf(field.schema);
    const mutations: Mutation[] = [];
    if (!types.has('array')) mutations.push({ label: 'wrapped in an array', value: (base) => [base] });
    if (!types.has('string') && !holdsObjects(field)) mutations.push({ label: 'as a string', value: (base) => String(first(base)) });
    if (!types.has('number') && !types.has('integer')) {
      mutations.push({ label: 'as a number', value: (base) => (typeof first(base) === 'string' && Number.isFinite(Number(first(base))) && first(base) !== '' ? Number(first(base)) : 1) });
    }
    if (!types.has('boolean')) mutations.push({ label: 'true', value: () => true });
    if (!types.has('null')) mutations.push({ label: 'null', value: () => null });
    return mutations;
  });

  it('covers every field of every request body in openapi.yaml', () => {
    expectCoverage(cases);
    expect(new Set(cases.map((c) => `${c.operationId} ${c.field}`)).size).toBe(bodyFields.length);
  });

  it.each(cases)('$operationId $field $label', refusesAndWritesNothing);
});

describe('white space alone where a value is required: 400 naming the field', () => {
  const textFields = allFields.filter((f) => isFreeText(f) && !isSecret(f));
  const required = textFields.filter((f) => typeof f.schema.minLength === 'number' && f.schema.minLength >= 1);
  const cases = casesOf(required, (field) =>
    // A header value is ASCII on one line: only spaces can be sent there.
    (field.location === 'header' ? ['   '] : ['   ', '\t\n', '\u00a0\u3000']).map((text) =>
      field.location === 'body' ? { label: JSON.stringify(text), value: () => text } : { label: JSON.stringify(text), raw: () => encodeURIComponent(text) },
    ),
  );

  it("every required free-text field of openapi.yaml says `pattern: '\\S'` (passwords excepted, which may be any characters)", () => {
    expectCoverage(cases);
    expect(required.filter((f) => f.schema.pattern !== '\\S').map((f) => `${f.operationId} ${f.location} ${f.field}`)).toEqual([]);
    expect(required.map((f) => `${f.operationId} ${f.field}`)).toEqual(expect.arrayContaining(['createService name', 'createInvoice description', 'createAppointments [0].topic', 'requestQuote firstname']));
    expect(allFields.filter(isSecret)).toHaveLength(secretFields.size);
  });

  it.each(cases)('$operationId $location $field = $label', refusesAndWritesNothing);
});

describe('a body in a charset other than UTF-8: 415', () => {
  const bodies = operationDocs.filter((op) => op.requestBody !== undefined);
  const cases: Case[] = bodies.flatMap((op) =>
    ['application/json; charset=latin1', 'application/json; charset=utf-16', 'application/json;charset=ISO-8859-1'].map((contentType) => ({
      operationId: op.operationId,
      location: 'body' as const,
      at: [],
      field: 'body',
      schema: {},
      required: true,
      mutation: { label: contentType },
      label: contentType,
      statuses: [415],
      contentType,
    })),
  );

  it('covers every operation with a request body', () => {
    expectCoverage(cases);
    expect(new Set(cases.map((c) => c.operationId)).size).toBe(bodies.length);
  });

  it.each(cases)('$operationId with $label', refusesAndWritesNothing);

  it('takes charset=utf-8 however it is spelled', async () => {
    for (const contentType of ['application/json; charset=utf-8', 'application/json; charset="UTF-8"', 'application/json;charset=utf8']) {
      const response = await fetch(`${server.url}/api/apply-coupon`, {
        method: 'POST',
        headers: { 'content-type': contentType, authorization: `Bearer ${await token()}` },
        body: JSON.stringify({ code: coupon.code, userId: client.clientid }),
      });
      expect({ contentType, status: response.status }).toEqual({ contentType, status: 200 });
    }
  });

  it('refuses bytes that are not UTF-8 with 400 naming the body', async () => {
    const before = await storedState(server.db);
    const bytes = Buffer.concat([Buffer.from('{"email":"a'), Buffer.from([0xff, 0xfe]), Buffer.from('@example.com"}')]);
    const response = await fetch(`${server.url}/api/clientemailsend/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await token()}` },
      body: bytes,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, field: 'body', message: expect.any(String) });
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });
});

describe('a value only the database refuses: 400, never a 500', () => {
  it('a start_date of year 0 (a valid date format, a date PostgreSQL does not have) answers 400 and books nothing', async () => {
    const base = bases.createAppointments?.() as { body: Record<string, unknown>[] };
    const before = await storedState(server.db);
    const answer = await server.api('POST', '/appointments/', { token: await token(), body: [{ ...base.body[0], start_date: '0000-01-01' }] });
    lastState = undefined;

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ success: false, message: expect.any(String) });
    expect(responseErrors('createAppointments', 400, answer.body)).toEqual([]);
    expect((await storedState(server.db)).digest).toEqual(before.digest);
  });
});

describe('each base request, sent as it is, is accepted (so that each refusal above is the changed field’s)', () => {
  // Reads first; then writes, each before whatever would use up what it needs: the password change ends the
  // reset link, so the link is asked for again; deleting the unpaid packages comes last.
  const order = [
    ...['getClientData', 'checkClientStatus', 'getClientPriceStatus', 'getFreeAssessmentStatus', 'listLocations', 'listSubjects', 'listPackagesForStudents'],
    ...['listContractors', 'listContractorsWithAvailability', 'filterAvailabilityBySubject', 'filterTutors', 'listAppointmentsForStudents', 'listAppointmentsForStudent'],
    ...['getService', 'listClientPackages', 'getClientPackage', 'listUnpaidClientPackages', 'getOrder', 'applyCoupon', 'login', 'forgetPassword', 'requestQuote'],
    // The reset after the feed's read: it replaces the address that read uses.
    ...['getLessonCalendarFile', 'getCalendarFeed', 'resetCalendarFeed'],
    ...['sendClientEmail', 'createStudents', 'sendReview', 'rescheduleAppointment', 'createAppointments', 'createService', 'createClientPackage', 'updateClientPackage'],
    ...['fulfilOrder', 'receivePaymentEvent', 'listOrdersToPlace', 'bookLessons'],
    ...['createInvoice', 'takeInvoicePayment', 'createOrder', 'postOrderStatus', 'changePassword', 'changePasswordByLink', 'deleteUnpaidClientPackages'],
  ];

  it('lists every base once', () => {
    expect([...order].sort()).toEqual(Object.keys(bases).sort());
  });

  it.each(order)('%s', async (operationId) => {
    if (operationId === 'changePasswordByLink') {
      await server.api('POST', '/forget_password', { body: { email: client.email } });
      const [mail] = await server.db.query<{ body: string }>('select body from outbox where to_address = $1 order by id desc limit 1', [client.email]);
      made.resetToken = /\/changepassword\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1] ?? '';
    }
    // A case that changes nothing: the base request itself.
    const field = allFields.find((x) => x.operationId === operationId) as Field;
    const request = requestOf({ ...field, mutation: { label: 'as it is' }, label: 'as it is', statuses: [] });
    const response = await fetch(request.url, {
      method: request.method,
      headers: { ...request.headers, authorization: `Bearer ${await token()}`, ...(request.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(request.body === undefined ? {} : { body: request.body }),
    });
    lastState = undefined;
    const text = await response.text();
    expect(response.status, text.slice(0, 300)).toBeGreaterThanOrEqual(200);
    expect(response.status, text.slice(0, 300)).toBeLessThan(300);
  });
});
