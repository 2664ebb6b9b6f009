import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: [
      '.next/**',
      '.next-*/**',
      'bench/results/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
      'reports/**',
      '.stryker-tmp/**',
    ],
  },
  {
    rules: {
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Scripts, tests and benchmarks are command-line programs: printing is their job.
    files: ['scripts/**', 'bench/**', 'e2e/**', 'test/**', '**/*.test.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Next loads next.config.js and its loaders with require(): CommonJS, as are the modules they read.
    files: ['next.config.js', 'lib/build/*.js'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
];

export default config;
