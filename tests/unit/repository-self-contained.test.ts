import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A clone holds everything its files refer to: no file names the old design page or the folders beside the
// repository the project was written in, and every relative link of the Markdown files leads to a file (and a
// heading) of the repository, as GitHub renders them.

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The files a clone has: the tracked ones, and new ones not ignored yet (so that a file is checked before it is
 * committed); a tracked file deleted from the working tree is gone.
 */
function repositoryFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return [...new Set(listed.split('\0').filter((file) => file !== '' && existsSync(path.join(root, file))))].sort();
}

// Spelled in pieces so that this file does not name them itself.
const designPage = ['DESIGN', 'md'].join('.');
const besideTheRepository = ['..', 'shared'].join('/');
const writtenOn = ['', 'work', ''].join('/');
const outsidePatterns: readonly { what: string; pattern: RegExp }[] = [
  { what: `the old design page (${designPage})`, pattern: new RegExp(`\\b${designPage.replace('.', '\\.')}\\b`) },
  { what: `a path beside the repository (${besideTheRepository})`, pattern: new RegExp(`\\.\\./${'shared'}\\b`) },
  { what: `an absolute path of the machine it was written on (${writtenOn})`, pattern: new RegExp(`(?<![\\w.~/-])/${'work'}/`) },
];

const notText = (content: Buffer) => content.subarray(0, 8000).includes(0);

/** Each line of `text` that matches a pattern, as 'file:line: what'. */
function outsideReferences(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => outsidePatterns.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${file}:${index + 1}: ${what}`));
}

/** Markdown with its fenced code blocks and inline code blanked out (line numbers kept): links there are text. */
function proseOf(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === null && marker) {
        fence = marker;
        return '';
      }
      if (fence !== null) {
        if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
        return '';
      }
      return line.replace(/(`+)[^`]*?\1/g, '');
    })
    .join('\n');
}

/**
 * A heading's anchor as GitHub makes it: the heading's text (links and images by their text, inline code by its
 * content, HTML tags dropped), lower-cased, every character but letters, digits, marks, '_', '-' and spaces
 * dropped, each space a hyphen.
 */
function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`/g, '');
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a Markdown file: its headings' slugs (repeats numbered as GitHub does) and its HTML ids and names. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of proseOf(markdown).split('\n')) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line)?.[1];
    if (heading !== undefined) {
      const slug = githubSlug(heading);
      const count = seen.get(slug) ?? 0;
      seen.set(slug, count + 1);
      anchors.add(count === 0 ? slug : `${slug}-${count}`);
    }
    for (const [, id] of line.matchAll(/<a\s[^>]*?(?:id|name)="([^"]+)"/g)) if (id) anchors.add(id);
  }
  return anchors;
}

