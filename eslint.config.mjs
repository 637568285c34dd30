import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import tseslint from 'typescript-eslint';

const SERVER_ONLY_PACKAGES = ['@nestjs/*', 'typeorm', 'bullmq', 'ioredis', 'puppeteer*', 'pg', 'minio', 'express-session', 'connect-pg-simple'];

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/build/**', '**/.data/**', '**/.nx/**', '**/coverage/**', '**/.cache/**'],
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
          // Test helpers and the Vite bundle-manifest plugin live in tools/, outside every project.
          allow: ['^(\\.\\./)+tools/(testing|vite)/.+$'],
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
    files: ['**/*.mjs', '**/*.cjs', 'tools/**/*.js'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly', Buffer: 'readonly', fetch: 'readonly', AbortSignal: 'readonly', __dirname: 'readonly' } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
