import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text a browser fetches; source maps are left out (only developer tools read them, and they are large). */
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this a compressed copy saves less than its headers cost. */
const smallestWorthIt = 1024;

/**
 * Writes `name.br` and `name.gz` beside every compressible file of the build, once, at the strongest settings, so
 * that the server sends them as they are (`@fastify/static` with `preCompressed`, server/app.ts) instead of the
 * plain files: the entry is about a third of its size in gzip and less in brotli, which is most of what a phone on
 * a slow network waits for before the first paint (npm run lighthouse). A copy no smaller than its file is not kept.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle(error) {
      if (error) return;
      for (const file of await filesUnder(outDir)) {
        if (!compressible.test(file)) continue;
        const content = await readFile(file);
        if (content.length < smallestWorthIt) continue;
        const variants: [string, Buffer][] = [
          ['.br', await brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } })],
          ['.gz', await gzipped(content, { level: constants.Z_BEST_COMPRESSION })],
        ];
        for (const [extension, compressed] of variants) {
          if (compressed.length < content.length) await writeFile(file + extension, compressed);
        }
      }
    },
  };
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
