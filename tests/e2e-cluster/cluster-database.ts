/** The database of the cluster under test: the cluster writes its URL into its DATA_DIR while it runs (server/cluster/cluster.ts). */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { databaseUrlFile } from '../../server/cluster/cluster.ts';
import { demo } from '../e2e/support.ts';

function clusterDatabaseUrl(): string {
  const dataDir = process.env.CLUSTER_E2E_DATA_DIR;
  if (!dataDir) throw new Error('CLUSTER_E2E_DATA_DIR is unset: run these tests with -c playwright.cluster.config.ts');
  return readFileSync(databaseUrlFile(dataDir), 'utf8').trim();
}

export async function sql<Row>(text: string, params: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: clusterDatabaseUrl() });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as Row[];
  } finally {
    await client.end();
  }
}

/**
 * A client no test has tried to log in as (`<prefix>-<uuid>@example.com`), with the demo client's password (its hash
 * copied in the database): a target whose failure counts start at nothing. Answers its e-mail.
 */
export async function freshClient(prefix: string): Promise<string> {
  const email = `${prefix}-${randomUUID()}@example.com`;
  const made = await sql(
    `insert into clients (branch_id, firstname, lastname, email, password_hash)
       select branch_id, 'Fresh', 'Client', $1, password_hash from clients where email = $2 returning id`,
    [email, demo.email],
  );
  if (made.length !== 1) throw new Error(`could not make the client ${email}`);
  return email;
}
