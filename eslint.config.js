import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

// Layering (issues #14, #24): apps may import libs, libs never apps; only libs/persistence touches
// the Prisma client; libs, apps, tests, benches and scripts reach a lib only through its public
// `#name` index (or `#name/testing`, a lib's helpers for tests and benches).
//
// The layer order, lowest first: a lib imports only libs of lower tiers, never one of its own
// tier or above, so no two libs can import each other and a change low down is never shaped by
// what sits above it.
const TIERS = [
  ['config', 'envelope'],
  ['telemetry', 'logging'],
  ['jobs', 'hypervisor', 'auth'],
  ['persistence'],
  ['operations'],
  ['files', 'host'],
  ['images', 'volumes'],
  ['guests', 'adoption', 'webhooks'],
  ['network'],
  ['drift'],
  ['testing'],
];
const LIBS = TIERS.flat().join('|');
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
/** What a lib of `tier` may not import: every lib of its tier and above. */
const ABOVE = (tier, spec = false) => ({
  // a spec may use the test helpers of #testing (fixtures, process helpers), whatever its tier
  regex: `^#(${TIERS.slice(tier)
    .flat()
    .filter((n) => !(spec && n === 'testing'))
    .join('|')})(/|$)`,
  message: 'Layer order (TIERS in eslint.config.js): a lib imports only libs of lower tiers.',
});
// Issue #24 item 2: a userid is normalised once, into #envelope's Userid, where it enters (a
// route's {userid} through UseridPipe, a validated body, an adopted row); past that point
// nothing casts to the brand, takes a route's userid without the pipe, or upper-cases a userid
// again. libs/testing/src/lint-userid.spec.ts proves the rules bite.
const USERID_CAST = {
  selector:
    ":matches(TSAsExpression, TSTypeAssertion):has(TSTypeReference[typeName.name='Userid'])",
  message:
    'Only toUserid() (libs/envelope/src/userid.ts) makes a Userid: it checks and normalises.',
};
const USERID_PARAM = {
  selector:
    "CallExpression[callee.name='Param'][arguments.0.value=/userid/i]:not(:has(Identifier[name='UseridPipe']))",
  message: "A route's userid goes through UseridPipe: @Param('userid', UseridPipe) userid: Userid.",
};
/** `.toUpperCase()` on what its name says is a userid: `userid`, `p.userid`, `x.trim()`, `?? ''`. */
const NAMED_USERID = '/userid$|^assigner(id)?$/i';
const USERID_UPPERCASED = {
  selector:
    "CallExpression[callee.property.name='toUpperCase']:matches(" +
    `[callee.object.name=${NAMED_USERID}], [callee.object.name='target'], ` +
    `[callee.object.property.name=${NAMED_USERID}], ` +
    `[callee.object.callee.property.name='trim'][callee.object.callee.object.name=${NAMED_USERID}], ` +
    `[callee.object.callee.property.name='trim'][callee.object.callee.object.property.name=${NAMED_USERID}], ` +
    `[callee.object.left.property.name=${NAMED_USERID}])`,
  message:
    'A userid is upper case since it entered: take a Userid (toUserid() where it enters), do not upper-case it again.',
};
const layers = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
/** One block per lib: the common rules and its place in the layer order. */
const libBlocks = TIERS.flatMap((names, tier) =>
  names.flatMap((name) =>
    [false, true].map((spec) => ({
      files: [spec ? `libs/${name}/**/*.spec.ts` : `libs/${name}/**/*.ts`],
      rules:
        name === 'persistence'
          ? layers(NOT_APPS, OTHER_LIB, ABOVE(tier, spec))
          : layers(NOT_APPS, OTHER_LIB, PRISMA, ABOVE(tier, spec)),
    })),
  ),
);

/**
 * libs/operations by process (issue #24): api/ holds what only OperationsModule.forApi() loads,
 * worker/ what only forWorker() loads, neither imports the other, and the rest (the top level,
 * coordination/, testing/) is what both import, so it imports neither side: only the module and
 * the index join them. Which top-level files may exist: libs/operations/src/layout.spec.ts.
 */
const OPERATIONS = TIERS.findIndex((names) => names.includes('operations'));
const OPERATIONS_SIDES = [
  {
    files: ['api/**/*'],
    side: 'worker',
    message: 'libs/operations: api/ never imports worker/; what both use goes at the top level.',
  },
  {
    files: ['worker/**/*'],
    side: 'api',
    message: 'libs/operations: worker/ never imports api/; what both use goes at the top level.',
  },
  {
    files: ['**/*'],
    ignores: ['{api,worker}/**/*', 'operations.module', 'index'],
    side: 'api|worker',
    message:
      'libs/operations: shared code imports neither api/ nor worker/ (only the module and index do).',
  },
];
const operationsBlocks = OPERATIONS_SIDES.flatMap(({ files, ignores = [], side, message }) =>
  [false, true].map((spec) => {
    const at = (glob) => `libs/operations/src/${glob}${spec ? '.spec.ts' : '.ts'}`;
    const SIDE = { regex: `^\\.{1,2}/(\\.\\./)*(${side})(/|$)`, message };
    return {
      files: files.map(at),
      ignores: ignores.map(at),
      rules: layers(NOT_APPS, OTHER_LIB, PRISMA, ABOVE(OPERATIONS, spec), SIDE),
    };
  }),
);

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
  {
    // the console's browser modules (apps/api/src/console/public), served as they are
    files: ['apps/api/src/console/public/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      parserOptions: { projectService: false, project: null },
      globals: Object.fromEntries(
        [
          'addEventListener',
          'removeEventListener',
          'clearInterval',
          'confirm',
          'document',
          'fetch',
          'FormData',
          'location',
          'prompt',
          'setInterval',
          'setTimeout',
          'TextDecoderStream',
          'URLSearchParams',
          'AbortController',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
  { files: ['libs/**/*.ts'], rules: layers(NOT_APPS, OTHER_LIB, PRISMA, ABOVE(0)) },
  ...libBlocks,
  ...operationsBlocks,
  {
    files: ['apps/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: layers(OTHER_LIB, PRISMA),
  },
  {
    // hvctl starts once per command: #config's index would load the service's whole
    // configuration, some 0.5 s of each start (libs/config/src/cli.ts)
    files: ['apps/cli/**/*.ts'],
    rules: layers(OTHER_LIB, PRISMA, {
      regex: '^#config$',
      message: 'hvctl imports #config/cli: #config loads the whole service configuration.',
    }),
  },
  {
    files: ['**/*.ts'],
    rules: {
      'no-restricted-syntax': ['error', USERID_CAST, USERID_PARAM, USERID_UPPERCASED],
    },
  },
  {
    // clients of the api and the simulated hypervisor upper-case as their side does; the
    // operation log reads payloads of jobs that an earlier version may have queued (not Userids)
    files: [
      'apps/cli/**',
      'apps/hv-simulator/**',
      'test/**',
      'bench/**',
      'scripts/**',
      'libs/operations/src/operation-log.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', USERID_CAST, USERID_PARAM] },
  },
  { files: ['libs/envelope/src/userid.ts'], rules: { 'no-restricted-syntax': 'off' } },
  prettier,
);
