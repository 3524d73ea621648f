// Root ESLint flat config: typescript-eslint's recommended rules, floating promises and import
// cycles as errors, Prettier's formatting rules switched off last (Prettier owns layout).
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;

/**
 * tsconfig.eslint.json maps each `@kith/*` export to its source (`./dist/X.d.ts` read as
 * `./src/X.ts`) so type-aware rules see real types before any package is built. A stale map
 * would leave imports untyped: checked here against every workspace package's exports.
 */
function checkSourcePaths() {
  const tsconfig = JSON.parse(readFileSync(path.join(root, 'tsconfig.eslint.json'), 'utf8'));
  const paths = tsconfig.compilerOptions.paths;
  const packages = readdirSync(path.join(root, 'packages')).map((name) => `packages/${name}`);
  for (const dir of [...packages, 'tools']) {
    const pkg = JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8'));
    for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
      const types = typeof target === 'object' ? target.types : undefined;
      if (!types?.startsWith('./dist/')) continue;
      const name = pkg.name + subpath.slice(1);
      const source = `./${dir}/${types.replace(/^\.\/dist\//, 'src/').replace(/\.d\.ts$/, '.ts')}`;
      if (paths[name]?.[0] !== source) {
        throw new Error(`tsconfig.eslint.json: "paths" should map "${name}" to ["${source}"] (its package's exports)`);
      }
    }
  }
}
checkSourcePaths();

// CommonJS and browser scripts (jest configs, benches, fixtures, the server's web page) are
// plain JavaScript; the `globals` package is not a dependency, so the few names they use are here.
const nodeGlobals = Object.fromEntries(
  [
    'require',
    'module',
    'exports',
    '__dirname',
    '__filename',
    'process',
    'console',
    'Buffer',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'setImmediate',
    'queueMicrotask',
    'globalThis',
    'URL',
    'TextEncoder',
    'TextDecoder',
    'AbortController',
    'performance',
    'fetch',
    'structuredClone',
  ].map((name) => [name, 'readonly']),
);
const browserGlobals = Object.fromEntries(
  [
    'window',
    'document',
    'location',
    'history',
    'console',
    'fetch',
    'WebSocket',
    'URL',
    'URLSearchParams',
    'setTimeout',
    'clearTimeout',
    'setInterval',
    'clearInterval',
    'requestAnimationFrame',
    'localStorage',
    'sessionStorage',
    'navigator',
    'Event',
    'CustomEvent',
    'HTMLElement',
    'Node',
    'crypto',
  ].map((name) => [name, 'readonly']),
);

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.nx/**',
      '**/.kith/**',
      'compat/.cache/**',
      'packages/plugin-sql/drizzle/**',
      'packages/plugin-sql/drizzle-pg/**',
      // Generator templates: EJS placeholders, not TypeScript until generated.
      'tools/src/**/files/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.ts'],
    languageOptions: {
      // One program for the whole tree (not one per package): faster, and `eslint --fix` stays safe.
      parserOptions: { project: './tsconfig.eslint.json', tsconfigRootDir: root },
    },
  },
  {
    files: ['**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.js', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // Only value imports count: a cycle through `import type` is erased at build time.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Async methods that implement an async interface (adapters, stores, handlers) often
      // have nothing to await; forcing `return Promise.resolve(...)` reads worse.
      '@typescript-eslint/require-await': 'off',
      // `KnownName | string` is deliberate: editors suggest the known names, any string is accepted.
      '@typescript-eslint/no-redundant-type-constituents': 'off',
      // `String(value)` on values of unknown shape is how logs, prompts and SQL literals render them
      // (objects are JSON-encoded first where it matters); the rule flags every such call.
      '@typescript-eslint/no-base-to-string': 'off',
      // CommonJS output: `require()` inside functions loads optional or heavy modules lazily.
      '@typescript-eslint/no-require-imports': 'off',
      // `_`-prefixed names are deliberately unused (interface-shaped parameters, skipped tuple slots).
      // Rejections forward what was caught, which TypeScript types as unknown.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests read untyped JSON bodies and frames and poke at internals on purpose.
    files: ['**/*.test.ts', '**/__fixtures__/**', '**/test/**', '**/testing/**', '**/test-support/**', 'compat/**'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      // jest's expect(mock.method) and spyOn(prototype, 'method') pass methods unbound on purpose.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: nodeGlobals },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      // Benches take `performance` from perf_hooks explicitly, shadowing the global on purpose.
      'no-redeclare': ['error', { builtinGlobals: false }],
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: nodeGlobals },
  },
  {
    files: ['packages/server/web/**/*.js'],
    languageOptions: { sourceType: 'module', globals: browserGlobals },
  },
  prettier,
);
