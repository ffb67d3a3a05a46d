import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/**
 * `npx tsx scripts/chunk-sizes.ts [dist]`: the gzipped size of every JavaScript chunk of a build (`npm run build`
 * first; `dist` unless given), what index.html loads before any route's lazy chunk (the entry: its script and
 * modulepreloads, with their static imports), and for each chunk the entry loads lazily, the bytes it adds beyond
 * the entry with its own static imports, as the browser fetches them. A route loads a few of these at once
 * (a screen, its layout, the session root): tests/e2e/bundle-budget.spec.ts measures each route in a browser and
 * holds the budgets; this is the quick look, without one, at where the bytes are.
 */

const kB = 1000;

export interface Build {
  /** Gzipped bytes of each JavaScript file in assets/, by file name. */
  gzipped: ReadonlyMap<string, number>;
  /** The files index.html loads before any route's lazy chunk. */
  entry: ReadonlySet<string>;
  /** The chunks a file imports with `import()`. */
  lazyImportsOf(file: string): string[];
  /** `files` and everything they import statically. */
  closure(files: readonly string[]): Set<string>;
}

// Rolldown writes a chunk's static imports as `import … from "./x.js"` or `import "./x.js"`, its lazy ones as `import("./x.js")`.
const staticImport = /(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g;
const lazyImport = /\bimport\(\s*["'`]\.\/([^"'`]+\.js)["'`]\s*\)/g;

const matchesOf = (code: string, pattern: RegExp): string[] => [...new Set([...code.matchAll(pattern)].map((match) => match[1] ?? ''))];

/** The chunks of the build in `dist` (its index.html and assets/). */
export function readBuild(dist: string): Build {
  const assets = path.join(dist, 'assets');
  const code = new Map(
    readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => [file, readFileSync(path.join(assets, file), 'utf8')]),
  );
  const closure = (files: readonly string[]): Set<string> => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const next of matchesOf(code.get(file) ?? '', staticImport)) visit(next);
    };
    files.forEach(visit);
    return seen;
  };
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return {
    gzipped: new Map([...code].map(([file, text]) => [file, gzipSync(text).length])),
    entry: closure(matchesOf(html, /(?:src|href)="\/assets\/([^"]+\.js)"/g)),
    lazyImportsOf: (file) => matchesOf(code.get(file) ?? '', lazyImport),
    closure,
  };
}

/** Gzipped bytes of `files` together. */
export const bytesOf = (build: Build, files: Iterable<string>): number => [...files].reduce((sum, file) => sum + (build.gzipped.get(file) ?? 0), 0);

const shown = (bytes: number): string => `${(bytes / kB).toFixed(1)} kB`;

if (process.argv[1]?.endsWith('chunk-sizes.ts')) {
  const build = readBuild(path.resolve(process.argv[2] ?? 'dist'));
  console.log(`Chunks (${build.gzipped.size}), gzipped:`);
  console.table(
    [...build.gzipped]
      .sort(([, a], [, b]) => b - a)
      .map(([file, bytes]) => ({ chunk: file, gzipped: shown(bytes), entry: build.entry.has(file) ? 'yes' : '' })),
  );
  console.log(`Entry (what index.html loads before any route's lazy chunk): ${shown(bytesOf(build, build.entry))} in ${build.entry.size} files`);
  console.log('Chunks the entry loads lazily (a route loads a few at once), each with what it adds to the entry:');
  console.table(
    [...new Set([...build.entry].flatMap(build.lazyImportsOf))].map((file) => {
      const added = [...build.closure([file])].filter((dep) => !build.entry.has(dep));
      return { chunk: file, adds: shown(bytesOf(build, added)), files: added.length };
    }),
  );
}
