// ESLint for every TypeScript and JavaScript file we own, with typescript-eslint's type-checked rules.
// Formatting is Prettier's job: eslint-config-prettier (last) turns off every rule that would fight it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { defineConfig, globalIgnores } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  globalIgnores([
    '**/node_modules/',
    '**/dist/',
    '**/coverage/',
    '.venv/',
    '**/.venv/',
    'sdk/src/generated/',
    'query/src/generated/',
    'sdk/.examples/',
    'docs/.examples/',
    'bench/.tmp-*/',
    '.schemathesis/',
    // tsup's config loader writes one beside each tsup.config.ts for a moment, while a build runs beside the lint.
    '**/*.bundled_*.{mjs,cjs}',
  ]),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // One program for every file, as `tsc -p tsconfig.json` builds it: a single run builds it once with
        // ts.createProgram, cheaper than the project service's per-file projects.
        project: './tsconfig.json',
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A type alias of an object carries the implicit index signature an interface lacks (presenters' attribute
      // getters need it), so object types stay aliases where they are.
      '@typescript-eslint/consistent-type-definitions': 'off',
      // Resource actions and transports implement Promise-returning interfaces; `async` there is what turns a
      // throw into a rejection, so an async function without an await is deliberate.
      '@typescript-eslint/require-await': 'off',
      // Empty functions here are deliberate no-ops: log sinks, drain hooks, examples that add nothing.
      '@typescript-eslint/no-empty-function': 'off',
      // An empty string is "not set" (environment variables, form fields): `||` is the intended fallback for strings.
      '@typescript-eslint/prefer-nullish-coalescing': ['error', { ignorePrimitives: { string: true } }],
      // An aborted wait rejects with the AbortSignal's reason (typed any), as fetch does.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true }],
      // A leading underscore marks a binding kept for its position or its type (rest siblings, Express's 4-ary
      // error handler, phantom type parameters).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // The request pipeline, the proxy and the mocks' engine stay in named parts a reader takes in at once.
    files: ['core/src/**/*.ts', 'server/proxy/**/*.ts', 'mocks/src/**/*.ts'],
    ignores: ['**/test/**'],
    rules: { 'max-lines-per-function': ['error', { max: 80, IIFEs: true }] },
  },
  {
    // Black-box tests and the conformance scenarios read wire JSON the server or a real Mage sent; it is `any` on
    // purpose (the harness's Reply.body) and the assertions (expect) are its type check.
    files: ['**/test/**/*.{ts,tsx}', 'conformance/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // Plain JavaScript is linted for what JavaScript can be checked for, without types.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
  prettier,
);
