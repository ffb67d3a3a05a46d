import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompress } from './scripts/precompress-plugin.ts';

/**
 * React Router's package points every import at its development build, production builds too
 * (remix-run/react-router#12532, #14102): its dev warnings ride along in the entry. A build takes the production
 * build beside it instead (the same code with the warnings off); `npm run dev` and Storybook keep the warnings.
 */
const reactRouterProduction = fileURLToPath(new URL('node_modules/react-router/dist/production/', import.meta.url));

/**
 * Three rewrites of React Router's production build, each one of code this app never runs, so that the bundler can
 * leave it out of the entry, which every route loads (tests/e2e/bundle-budget.spec.ts: at most 100 kB gzipped):
 * - its components are written `var Form = React.forwardRef(…)` followed by `Form.displayName = "Form"`, neither
 *   marked pure, so every one was kept, used or not (Form, useSubmit and their helpers): the `forwardRef` calls are
 *   marked pure and the display names, read by React DevTools only, dropped;
 * - `<Link>` renders `<PrefetchPageLinks>` only when its prefetch hook says so, which it never does outside
 *   framework mode (no FrameworkContext: `usePrefetchBehavior` returns false); this app is a data router, so that
 *   element, and the route-module and single-fetch code behind it, is replaced by nothing.
 * Each rewrite must find its text, and the file must be found: a React Router update that changes either fails the
 * build here instead of quietly bringing the code back (or rewriting something else).
 */
function reactRouterShakeable(): Plugin {
  const rewrites: { name: string; find: RegExp; replace: string }[] = [
    { name: 'pure forwardRef', find: /^var ([\w$]+) = (React\d*)\.forwardRef\(/gm, replace: 'var $1 = /* @__PURE__ */ $2.forwardRef(' },
    { name: 'displayName', find: /^[\w$]+\.displayName = "[^"]*";$/gm, replace: '' },
    { name: 'PrefetchPageLinks in Link', find: /\/\* @__PURE__ \*\/ React\d*\.createElement\(PrefetchPageLinks, \{ page: href \}\)/g, replace: 'null' },
  ];
  let rewritten = 0;
  return {
    name: 'react-router-shakeable',
    apply: 'build',
    buildStart() {
      rewritten = 0;
    },
    buildEnd(error) {
      if (!error && rewritten === 0) this.error('react-router-shakeable: no React Router file defining Link was bundled; see vite.config.ts');
    },
    transform: {
      // The file that defines Link (its other files hold none of these).
      filter: { id: /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/, code: 'var Link = ' },
      handler(code, id) {
        let out = code;
        for (const { name, find, replace } of rewrites) {
          if (!find.test(out)) this.error(`react-router-shakeable: "${name}" found nothing in ${id}; see vite.config.ts`);
          find.lastIndex = 0;
          out = out.replace(find, replace);
        }
        rewritten += 1;
        // The rewrites keep every line where it was, so the file's source map still holds.
        return { code: out, map: null };
      },
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), reactRouterShakeable(), precompress()],
  resolve:
    command === 'build'
      ? {
          alias: [
            { find: /^react-router$/, replacement: `${reactRouterProduction}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}dom-export.mjs` },
          ],
        }
      : {},
  server: {
    // `npm run dev`: the SPA on Vite's dev server, the API from the reference server (`npm run serve`).
    proxy: { '/api': 'http://localhost:3000', '/sandbox': 'http://localhost:3000', '/dev': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Every browser the build targets but Safari before 17 knows <link rel="modulepreload">; there the scripts load
    // as imported, a little later, instead of carrying the polyfill in the entry for everyone (0.5 kB gzipped,
    // tests/e2e/bundle-budget.spec.ts).
    modulePreload: { polyfill: false },
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
}));
