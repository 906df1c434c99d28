import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

// The borders are drawn around every folder there is, so that a new feature or module is inside them from its first
// file (a hand-kept list once left `account-security` out).
const foldersIn = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = foldersIn('./apps/web/src/features/');
const serverModules = foldersIn('./apps/server/src/modules/');
const moduleIndexes = serverModules.map((m) => `./${m}/index.ts`);

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { import: importPlugin },
    settings: { 'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      'import/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Imports flow shared -> features -> app: a feature never imports another feature or the app.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app' },
            { target: ['./apps/web/src/components', './apps/web/src/lib'], from: ['./apps/web/src/features', './apps/web/src/app'] },
          ],
        },
      ],
    },
  },
  // The same borders for imports through the `@/` alias, which the rule above cannot resolve.
  ...features.map((f) => ({
    files: [`apps/web/src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^@/app(/|$)', message: 'A feature never imports the app.' },
            { regex: `^@/features/(?!${f}/)`, message: 'A feature never imports another feature.' },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@/(app|features)(/|$)', message: 'Shared code never imports features or the app.' }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    rules: {
      // A server module is used only through its index.ts; platform/ never knows the modules (app.ts wires them).
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serverModules.map((m) => ({
              target: `./apps/server/src/modules/${m}`,
              from: './apps/server/src/modules',
              except: [`./${m}`, ...moduleIndexes],
              message: `Module "${m}" may use another module only through its index.ts.`,
            })),
            {
              target: './apps/server/src/platform',
              from: './apps/server/src/modules',
              message: 'platform/ never imports modules/: app.ts and main.ts wire them.',
            },
            {
              target: ['./apps/server/src/cli', './apps/server/src/app.ts', './apps/server/src/main.ts'],
              from: './apps/server/src/modules',
              except: moduleIndexes,
              message: 'Use a module through its index.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '*.js'],
    languageOptions: { globals: globals.node },
  },
);
