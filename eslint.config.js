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
    ignores: ['server/src/**/*.test.ts', 'server/src/modules/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[a-z-]+/(?!index\\.js$)[\\w.-]+$',
              message: 'Another module is reached through its index.ts only.',
            },
            {
              regex: '^(\\.\\./)+(demo|prerender)/',
              message: 'A module knows neither the demo seed nor the pages written on the server.',
            },
          ],
        },
      ],
    },
  },
  {
    // The layers under the modules know no module: adapters (the workers' tasks are registered by the modules,
    // modules/tasks.ts), the database layer (the demo seed lives in server/src/demo/).
    files: ['server/src/adapters/**/*.ts', 'server/src/db/**/*.ts', 'server/src/util/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(modules|demo|prerender|app\\.js|main\\.js|workers\\.js)',
              message: 'Adapters, db and util are below the modules: they import no module, app or script.',
            },
          ],
        },
      ],
    },
  },
  {
    // http/ reaches a module only through its index.ts (the session's face for the auth hook).
    files: ['server/src/http/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./modules/[\\w-]+/(?!index\\.js$)[\\w.-]+$',
              message: 'A module is reached through its index.ts only.',
            },
            { regex: '^\\.\\./demo/', message: 'http knows no demo seed.' },
          ],
        },
      ],
    },
  },
);
