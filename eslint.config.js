// The linter: typescript-eslint's recommended rules, and the layering of docs/architecture.md
// ("Layers") as import rules, so an import that points the wrong way fails `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';

/** What the site's client is made of: fetch, browser storage and the base URL. Machines get them through `provide`. */
const client = [
  './src/api/client.ts',
  './src/api/index.ts',
  './src/api/lazy.ts',
  './src/api/lastSeen.ts',
  './src/api/media.ts',
  './src/api/storage.ts',
  './src/api/unauthorized.ts',
];

/**
 * The server's concerns: each holds its use cases as plain functions over plain values
 * (docs/architecture.md, "Layers"). Routes (server/routes) and the HTTP helpers (server/http)
 * read requests and shape answers; the composition (app.ts, main.ts, services.ts) wires them.
 */
const concerns = [
  './server/accounts',
  './server/files',
  './server/mail',
  './server/marketing',
  './server/money',
  './server/ops',
  './server/orders',
  './server/staff',
  './server/crews',
  './server/messages',
];
const composition = ['./server/app.ts', './server/main.ts', './server/services.ts'];

const layers = [
  {
    target: './src/machines',
    from: './src/ui',
    message: 'Machines are pure: views import machines, never the other way.',
  },
  {
    target: './src/machines',
    from: client,
    message: 'Machines get the API through machine.provide, not the client itself.',
  },
  {
    target: './src/api',
    from: ['./src/ui', './src/machines'],
    message: 'The API layer knows no views and no machines.',
  },
  {
    target: './src/content',
    from: ['./src/ui', './src/machines', './src/api'],
    message: 'Content is data: it imports nothing of the app.',
  },
  {
    target: './server',
    from: './src',
    // pricing.ts: the one pure price function, so the preview and the booking's price always agree (docs/architecture.md).
    except: ['./api/contract', './api/pricing.ts', './content/company.ts'],
    message:
      'The server shares only the contract, the price function and the company details with the site.',
  },
  {
    target: './src',
    from: ['./server', './tests', './scripts'],
    message: 'The site never imports the server, tests or scripts.',
  },
  {
    target: './server',
    from: ['./tests', './scripts'],
    message: 'The server never imports tests or scripts.',
  },
  {
    target: concerns,
    from: ['./server/routes', ...composition],
    message:
      'Use cases know no routes and no composition: take what you need as parameters (a narrow interface, as BookingDeps in server/orders/booking.ts), and let the route pass `services`.',
  },
  {
    target: concerns,
    from: './server/http',
    // Problem is the refusal a use case throws, shaped into an answer by the error handler; the
    // address rules are pure checks the order lists share with the routes' guard.
    except: ['./problems.ts', './address.ts'],
    message:
      'Use cases know no HTTP: the route reads the request and passes plain values (user, key, address, body, file).',
  },
  {
    target: './server/http',
    from: ['./server/routes', ...composition],
    message: 'HTTP helpers serve the routes; they import no route and no composition.',
  },
  {
    // config.ts is not in it: it names the settings types its concerns declare.
    target: ['./server/db', './server/log.ts'],
    from: ['./server/routes', './server/http', ...concerns, ...composition],
    message: 'The database is the bottom layer: it imports no use case, route or HTTP.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'coverage/**',
      'node_modules/**',
      'data/**',
      'docs/**',
      'tests/.artifacts/**',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layers }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-console': 'error',
    },
  },
  {
    files: ['src/machines/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'react',
            'react-dom',
            '@xstate/react',
            'ky',
            'react-router-dom',
            'react-toastify',
          ].map((name) => ({
            name,
            message:
              'Machines are pure: no React, no HTTP client, no toasts. Name the effect and provide it from the view.',
          })),
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/routes/**', 'server/http/**', 'server/app.ts', 'server/main.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['fastify', '@fastify/*', 'fastify-*'],
              message:
                'Fastify belongs to server/routes, server/http and the composition (app.ts, main.ts): a use case takes plain values.',
            },
          ],
        },
      ],
    },
  },
  {
    // Value imports only (import-x skips `import type`); keep type cycles out too (`npx madge --circular --extensions ts server`).
    files: ['server/**/*.ts'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Commands, tests and benchmarks talk to people through the console.
    files: ['scripts/**', 'tests/**', 'server/ops/ops.ts', 'server/main.ts', 'vite.config.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // The booking statement is built over common table expressions (`customer`, `admitted`,
    // `new_shipment`, `text_recipient`) that Kysely's types cannot follow; its builders take `any` there.
    files: [
      'server/orders/shipments.ts',
      'server/orders/order-limit.ts',
      'server/orders/booking.ts',
      'server/messages/booking-texts.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['tests/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
