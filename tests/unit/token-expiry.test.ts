import { describe, expect, it } from 'vitest';
import { isTokenExpired, tokenExpiry } from '../../machines/rules/token-expiry.ts';
import { fakeJwt } from '../support/fake-jwt.ts';

const now = 1_800_000_000_000; // ms
const nowSeconds = now / 1000;

describe('a stored token is expired when its exp is at or before now (seconds)', () => {
  it.each([
    ['exp an hour ahead', fakeJwt({ exp: nowSeconds + 3600 }), false],
    ['exp one second ahead', fakeJwt({ exp: nowSeconds + 1 }), false],
    ['exp exactly now', fakeJwt({ exp: nowSeconds }), true],
    ['exp in the past', fakeJwt({ exp: nowSeconds - 1 }), true],
    ['no exp claim', fakeJwt({ sub: '1' }), true],
    ['exp not a number', fakeJwt({ exp: 'tomorrow' }), true],
    ['not a JWT', 'garbage', true],
    ['payload not JSON', 'a.b.c', true],
  ])('%s', (_, token, expired) => {
    expect(isTokenExpired(token, now)).toBe(expired);
  });

  it('reads exp from a base64url payload with - and _', () => {
    const token = fakeJwt({ exp: nowSeconds + 10, name: '>>>???' });
    expect(tokenExpiry(token)).toBe(nowSeconds + 10);
  });

  it('counts part-seconds of now down, so a token is live until its exp second begins', () => {
    expect(isTokenExpired(fakeJwt({ exp: nowSeconds + 1 }), now + 999)).toBe(false);
    expect(isTokenExpired(fakeJwt({ exp: nowSeconds + 1 }), now + 1000)).toBe(true);
  });
});
