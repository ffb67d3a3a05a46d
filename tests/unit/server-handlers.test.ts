import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The fastify/demo shape (a route is parse → authorize → one repository call): a handler parses, authorizes
// and calls one domain function; every SQL statement and transaction is in server/domain/, one file per
// aggregate. This fails on a statement, a transaction or a long handler written back into server/handlers/.
const folder = join(import.meta.dirname, '../../server/handlers');
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
const source = (name: string) => readFileSync(join(folder, name), 'utf8');

/** A string literal or template that starts like a SQL statement. */
const statement = /['"`]\s*(select|insert|update|delete|with)\s/i;
/** A statement's parameter ($1): a condition handed to a domain function is SQL too. */
const parameter = /\$\d+\b/;
/** A query or transaction run on a connection. */
const run = /\b(db|tx|ctx\.db)\s*\.\s*(query|transaction)\s*[<(]/;
const longest = 20;

/** Each handler (`    async name(` … `    },`) of a file, with its length in lines. */
function handlers(text: string): { name: string; lines: number }[] {
  const lines = text.split('\n');
  const found: { name: string; lines: number }[] = [];
  lines.forEach((line, i) => {
    const name = /^ {4}async (\w+)\(/.exec(line)?.[1];
    if (!name) return;
    const end = lines.findIndex((next, j) => j > i && /^ {4}},?$/.test(next));
    found.push({ name, lines: end - i + 1 });
  });
  return found;
}

describe('server/handlers', () => {
  it('has handler files to check', () => {
    expect(files.length).toBeGreaterThan(5);
  });

  it.each(files)('%s holds no SQL (statement, condition or parameter) and runs no query or transaction', (name) => {
    const text = source(name);
    expect(text.split('\n').filter((line) => statement.test(line) || parameter.test(line) || run.test(line))).toEqual([]);
  });

  it.each(files.filter((name) => name !== 'index.ts'))(`%s: every handler is at most ${longest} lines`, (name) => {
    const found = handlers(source(name));
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((handler) => handler.lines > longest)).toEqual([]);
  });
});
