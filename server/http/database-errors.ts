/**
 * A PostgreSQL refusal of a value that came from the request: SQLSTATE class 22, data exception (a number
 * out of range, text that is not valid for its type or encoding, a bad date, JSON it cannot take), and
 * 54001, statement too complex (a value nested too deep for its parser). The checks in front of the
 * database should have refused such input first; this is the last safety net, so that it is a 400, never
 * a 500.
 */
export function isDataException(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && (/^22[0-9A-Z]{3}$/.test(code) || code === '54001');
}

export const dataExceptionMessage = 'A value in the request is out of range or not valid for its field.';
