/** An answer other than 2xx, with the `Error` body of openapi.yaml. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly field?: string,
    /** More of the answer, beside the Error fields (the hours a 409 names). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/*
 * Messages (issue 18, validation-message.ts): what a person can cause and will read is a sentence for them,
 * with no field name in it; what only a client departing from openapi.yaml can cause names the field's path
 * for that client's developer. `field` always names the field.
 */

/** 400 for input only a client departing from openapi.yaml sends: "path: what is wrong", for its developer. */
export const badRequest = (field: string, message: string) => new HttpError(400, `${field}: ${message}`, field);
/** 400 a person can cause (a coupon, a date, a price that changed): the sentence as it is. */
export const refused = (field: string, sentence: string) => new HttpError(400, sentence, field);
export const unauthorized = (message = 'Authentication required: log in again.') => new HttpError(401, message);
/** 403: a sentence for a person (a screen may show it), naming in `field` what is not theirs. */
export const forbidden = (field: string, sentence = 'This belongs to another account.') => new HttpError(403, sentence, field);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);
export const tooManyRequests = () => new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.');
