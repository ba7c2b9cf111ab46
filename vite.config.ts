/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import { serviceWorker } from './scripts/service-worker.ts';

const apiPort = Number(process.env.API_PORT ?? 3001);

/**
 * react-router ships one big module whose top-level `React.createContext(…)`/`forwardRef(…)` calls
 * and `displayName` assignments carry no pure annotation, so the bundler must keep nearly all of
 * it: every page would load its data-router and framework-mode code too. Marked pure, only what
 * the site uses is kept (with src/ui/components/Link.tsx, 3.8 KB gzipped less on the home page, whose
 * budget is 100 KB).
 */
function pureReactRouter(): Plugin {
  return {
    name: 'pure-react-router',
    apply: 'build',
    transform(code, id) {
      if (!/node_modules[\\/]react-router[\\/]dist[\\/]/.test(id)) return;
      const source = new MagicString(code);
      for (const call of code.matchAll(/= React\d*\.(?:createContext|forwardRef|memo)\(/g)) {
        source.appendLeft(call.index + 2, '/* @__PURE__ */ ');
      }
      for (const naming of code.matchAll(/^\w+\.displayName = .*$/gm)) {
        source.remove(naming.index, naming.index + naming[0].length);
      }
      return { code: source.toString(), map: source.generateMap({ hires: true }) };
    },
  };
}

/**
 * react-router's package exports name only its development build (its dev warnings and their
 * messages switched on), for production builds too; the same code built for production ships
 * beside it in dist/production, and the site's build takes that one (0.5 KB gzipped less on every
 * page: docs/measurements.md).
 */
function reactRouterProductionBuild(): Plugin {
  return {
    name: 'react-router-production-build',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'react-router' && source !== 'react-router/dom') return;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved) return;
      return {
        ...resolved,
        id: resolved.id.replace(/([\\/]dist[\\/])development([\\/])/, '$1production$2'),
      };
    },
  };
}

/**
 * react-dropzone (through file-selector) carries a table of 1,200 file extensions and their types
 * (11 KB gzipped), used only to name the type of a file the browser left untyped. The site's drop
 * zones accept images (and videos on the 3-step quote), so only those rows can change a decision:
 * an untyped file of any other kind is refused with the same message whether the table names it
 * or not. The other rows are left out (docs/architecture.md, "What a route loads").
 */
