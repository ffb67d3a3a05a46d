import type { Database, Queryable } from '../db/database.ts';
import type { SessionClaims } from './tokens.ts';

/**
 * A token stands while its client exists, in its branch, at the token version it was issued under. Asked
 * on every call with a token, so remembered until the next write (a password change is one).
 */
export function tokenStillValid(db: Database, claims: SessionClaims): Promise<boolean> {
  return db.remembered(`token-valid ${claims.sub} ${claims.ver} ${claims.branch_id}`, async () => {
    const [row] = await db.query<{ ok: boolean }>(
      'select token_version = $2 and branch_id = $3 as ok from clients where id = $1',
      [claims.sub, claims.ver, claims.branch_id],
    );
    return { value: row?.ok === true };
  });
}

/** Ends every session and every unused reset link of a client; answers the new token version. */
export async function revokeSessions(tx: Queryable, clientId: number): Promise<number> {
  await tx.query('update password_resets set used_at = now() where client_id = $1 and used_at is null', [clientId]);
  const [row] = await tx.query<{ token_version: number }>(
    'update clients set token_version = token_version + 1 where id = $1 returning token_version',
    [clientId],
  );
  if (!row) throw new Error(`client ${clientId} vanished`);
  return row.token_version;
}
