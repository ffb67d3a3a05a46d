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

export const badRequest = (field: string, message: string) => new HttpError(400, `${field}: ${message}`, field);
export const unauthorized = (message = 'Authentication required: log in again.') => new HttpError(401, message);
export const forbidden = (field: string, message = 'belongs to another client') =>
  new HttpError(403, `${field}: ${message}`, field);
export const notFound = (what: string) => new HttpError(404, `${what} not found`);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field);
export const tooManyRequests = () => new HttpError(429, 'Too many attempts. Please wait a few minutes and try again.');
