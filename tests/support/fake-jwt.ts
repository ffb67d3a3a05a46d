const base64url = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** A JWT-shaped, unsigned token with `claims`: the app reads its exp (and sub), never its signature. */
export const fakeJwt = (claims: Record<string, unknown>) => `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;

/** A token that expires `lifetimeSeconds` after `now` (ms): negative for one that has expired. */
export const liveToken = (lifetimeSeconds = 3600, now = Date.now()) => fakeJwt({ sub: '1', exp: Math.floor(now / 1000) + lifetimeSeconds });
