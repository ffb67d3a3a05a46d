import type { FastifyError } from 'fastify';
import { newStudentNameText, termsRequiredText } from '../../contract/refusals.ts';

interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: { missingProperty?: string; additionalProperty?: string; allowedValues?: unknown[]; pattern?: string; limit?: number };
}

/**
 * What a 400 says (issue 18: no field-name prefix in any message a client reads). Two kinds of field:
 *
 * - A field a person types (an e-mail, a password, a name, a coupon code): the portal shows the server's
 *   message under it or in a toast, so its refusal is a sentence for that person, without the field's name
 *   or the schema's words ('Please enter a valid e-mail address.'). `typedFields` lists them by operation.
 * - Any other field (ids, amounts, dates, the shape of a booking): only a client that departs from
 *   openapi.yaml sends it wrong, and the one who reads the message is that client's developer. The message
 *   keeps the field's path ('lessons[0].finish: must be one hour after start'); no screen shows it as it is.
 *
 * Either way `field` names the field, which is what a screen marks.
 */

/** The part of a refusal that decides its words: the schema keyword, and its limit (a length). */
export interface Refusal {
  keyword: string;
  limit?: number;
}

type Words = (refusal: Refusal) => string;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The words for a text field a person types, by what it is ('your e-mail address') and, for a value that is
 * not of its form, what a valid one is ('a valid e-mail address').
 */
const typed =
  (what: string, valid = `a valid ${what.replace(/^(your|the) /, '')}`): Words =>
  ({ keyword, limit }) => {
    if (keyword === 'required' || keyword === 'blank' || (keyword === 'minLength' && (limit ?? 1) <= 1)) return `Please enter ${what}.`;
    if (keyword === 'minLength') return `${capitalised(what)} must be at least ${limit} characters long.`;
    if (keyword === 'maxLength') return `${capitalised(what)} must be at most ${limit} characters long.`;
    return `Please enter ${valid}.`;
  };

/** The same words whatever was wrong. */
const always = (sentence: string): Words => () => sentence;

const email = typed('your e-mail address', 'a valid e-mail address');
/** Checkout shows it as it is, for a code the schema refuses or the server does not know. */
export const couponInvalidText = 'This coupon code is invalid or has expired.';
const coupon: Words = ({ keyword, limit }) => (keyword === 'required' || keyword === 'blank' || (keyword === 'minLength' && (limit ?? 1) <= 1) ? 'Please enter a coupon code.' : couponInvalidText);
// The spec's alert for a new student's name (§5), as the New Booking screen words it.
const studentName: Words = ({ keyword, limit }) =>
  keyword === 'maxLength' ? `A student's name must be at most ${limit} characters long.` : newStudentNameText;

/** The fields a person types, by operation and field path (an array's items under `[]`), with their words. */
export const typedFields: Readonly<Record<string, Readonly<Record<string, Words>>>> = {
  login: { email, password: typed('your password') },
  forgetPassword: { email },
  changePasswordByLink: { newPassword: typed('the new password') },
  changePassword: { oldPassword: typed('your old password'), newPassword: typed('the new password') },
  requestQuote: {
    firstname: typed('your first name'),
    lastname: typed('your last name'),
    email,
    phone: typed('your phone number', 'a valid phone number'),
    students: always('Please choose the number of students.'),
    // The spec's alert (§5).
    terms: always(termsRequiredText),
  },
  sendClientEmail: { email },
  createStudents: { '[].first_name': studentName, '[].last_name': studentName },
  applyCoupon: { code: coupon },
  createOrder: { coupon },
  sendReview: { description: typed('your feedback', 'your feedback in plain text') },
};

/** The sentence for a person when `field` of `operationId` is one they type; undefined for any other field. */
export function personMessage(operationId: string | undefined, field: string, refusal: Refusal): string | undefined {
  if (operationId === undefined) return undefined;
  return typedFields[operationId]?.[field.replace(/\[\d+\]/g, '[]')]?.(refusal);
}

/**
 * The answer to Fastify's first validation issue of a request of `operationId`: the field's path, and a
 * sentence for a person (a typed field) or the path and what is wrong ("email: must match format \"email\"").
 */
export function describeValidationError(error: FastifyError, operationId?: string): { field: string; message: string } {
  const issue = (error.validation?.[0] ?? {}) as AjvIssue;
  const parts = (issue.instancePath ?? '').split('/').filter(Boolean);
  if (issue.keyword === 'required' && issue.params?.missingProperty) parts.push(issue.params.missingProperty);
  if (issue.keyword === 'additionalProperties' && issue.params?.additionalProperty) parts.push(issue.params.additionalProperty);
  const field = parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '') || bodyName(error.validationContext);
  const blank = issue.keyword === 'pattern' && issue.params?.pattern === '\\S';
  const refusal: Refusal = { keyword: blank ? 'blank' : (issue.keyword ?? 'invalid'), ...(issue.params?.limit === undefined ? {} : { limit: issue.params.limit }) };
  return { field, message: personMessage(operationId, field, refusal) ?? `${field}: ${describe(issue)}` };
}

function describe(issue: AjvIssue): string {
  switch (issue.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known field';
    case 'enum':
      return `must be one of ${(issue.params?.allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}`;
    // A pattern is no wording for a person: `\S` (not only white space) reads "must not be blank", a long
    // one (the ids of a path) "is not in the expected form"; a short one (a ref's letters) stays Ajv's.
    case 'pattern':
      if (issue.params?.pattern === '\\S') return 'must not be blank';
      if ((issue.params?.pattern ?? '').length > 40) return 'is not in the expected form';
      return issue.message ?? 'is not valid';
    default:
      return issue.message ?? 'is not valid';
  }
}

function bodyName(context: string | undefined): string {
  return context === 'querystring' ? 'query' : (context ?? 'body');
}
