import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createSigner, createVerifier } from 'fast-jwt';

export interface SessionClaims {
  /** The client's id. */
  sub: number;
  branch_id: number;
  /** The client's token version when the token was issued: a password change moves it on. */
  ver: number;
}

export const sessionLifetimeSeconds = 8 * 60 * 60;

export interface TokenService {
  sign(claims: SessionClaims): string;
  /** The claims of a valid, unexpired token; throws otherwise. */
  verify(token: string): SessionClaims;
  /**
   * A 32-byte key of its own for `label` (HKDF-SHA256 of the JWT secret): every instance given the same secret
   * derives the same key, and no key of one purpose is the key of another (or the JWT key itself).
   */
  deriveKey(label: string): Buffer;
}

export function createTokenService(secret: string, lifetimeSeconds = sessionLifetimeSeconds): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: lifetimeSeconds * 1000 });
  // A token without exp would never expire: refuse it.
  const verifier = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp'] });
  return {
    sign: (claims) => signer({ ...claims, sub: String(claims.sub) }),
    verify(token) {
      const payload = verifier(token) as { sub?: unknown; branch_id?: unknown; ver?: unknown };
      const sub = Number(payload.sub);
      const branch = Number(payload.branch_id);
      // Tokens from before versions existed are version 0, the version every client starts at.
      const ver = payload.ver === undefined ? 0 : Number(payload.ver);
      if (!Number.isInteger(sub) || !Number.isInteger(branch) || !Number.isInteger(ver)) throw new Error('token without a client');
      return { sub, branch_id: branch, ver };
    },
    deriveKey: (label) => Buffer.from(hkdfSync('sha256', secret, 'client-portal', label, 32)),
  };
}

/** JWT_SECRET when given; otherwise one generated once and kept in the data directory. */
export const loadJwtSecret = (configured: string | undefined, dataDir: string) => loadSecret(configured, dataDir, 'jwt-secret');

/**
 * A configured secret, or one generated once and kept in `dataDir/file`, so that restarts of the embedded
 * setup keep it (several instances on one PostgreSQL must be given the same one).
 */
export async function loadSecret(configured: string | undefined, dataDir: string, file: string): Promise<string> {
  if (configured) return configured;
  const kept = path.join(dataDir, file);
  try {
    const secret = (await readFile(kept, 'utf8')).trim();
    if (secret.length >= 32) return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secret = randomBytes(48).toString('base64url');
  await mkdir(dataDir, { recursive: true });
  await writeFile(kept, secret, { mode: 0o600 });
  return secret;
}