function imageAndVideoTypesOnly(): Plugin {
  return {
    name: 'image-and-video-types-only',
    apply: 'build',
    transform(code, id) {
      if (!/node_modules[\\/]file-selector[\\/]dist[\\/]es2015[\\/]file\.js$/.test(id)) return;
      const source = new MagicString(code);
      for (const row of code.matchAll(/^\s*\['[^']*', '([^']*)'\],?\n/gm)) {
        if (!/^(image|video)\//.test(row[1]!)) source.remove(row.index, row.index + row[0].length);
      }
      return { code: source.toString(), map: source.generateMap({ hires: true }) };
    },
  };
}

/** What every page runs: one long-cached chunk that a change to the app's own code leaves alone. */
const framework =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|xstate|@xstate[\\/]react|use-sync-external-store|use-isomorphic-layout-effect)[\\/]/;

/**
 * The shell's own modules that pages import too, and what both starts share (src/start.tsx,
 * src/startWorkspace.tsx: see `codeSplitting` below).
 */
const shell =
  /(?:[\\/]src[\\/](?:startApp|ui[\\/](?:routes|routesInFrames|session|toast|inspector|RequireMember|layout[\\/](?:PageLoading|ScrollToTop)|components[\\/](?:PageMeta|Link|lazyPart))|machines[\\/]sessionMachine|content[\\/]company|api[\\/](?:storage|unauthorized|media))\.tsx?$|vite[\\/]preload-helper)/;

/**
 * zod, the contract's shared rules and the form pieces every form page shares (see
 * `codeSplitting` below). The contract's areas (src/api/contract/*.ts) are left out: each page
 * loads the areas of its own calls only.
 */
const forms =
  /(?:[\\/]node_modules[\\/]zod[\\/]|[\\/]src[\\/](?:api[\\/](?:contract[\\/]rules|errors|lazy)|machines[\\/](?:submitLifecycle|formFields)|ui[\\/]components[\\/](?:Field|SubmitButton|useFlow|LoadStates))\.tsx?$)/;

export default defineConfig({
  plugins: [
    react(),
    reactRouterProductionBuild(),
    pureReactRouter(),
    imageAndVideoTypesOnly(),
    // The offline site: sw.js and the web manifest (scripts/service-worker.ts).
    serviceWorker(),
  ],
  resolve: {
    // @xstate/react imports the shim of useSyncExternalStore written for React 17 and older;
    // React 19 has it built in, and the package's own entries for React 18+ use it (0.8 KB gzipped
    // less on every page).
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector$/,
        replacement: 'use-sync-external-store/with-selector',
      },
      { find: /^use-sync-external-store\/shim$/, replacement: 'use-sync-external-store' },
    ],
  },
  server: {
    proxy: { '/api': `http://127.0.0.1:${apiPort}`, '/uploads': `http://127.0.0.1:${apiPort}` },
  },
  // DIST_DIR lets parallel builds (and the browser tests) use folders of their own.
  build: {
    target: 'es2022',
    // No modulepreload lists of JavaScript: a lazy page's own imports are fetched when its chunk
    // arrives rather than beside it (one round trip more on a first visit to that page), and every
    // page's first load no longer carries the list of every chunk (1.6 KB gzipped of the home
    // page's 100 KB budget). CSS of lazy pages is still loaded with them.
    modulePreload: false,
    // What each chunk imports, for the preload hints of each page's HTML (scripts/prerender.ts).
    manifest: true,
    sourcemap: false,
    outDir: process.env.DIST_DIR ?? 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      // Radix's packages are built with tsup's keepNames: every function and component is named
      // by a top-level `__name(f, "f")` call, which the bundler must keep, and which keeps alive
      // what it names. Only a debugger reads those names (1 KB gzipped on the FAQ's accordion).
      treeshake: { manualPureFunctions: ['__name'] },
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: framework },
            // What the shell (startApp.tsx) and the pages share, in one file rather than a file
            // each: every page loads all of them anyway, and each file costs its own imports and
            // headers.
            { name: 'shell', test: shell },
            // What every page with a form or with the API's data loads: zod, the contract and the
            // form lifecycle, in one file for the same reason.
            { name: 'forms', test: forms },
            // The API client, then the orders area's calls with their client: the order pages
            // load both halves of the area (the staff pages its calls).
            { name: 'api', test: /[\\/]src[\\/]api[\\/](?:index|client)\.ts$/ },
            // The crews' schemas an order's answer carries, in a file of their own: the crew's page
            // reads them without the orders' calls.
            { name: 'stops', test: /[\\/]src[\\/]api[\\/]contract[\\/]stops\.ts$/ },
            { name: 'orders', test: /[\\/]src[\\/]api[\\/](?:contract[\\/])?orders\.ts$/ },
            // The price preview beside a booking form with what it needs (the price function,
            // the place selectors): every booking form loads all of it, the staff's tariff editor
            // some of it. The published tariff's call and schemas, with the API client, load on
            // the customer's first move (src/machines/pricePreviewMachine.ts), so they stay out.
            {
              name: 'prices',
              test: /[\\/]src[\\/](?:api[\\/]pricing|ui[\\/]prices[\\/](?:PlaceFields|PricePreview|usePricePreview|publishedTariff)|machines[\\/]pricePreviewMachine)\.tsx?$/,
            },
            // The profile's calls, which the staff's shell and the member's profile pages share:
            // named first, so that the workspace below does not take them in. With them the few
            // schemas of texts (contract/texts.ts) that the same pages read: the channels on
            // /profile-update, an order's texts on the staff's order page.
            {
              name: 'profile',
              test: /[\\/]src[\\/]api[\\/](?:(?:contract[\\/])?profile|contract[\\/]texts)\.ts$/,
            },
            // The staff's workspace (src/startWorkspace.tsx, its shell and page frame) in one file
            // rather than several small ones: every staff page loads all of it, and each file costs
            // its own imports and headers. With it the question staff confirm an action in
            // (Confirm), which the order page and the crews page share: a file of its own costs the
            // order page, at its budget, more than the question itself.
            {
              name: 'workspace',
              test: /[\\/]src[\\/](?:startWorkspace|ui[\\/]staff[\\/](?:StaffShell|StaffLayout|Confirm)|machines[\\/]staffShellMachine)\.tsx?$/,
            },
            // The home page's drawings and the shapes every drawing is made of, in one file: the
            // home page loads them together, the pages with an empty-state drawing take the shapes.
            { name: 'drawings', test: /[\\/]src[\\/]ui[\\/]illustrations[\\/](home|parts)\.tsx$/ },
          ],
        },
      },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: on CI's two cores, one test file at a
    // time. Test files wait on their servers, databases and password hashes as much as they
    // compute, so one worker per core keeps both busy (docs/decisions/test-speed.md).
    maxWorkers: availableParallelism(),
    projects: [
      {
        extends: true,
        test: { name: 'machines', include: ['tests/machines/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: ['tests/ui/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['tests/support/view/setup.ts'],
          // Suites start the real server and sign a member up first: seconds on a busy CI machine.
          hookTimeout: 60_000,
          // A test waits on the real server's answers (a password hash, an order): on a busy
          // 2-core machine running two files at once, more than the default 5 s.
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'faults',
          include: ['tests/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 90_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
