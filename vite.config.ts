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
          ],
        },
      },
    },
  },
});
