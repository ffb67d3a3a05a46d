import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    // `npm run dev`: the SPA on Vite's dev server, the API from the reference server (`npm run serve`).
    proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
});
