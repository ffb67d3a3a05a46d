/** Before the cluster e2e starts its servers: its database on the local PostgreSQL, made afresh (named by CLUSTER_E2E_DATABASE_URL). */
import pg from 'pg';

const url = new URL(process.env.CLUSTER_E2E_DATABASE_URL ?? '');
const name = url.pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a database name: "${name}"`);
const admin = new URL(url);
admin.pathname = '/postgres';
const client = new pg.Client({ connectionString: admin.toString() });
await client.connect();
await client.query(`drop database if exists ${name} with (force)`);
await client.query(`create database ${name}`);
await client.end();
