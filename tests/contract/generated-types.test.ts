import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

it('contract/schema.d.ts is what `npm run gen:api` makes of openapi.yaml (run it after editing the contract)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'gen-api-'));
  try {
    const fresh = path.join(dir, 'schema.d.ts');
    execFileSync(path.join(root, 'node_modules/.bin/openapi-typescript'), ['openapi.yaml', '-o', fresh], { cwd: root, stdio: 'pipe' });
    expect(readFileSync(path.join(root, 'contract/schema.d.ts'), 'utf8')).toBe(readFileSync(fresh, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
