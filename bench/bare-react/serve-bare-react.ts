/**
 * The baseline `npm run lighthouse` measures the portal against: the bare React app of this folder (what
 * `npm create vite` makes with the react-ts template, less its logos and CSS), built with the project's own Vite
 * and React plugin into a temporary directory and served from this machine over plain HTTP, uncompressed, as the
 * reference server serves the portal's build, so that both are loaded and measured the same way.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { freePort } from '../../server/cluster/free-port.ts';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

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
      plugins: [react()],
      build: { outDir, emptyOutDir: true },
    });
  } catch (error) {
    rmSync(outDir, { recursive: true, force: true });
    throw error;
  }
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    const file = path.join(outDir, pathname === '/' ? 'index.html' : pathname);
    if (!file.startsWith(outDir + path.sep) || !statSync(file, { throwIfNoEntry: false })?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': contentTypes[path.extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
