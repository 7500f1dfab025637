// Flat config: typescript-eslint recommended everywhere, React hooks rules in the client, no import
// cycles anywhere (type-only and dynamic imports included), and the layer fences: shared/ is pure
// domain code; the server's domain does not know its HTTP routes; SQL (kysely's sql tag) only in
// sync-server/store/; the client never imports the server, and only its local store
// (client/db/storage/) imports RxDB.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { noImportCycle } from './scripts/eslint/no-import-cycle.js'

const local = { rules: { 'no-import-cycle': noImportCycle } }
const layer = (files, groups) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: groups }] },
})

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'data/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'dev-dist/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { languageOptions: { globals: { ...globals.node } } },
  { files: ['client/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser } } },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/client/**', '**/client', '**/sync-server/**', '**/sync-server'],
              message: 'shared/ must not import from client/ or sync-server/.',
            },
            {
              group: [
                'react',
                'react-dom',
                'hono',
                'hono/*',
                'pg',
                'kysely',
                '@electric-sql/*',
                'rxdb',
                'rxdb/*',
                'dexie',
              ],
              message: 'shared/ holds only pure domain code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { local },
    rules: { 'local/no-import-cycle': 'error' },
  },
  layer(
    ['sync-server/domain/**/*.ts'],
    [
      {
        group: ['**/http/**', '**/api/**', '**/replication/**'],
        message: 'Domain code does not import HTTP or replication routes.',
        allowTypeImports: true,
      },
      { group: ['kysely'], importNames: ['sql'], message: 'SQL lives only in sync-server/store/.' },
    ],
  ),
  layer(
    ['sync-server/{api,http,replication,auth,seed,gateway}/**/*.ts', 'sync-server/*.ts'],
    [{ group: ['kysely'], importNames: ['sql'], message: 'SQL lives only in sync-server/store/.' }],
  ),
  layer(
    ['client/**/*.{ts,tsx}'],
    [
      { group: ['**/sync-server/**', '**/sync-server'], message: 'The client never imports server code.' },
      {
        group: ['rxdb', 'rxdb/*'],
        message: 'RxDB lives behind the local store (client/db/storage/local-store.ts).',
        allowTypeImports: false,
      },
    ],
  ),
  // The local store's implementation, and its tests, are where RxDB is used.
  layer(
    ['client/db/storage/**/*.ts'],
    [{ group: ['**/sync-server/**', '**/sync-server'], message: 'The client never imports server code.' }],
  ),
)
