import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import direction of docs/architecture.md ("The shape"), as the lint rule enforces it: src → machines → contract, server → contract.
const eslint = new ESLint();

async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('the import-direction lint rule', () => {
  it.each([
    ['server/probe.ts', "import { config } from '../src/config.ts';"],
    ['server/handlers/probe.ts', "import { ratingMachine } from '../../machines/rating.machine.ts';"],
    ['machines/probe.ts', "import { api } from '../src/api/api.ts';"],
    ['machines/booking/probe.ts', "import { buildApp } from '../../server/app.ts';"],
    ['src/probe.ts', "import { buildApp } from '../server/app.ts';"],
    ['contract/probe.ts', "import { ratingMachine } from '../machines/rating.machine.ts';"],
    // Screens do not import src/api: their calls are bound in src/actors/ (issue "Paid means booked", item 8).
    ['src/screens/probe/probe-screen.tsx', "import { api } from '../../api/api.ts';"],
    ['src/screens/probe/probe-screen.tsx', "import type { RequestBody } from '../../api/client.ts';"],
    ['src/screens/probe/probe-screen.tsx', "import { buildApp } from '../../../server/app.ts';"],
  ])('refuses %s importing %s', async (file, code) => {
    expect(await restricted(file, `${code}\nexport {};\n`)).toHaveLength(1);
  });

  it.each([
    ['src/probe.ts', "import { ratingMachine } from '../machines/rating.machine.ts';"],
    ['machines/probe.ts', "import type { components } from '../contract/schema.d.ts';"],
    ['server/probe.ts', "import type { components } from '../contract/schema.d.ts';"],
    ['tests/components/probe.ts', "import { api } from '../../src/api/api.ts';"],
    ['src/actors/probe.ts', "import { api } from '../api/api.ts';"],
    ['src/queries/probe.ts', "import { api } from '../api/api.ts';"],
    ['src/screens/probe/probe-screen.tsx', "import { browserRatingMachine } from '../../actors/rating.ts';"],
  ])('allows %s importing %s', async (file, code) => {
    expect(await restricted(file, `${code}\nexport {};\n`)).toEqual([]);
  });
});
