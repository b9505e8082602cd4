import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

// Layering (issue #14): apps may import libs, libs never apps; only libs/persistence touches the
// Prisma client; libs and apps reach another lib only through its public `#name` index.
const LIBS =
  'config|envelope|jobs|hypervisor|persistence|auth|operations|guests|host|images|files|volumes|network|logging|testing';
const NOT_APPS = {
  regex: '(^|/)apps/',
  message: 'A lib never imports an app: move what both need into a lib.',
};
const OTHER_LIB = {
  regex: `^(\\.\\./)+(libs/)?(${LIBS})/src(/|$)`,
  message: 'Import another lib through its public index (#name), not its files.',
};
const PRISMA = {
  regex: '^(@prisma/|prisma(/|$))|/generated/(sqlite|postgres)/',
  message: 'Only libs/persistence talks to the database: use its repositories.',
};
const layers = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'var/**',
      'coverage/**',
      'libs/persistence/src/generated/**',
      '*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through #config.' },
      ],
    },
  },
  {
    files: ['libs/config/**', '**/*.spec.ts', 'test/**', 'bench/**', 'prisma.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    files: ['**/*.spec.ts', 'test/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // plain Node scripts that run before dependencies exist
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: null },
      globals: { console: 'readonly', process: 'readonly' },
    },
  },
  { files: ['libs/**/*.ts'], rules: layers(NOT_APPS, OTHER_LIB, PRISMA) },
  { files: ['libs/persistence/**/*.ts'], rules: layers(NOT_APPS, OTHER_LIB) },
  { files: ['apps/**/*.ts'], rules: layers(OTHER_LIB, PRISMA) },
  prettier,
);
