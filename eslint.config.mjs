import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const SERVER_ONLY_PACKAGES = ['@nestjs/*', 'typeorm', 'bullmq', 'ioredis', 'puppeteer*', 'pg', 'minio', 'express-session', 'connect-pg-simple'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', '**/.data/**', '**/.nx/**', '**/coverage/**', '**/.cache/**', '**/playwright-report*/**', '**/test-results*/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { '@nx': nx },
    files: ['**/*.ts', '**/*.tsx', '**/*.mjs', '**/*.js'],
    rules: {
      // Platform tags (package.json "nx.tags") keep server code out of browser bundles; see docs/decisions/001.
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          // Test helpers, the Vite bundle-manifest plugin and the demo seeds (which tests run too) live in tools/, outside every project.
          allow: ['^(\\.\\./)+tools/(testing|vite|seed)/.+$'],
          depConstraints: [
            {
              sourceTag: 'platform:universal',
              onlyDependOnLibsWithTags: ['platform:universal'],
              bannedExternalImports: [...SERVER_ONLY_PACKAGES, 'node:*', 'react', 'react-dom'],
            },
            {
              sourceTag: 'platform:browser',
              onlyDependOnLibsWithTags: ['platform:universal', 'platform:browser'],
              bannedExternalImports: SERVER_ONLY_PACKAGES,
            },
            { sourceTag: 'platform:node', onlyDependOnLibsWithTags: ['platform:universal', 'platform:node'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Browser code reads the lean contracts entry only: validation lives at @aipm/contracts/dto, for the servers
    // and Remix's server-only modules (docs/decisions/013; tools/bundle-boundary.int-spec.ts checks the bundles).
    files: ['apps/admin/**/*.{ts,tsx}', 'apps/web/app/**/*.{ts,tsx}'],
    ignores: ['**/*.server.{ts,tsx}', '**/*.server.spec.{ts,tsx}', '**/.server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@aipm/contracts/dto', message: 'Validated DTOs are server-only: import types and messages from @aipm/contracts.' }],
          patterns: [{ group: ['class-validator', 'class-transformer', 'reflect-metadata'], message: 'Server-only validation: keep it in *.server.ts modules.' }],
        },
      ],
    },
  },
  {
    /*
     * Unit tests (`*.spec.ts(x)`, run by `npm run test:unit` with no build and no service) import nothing that
     * reaches a service, boots an app or starts a process; such a test is a `*.int-spec.ts` or `*.e2e-spec.ts`
     * (docs/decisions/011-test-layout.md). Type-only imports stay allowed.
     */
    files: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...['@aipm/database/testing', 'pg', 'ioredis', 'bullmq', 'minio', 'supertest', 'node:child_process', 'child_process'].map((name) => ({
              name,
              allowTypeImports: true,
              message: 'A unit test reaches no service, app or process: name the file *.int-spec.ts (docs/decisions/011).',
            })),
          ],
          patterns: [
            {
              regex: '(^puppeteer)|(/tools/testing/(services|process)$)|(/bootstrap/create-app$)|(/worker\\.module$)',
              allowTypeImports: true,
              message: 'A unit test starts no Chromium, app or service: name the file *.int-spec.ts (docs/decisions/011).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.cjs', 'tools/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', fetch: 'readonly', AbortSignal: 'readonly', __dirname: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
