import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves a Vite build's files as a browser should get them: the brotli or gzip copy the build wrote beside each
 * script and style (scripts/precompress-plugin.ts) to a browser that accepts it, the plain file to one that does
 * not; a file under assets/, named by its content's hash and so never changed, kept a year without asking, and
 * everything else (index.html, which names the current hashes; the icons; the manifest) asked again each time, so
 * that a new release is seen on the next load. The portal's server and the bare app `npm run lighthouse` compares
 * it with (bench/bare-react/) both serve their builds through this, so that neither is measured at an advantage.
 */
export async function registerBuiltFiles(app: FastifyInstance, root: string): Promise<void> {
  const hashedAssets = path.join(root, 'assets') + path.sep;
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.startsWith(hashedAssets) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
}
