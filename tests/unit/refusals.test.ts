import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as refusals from '../../contract/refusals.ts';

// The server's refusals the portal also writes or shows are written once, in contract/refusals.ts: a copy
// editor changes one line. This fails when one is written again as text in the app, the charts or the server.
const root = join(import.meta.dirname, '../..');
const folders = ['contract', 'machines', 'server', 'src'];

function sources(folder: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
    .map((name) => join(folder, name));
}

/** The code of a file without its comments: a comment quoting a refusal (why a line is there) is no copy of it. */
const code = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');

const files = folders.flatMap(sources).map((file) => ({ file, text: code(readFileSync(join(root, file), 'utf8')) }));
const home = relative(root, join(root, 'contract/refusals.ts'));

describe('the refusals both sides share', () => {
  it.each(Object.entries(refusals))('%s is written in contract/refusals.ts only', (_name, text) => {
    expect(files.filter((source) => source.text.includes(text)).map((source) => source.file)).toEqual([home]);
  });
});
