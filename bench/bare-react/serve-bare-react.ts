/**
 * The baseline `npm run lighthouse` measures the portal against: the bare React app of this folder (what
 * `npm create vite` makes with the react-ts template, less its logos and CSS), built with the project's own Vite,
 * React plugin and compressed copies into a temporary directory and served from this machine over plain HTTP by
 * Fastify with the portal's own file serving (server/http/built-files.ts), so that both are loaded and measured the
 * same way.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import Fastify from 'fastify';
import { build } from 'vite';
import { precompress } from '../../scripts/precompress-plugin.ts';
import { registerBuiltFiles } from '../../server/http/built-files.ts';

export interface BareReact {
  /** The app's page, e.g. http://127.0.0.1:41234/ */
  url: string;
  /** Stops the server and removes the build. */
  close: () => Promise<void>;
}

/** Builds the bare app and serves it on a free loopback port. */
export async function serveBareReact(): Promise<BareReact> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'bare-react-'));
  try {
    await build({
      root: import.meta.dirname,
      configFile: false,
      publicDir: false,
      logLevel: 'warn',
      plugins: [react(), precompress()],
      build: { outDir, emptyOutDir: true },
    });
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  const app = Fastify();
  await registerBuiltFiles(app, outDir);
  app.get('/', (_request, reply) => reply.sendFile('index.html'));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `${url}/`,
    close: async () => {
      await app.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
