import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import noSqlInRoutes from './scripts/eslint/no-sql-in-routes.js';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'e2e/screenshots/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The starter inlined into index.html: browser globals, and SRC, which the build replaces.
    files: ['web/start/*.js'],
    languageOptions: { globals: { ...globals.browser, SRC: 'readonly' } },
  },
  {
    // The shared package imports nothing from server or web.
    files: ['packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['**/server/**', '**/web/**', '@textbook/server', '@textbook/web'] },
      ],
    },
  },
  {
    // Route files hold no SQL, whatever their name: a file that declares routes reaches the database through its
    // module's service only (scripts/eslint/no-sql-in-routes.js).
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    plugins: { local: { rules: { 'no-sql-in-routes': noSqlInRoutes } } },
    rules: { 'local/no-sql-in-routes': 'error' },
  },
  {
    // A module reaches another only through that module's index.ts, its one public face.
    files: ['server/src/modules/**/*.ts'],
    ignores: ['server/src/**/*.test.ts', 'server/src/modules/index.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[a-z-]+/(?!index\\.js$)[\\w.-]+$',
              message: 'Another module is reached through its index.ts only.',
            },
          ],
        },
      ],
    },
  },
);
