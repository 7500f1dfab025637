// Flat config: typescript-eslint recommended everywhere, React hooks rules in the client,
// and an import fence that keeps shared/ free of client/ and sync-server/ code.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'

export default tseslint.config(
  {
    ignores: [
      'dist/**',
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
)
