/** The `exp` claim (seconds) of a JWT, or null when the token has none or cannot be read. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims: unknown = JSON.parse(atob(base64));
    const exp = typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

/**
 * A token is expired when its exp is at or before now (in seconds), as the spec says. A token whose
 * exp cannot be read counts as expired: the server would refuse it anyway.
 */
export function isTokenExpired(token: string, nowMs: number): boolean {
  const exp = tokenExpiry(token);
  return exp === null || exp <= Math.floor(nowMs / 1000);
}