/** Every link target of a Markdown file outside code: inline links and images, and reference definitions. */
function linksOf(markdown: string): { line: number; target: string }[] {
  return proseOf(markdown)
    .split('\n')
    .flatMap((text, index) => {
      const inline = [...text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+["'(][^)]*)?\)/g)].map((m) => m[1] ?? '');
      const definition = /^\s{0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(text)?.[1];
      return [...inline, ...(definition ? [definition] : [])].map((target) => ({ line: index + 1, target }));
    });
}

/** Whether a link leaves the repository (a scheme such as https: or mailto:, or another host). */
const external = (target: string) => /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith('//');

interface Repository {
  /** Whether the path (relative to the repository's root, '/'-separated) is a file or a folder of the repository. */
  has: (file: string) => boolean;
  /** The anchors of a Markdown file of the repository. */
  anchors: (file: string) => Set<string>;
}

/** Each relative link of `file` that leads to no file of the repository, or to no heading of a Markdown file. */
function brokenLinks(file: string, markdown: string, repository: Repository): string[] {
  return linksOf(markdown).flatMap(({ line, target }) => {
    if (external(target)) return [];
    const hash = target.indexOf('#');
    const linkPath = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
    const resolved = linkPath === '' ? file : linkPath.startsWith('/') ? path.posix.normalize(linkPath.slice(1)) : path.posix.join(path.posix.dirname(file), linkPath);
    const where = `${file}:${line}: ${target}`;
    if (resolved.startsWith('..') || !repository.has(resolved.replace(/\/$/, ''))) return [`${where} (no such file in the repository)`];
    if (anchor === null || anchor === '' || !resolved.endsWith('.md')) return [];
    return repository.anchors(resolved).has(anchor) ? [] : [`${where} (no heading '${anchor}' in ${resolved})`];
  });
}

function repositoryOf(files: readonly string[]): Repository {
  const entries = new Set(files);
  for (const file of files) for (let dir = path.posix.dirname(file); dir !== '.'; dir = path.posix.dirname(dir)) entries.add(dir);
  const anchors = new Map<string, Set<string>>();
  return {
    has: (file) => entries.has(file),
    anchors: (file) => {
      const known = anchors.get(file) ?? anchorsOf(readFileSync(path.join(root, file), 'utf8'));
      anchors.set(file, known);
      return known;
    },
  };
}

describe('the checks themselves', () => {
  it.each([
    ['9. Business constants and limits', '9-business-constants-and-limits'],
    ['Rescheduling list (/rescheduling)', 'rescheduling-list-rescheduling'],
    ['Book Classes (/book-class, also /remainingbookclass for remaining classes)', 'book-classes-book-class-also-remainingbookclass-for-remaining-classes'],
    ['Paid means booked', 'paid-means-booked'],
    ['`GET /orders/{ref}` and the [spec](product-spec.md)', 'get-ordersref-and-the-spec'],
    ["Sign-in and abuse limits: what's_kept", 'sign-in-and-abuse-limits-whats_kept'],
  ])('writes the heading %j as the anchor %j', (heading, slug) => {
    expect(githubSlug(heading)).toBe(slug);
  });

  const repository: Repository = {
    has: (file) => ['docs', 'docs/architecture.md', 'docs/testing.md', 'docs/decisions', 'docs/decisions/README.md', 'README.md', 'server/app.ts'].includes(file),
    anchors: (file) => (file === 'docs/architecture.md' ? anchorsOf('# Architecture\n## The shape\n## Stack\n## Stack\n') : new Set()),
  };

  it('finds nothing wrong with links to files, folders and headings that exist, nor with external links', () => {
    const markdown = [
      'See [the shape](architecture.md#the-shape), [the second Stack](architecture.md#stack-1), [decisions](decisions/),',
      '[the app](../server/app.ts), [root](/README.md), [here](#intro), <https://example.com> and [a site](https://example.com/x#y).',
      '## Intro',
    ].join('\n');
    expect(brokenLinks('docs/testing.md', markdown, { ...repository, anchors: (file) => (file === 'docs/testing.md' ? anchorsOf(markdown) : repository.anchors(file)) })).toEqual([]);
  });

  it('reports a link to a missing file, a missing heading, or a path outside the repository, with its line', () => {
    const outside = `../${besideTheRepository}/spec.md`;
    const markdown = ['# Testing', 'A [gone](gone.md) file,', 'a [heading](architecture.md#the-cluster),', `and [outside](${outside}).`].join('\n');
    expect(brokenLinks('docs/testing.md', markdown, repository)).toEqual([
      'docs/testing.md:2: gone.md (no such file in the repository)',
      "docs/testing.md:3: architecture.md#the-cluster (no heading 'the-cluster' in docs/architecture.md)",
      `docs/testing.md:4: ${outside} (no such file in the repository)`,
    ]);
  });

  it('leaves links in code alone', () => {
    expect(brokenLinks('README.md', ['```', '[not a link](gone.md)', '```', 'Text `[nor this](gone.md)`.'].join('\n'), repository)).toEqual([]);
  });

  it('finds a reference outside the repository, on its line', () => {
    expect(outsideReferences('src/x.ts', ['// fine', `// see ${designPage}`, `// and ${besideTheRepository}/spec`, `const dir = '${writtenOn}main';`, "const url = 'https://host/work/x';"].join('\n'))).toEqual([
      `src/x.ts:2: the old design page (${designPage})`,
      `src/x.ts:3: a path beside the repository (${besideTheRepository})`,
      `src/x.ts:4: an absolute path of the machine it was written on (${writtenOn})`,
    ]);
  });
});

describe('the repository is whole', () => {
  const files = repositoryFiles();

  it('no file refers to a place outside the repository', () => {
    const found = files
      .filter((file) => file !== 'package-lock.json')
      .flatMap((file) => {
        const content = readFileSync(path.join(root, file));
        return notText(content) ? [] : outsideReferences(file, content.toString('utf8'));
      });
    expect(found).toEqual([]);
  });

  it("every relative link of the Markdown files leads to a file of the repository, and an anchor to one of its headings", () => {
    const repository = repositoryOf(files);
    const markdownFiles = files.filter((file) => file.endsWith('.md'));
    expect(markdownFiles).toContain('README.md');
    expect(markdownFiles.flatMap((file) => brokenLinks(file, readFileSync(path.join(root, file), 'utf8'), repository))).toEqual([]);
  });
});
