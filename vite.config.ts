import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev`: the SPA on Vite's dev server, the API from the reference server (`npm run serve`).
    proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Every signed-in route runs machines: XState's pieces as one file compress better than as four
        // (1.6 kB less on each route; tests/e2e/bundle-budget.spec.ts: each route within 180 kB of gzipped
        // JavaScript). The landing page loads no machine, so none of it.
        codeSplitting: {
          groups: [
            // Not XState's dependencies (React): they stay in the entry, where the landing page needs them.
            { name: 'xstate', test: /node_modules[\\/](xstate|@xstate)[\\/]/, includeDependenciesRecursively: false },
            // TanStack's query client likewise, which every signed-in route creates (session-root.tsx): left to
            // itself the splitter cut it into a few files by which route first used each piece, and those pieces
            // moved whenever a screen's imports changed. Its observers stay apart, for the routes that read.
            {
              name: 'tanstack-query-client',
              test: (id) => /node_modules[\\/]@tanstack[\\/]query-core[\\/]/.test(id) && !/Observer/.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
