import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The walls of docs/architecture.md ("The shape"), as the lint holds them (eslint.config.js, `walls`): each row is an
// import the lint must refuse or let through, so a wall taken down or mistyped fails here, not in a review.
const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function messages(filePath: string, code: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}
const walled = (filePath: string, code: string) => messages(filePath, code, 'import-x/no-restricted-paths');

describe('the import walls', () => {
  it.each([
    // src → machines → contract, server → contract.
    ['server/probe.ts', "import { config } from '../src/config.ts';"],
    ['server/handlers/probe.ts', "import { ratingMachine } from '../../machines/rating.machine.ts';"],
    ['machines/probe.ts', "import { api } from '../src/api/api.ts';"],
    ['machines/booking/probe.ts', "import { buildApp } from '../../server/app.ts';"],
    ['src/probe.ts', "import { buildApp } from '../server/app.ts';"],
    ['contract/probe.ts', "import { ratingMachine } from '../machines/rating.machine.ts';"],
    // The rules are the floor of the charts and the booking model: a type both read is defined in rules/.
    ['machines/rules/probe.ts', "import type { BookingDraft } from '../booking/booking-draft.ts';"],
    ['machines/rules/probe.ts', "import { emptyDraft } from '../booking/booking-draft.ts';"],
    ['machines/rules/probe.ts', "import type { User } from '../session.machine.ts';"],
    // The calls sit under the charts: a text or a type both hold goes to contract/.
    ['src/api/calls/probe.ts', "import { sessionMachine } from '../../../machines/session.machine.ts';"],
    ['src/api/probe.ts', "import type { RatingContext } from '../../machines/rating.machine.ts';"],
    // Screens do not import src/api: their calls are bound in src/actors/ (issue "Paid means booked", item 8).
    ['src/screens/probe/probe-screen.tsx', "import { api } from '../../api/api.ts';"],
    ['src/screens/probe/probe-screen.tsx', "import type { RequestBody } from '../../api/client.ts';"],
    ['src/screens/probe/probe-screen.tsx', "import { buildApp } from '../../../server/app.ts';"],
    // The app shell stands on the screens, not under them.
    ['src/screens/probe/probe-screen.tsx', "import { AppLayout } from '../../app/app-layout.tsx';"],
    ['src/screens/login/probe.tsx', "import type { router } from '../../app/router.tsx';"],
    // A screen folder imports no other screen's.
    ['src/screens/login/probe.tsx', "import { ProfileView } from '../profile/profile-view.tsx';"],
    ['src/screens/profile/probe.tsx', "import type { LoginViewProps } from '../login/login-view.tsx';"],
    // The benches: load and browser benches never the charts, micro-benchmarks never the server, none the app.
    ['bench/probe.ts', "import { slotRules } from '../machines/rules/slot-limits.ts';"],
    ['bench/probe.bench.ts', "import { buildApp } from '../server/app.ts';"],
    ['bench/probe.bench.ts', "import { api } from '../src/api/api.ts';"],
  ])('refuses %s importing %s', async (file, code) => {
    expect(await walled(file, code)).toHaveLength(1);
  });

  it.each([
    ['src/probe.ts', "import { ratingMachine } from '../machines/rating.machine.ts';"],
    ['machines/probe.ts', "import type { components } from '../contract/schema.d.ts';"],
    ['server/probe.ts', "import type { components } from '../contract/schema.d.ts';"],
    ['tests/components/probe.ts', "import { api } from '../../src/api/api.ts';"],
    ['machines/rules/probe.ts', "import type { SelectedSlot } from './draft-types.ts';"],
    ['machines/rules/probe.ts', "import { formatDay } from '../../contract/date-format.ts';"],
    ['machines/booking/probe.ts', "import { slotRules } from '../rules/slot-limits.ts';"],
    ['src/api/calls/probe.ts', "import { loginFailedText } from '../../../contract/failure-texts.ts';"],
    ['src/actors/probe.ts', "import { api } from '../api/api.ts';"],
    ['src/queries/probe.ts', "import { api } from '../api/api.ts';"],
    ['src/screens/probe/probe-screen.tsx', "import { browserRatingMachine } from '../../actors/rating.ts';"],
    ['src/screens/login/probe.tsx', "import { LoginView } from './login-view.tsx';"],
    ['src/screens/login/probe.tsx', "import { useHeaderBack } from '../../components/header-back.tsx';"],
    ['src/app/probe.tsx', "import { LoginScreen } from '../screens/login/login-screen.tsx';"],
    ['bench/probe.ts', "import { buildApp } from '../server/app.ts';"],
    ['bench/probe.bench.ts', "import { slotRules } from '../machines/rules/slot-limits.ts';"],
  ])('allows %s importing %s', async (file, code) => {
    expect(await walled(file, code)).toEqual([]);
  });
});

describe('circles of imports', () => {
  it('the lint refuses a circle of value imports (import-x/no-cycle)', async () => {
    // The rule reads the imported files from disk: two probe files in the lint's scope, removed after.
    const folder = mkdtempSync(path.join(root, 'machines', 'cycle-probe-'));
    try {
      writeFileSync(path.join(folder, 'one.ts'), "import { two } from './two.ts';\nexport const one = () => two;\n");
      writeFileSync(path.join(folder, 'two.ts'), "import { one } from './one.ts';\nexport const two = () => one;\n");
      const [result] = await eslint.lintFiles([path.join(folder, 'one.ts')]);
      expect((result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-cycle')).toHaveLength(1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  /** The relative imports of the app, the charts, the contract, the server, the benches and the stories, type imports included. */
  function importGraph(): Map<string, string[]> {
    const files = ['contract', 'machines', 'src', 'server', 'bench', 'stories', 'scripts'].flatMap((folder) =>
      readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => /\.tsx?$/.test(file))
        .map((file) => path.join(folder, file)),
    );
    const known = new Set(files);
    return new Map(
      files.map((file) => {
        const { importedFiles } = ts.preProcessFile(readFileSync(path.join(root, file), 'utf8'), true, true);
        const targets = importedFiles.filter(({ fileName }) => fileName.startsWith('.')).map(({ fileName }) => path.join(path.dirname(file), fileName));
        return [file, [...new Set(targets.filter((target) => known.has(target)))]];
      }),
    );
  }

  /** Each circle of `graph` (a strongly connected part of more than one file), its files sorted (Tarjan). */
  function circlesOf(graph: Map<string, string[]>): string[][] {
    const index = new Map<string, number>();
    const low = new Map<string, number>();
    const stack: string[] = [];
    const onStack = new Set<string>();
    const circles: string[][] = [];
    const visit = (file: string) => {
      index.set(file, index.size);
      low.set(file, index.get(file) ?? 0);
      stack.push(file);
      onStack.add(file);
      for (const target of graph.get(file) ?? []) {
        if (!index.has(target)) {
          visit(target);
          low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
        } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
      if (low.get(file) !== index.get(file)) return;
      const part: string[] = [];
      for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
        onStack.delete(top);
        part.push(top);
        if (top === file) break;
      }
      if (part.length > 1) circles.push(part.sort());
    };
    for (const file of graph.keys()) if (!index.has(file)) visit(file);
    return circles;
  }

  it('finds the circles of a graph, and no file that only leads into one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circlesOf(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });

  it('no file of the repository stands in a circle, type imports counted', () => {
    expect(circlesOf(importGraph())).toEqual([]);
  });
});
