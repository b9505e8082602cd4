#!/usr/bin/env node
// Bundles the built api and worker (dist/apps/*/src/main.js, from tsc) with the packages they
// use into one file each, dist/bundle/api.cjs and dist/bundle/worker.cjs (beside them, Fastify,
// BullMQ and ioredis in dist/bundle/vendor/): the processes that are started, by the launcher,
// compose, the image and the tests alike; and dist/bundle/e2e-graph.js, the end-to-end tests'
// in-process worker and simulator.
//
// Why: a process of the unbundled build loads about 1,900 files (Nest, rxjs, class-validator,
// bullmq, …), and resolving, reading and module-lexing them cost about 1.2 s of CPU of the 2.5 s
// an api took to start on a 2-core machine; a worker started for a burst of jobs pays the same.
// The bundle starts in about half that. tsc has already written the decorator metadata into
// the JS, so bundling only concatenates it.
//
// The simulated management guest's tools (apps/hv-simulator/bin/*) are bundled too, as one
// CommonJS file, for a simulator on another machine (on this one, the simulator runs them:
// src/tools/forward.bash): each is a process per call, and Node's ES module loader reading
// their ten files cost each about 30 ms of its 190 ms of CPU.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

// Left to Node's loader, from node_modules:
const external = [
  // native addons
  'better-sqlite3',
  'msgpackr-extract',
  // packages that start worker threads or read their own files by path
  'pino',
  'pino-pretty',
  'thread-stream',
  // its runtime carries each database's query compiler (5 MB), loaded only for the one in use
  '@prisma/client',
  '@prisma/client/*',
  // optional packages Nest and Fastify's adapter load only when they are installed (they are not)
  '@nestjs/microservices',
  '@nestjs/microservices/*',
  '@nestjs/websockets',
  '@nestjs/websockets/*',
  '@nestjs/platform-express',
  '@fastify/view',
  '@fastify/multipart',
  'class-transformer/storage',
];

// Packages bundled on their own, one CommonJS file each in dist/bundle/vendor/, which the
// bundles below require. Why not in them: those are built with keepNames (Nest names providers
// after their classes), which sets the name of every function declared inside another each
// time the outer one runs, on their hot paths too (in Fastify's hook runners several times per
// request). Why not left to Node's loader, as Fastify and BullMQ were: with what they use they were
// some 620 of the 730 files an api loaded, resolved, read and compiled one by one, about a
// sixth of its start (docs/decisions/0011). Each names the vendor files it requires.
const vendors = {
  ioredis: [],
  bullmq: ['ioredis'],
  fastify: [],
};

/** Resolves each of `names` to its vendor file, beside the bundle that requires it. */
function vendorFiles(names, dir) {
  const filter = new RegExp(`^(${names.join('|')})$`);
  return {
    name: 'vendor-files',
    setup(b) {
      b.onResolve({ filter }, (args) => ({ path: `${dir}/${args.path}.cjs`, external: true }));
    },
  };
}

const cjs = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  logLevel: 'warning',
};

await Promise.all(
  Object.entries(vendors).map(([name, uses]) =>
    build({
      ...cjs,
      entryPoints: [name],
      outfile: join(root, `dist/bundle/vendor/${name}.cjs`),
      // profiles (bench:profile) name the package of each frame through it
      sourcemap: 'linked',
      // BullMQ's PostgreSQL backend requires pg only when used (never here)
      external: [...external, 'pg'],
      plugins: uses.length ? [vendorFiles(uses, '.')] : [],
    }),
  ),
);

/**
 * The api and the worker: CommonJS, so they require the vendor files (an ES module importing
 * one would have Node's module lexer scan it for its exports' names, and could not find them).
 */
const processBundle = {
  ...cjs,
  // Nest names providers, loggers and OpenAPI schemas after their classes
  keepNames: true,
  sourcemap: 'linked',
  external,
  plugins: [vendorFiles(Object.keys(vendors), './vendor')],
  // the built code is ES modules, which find files beside them through import.meta.url
  define: { 'import.meta.url': '__hvoImportMetaUrl' },
  banner: { js: "const __hvoImportMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
};

// The bundled CommonJS packages call require and read __dirname; in an ES module there are none.
const banner = [
  "import { createRequire as __hvoCreateRequire } from 'node:module';",
  "import { fileURLToPath as __hvoFileURLToPath } from 'node:url';",
  'const require = __hvoCreateRequire(import.meta.url);',
  'const __filename = __hvoFileURLToPath(import.meta.url);',
  "const __dirname = __hvoFileURLToPath(new URL('.', import.meta.url));",
].join('\n');

/** The end-to-end tests' graph: an ES module (jest imports it), Fastify and BullMQ left out. */
const esmBundle = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  keepNames: true,
  sourcemap: 'linked',
  external: [...external, 'fastify', 'bullmq'],
  banner: { js: banner },
  logLevel: 'warning',
};

await Promise.all([
  ...['api', 'worker'].map((app) =>
    build({
      ...processBundle,
      entryPoints: [join(root, `dist/apps/${app}/src/main.js`)],
      outfile: join(root, `dist/bundle/${app}.cjs`),
    }),
  ),
  // What the end-to-end tests run in their own process (scripts/e2e-graph.ts), built
  // apart from the processes above: loaded from their sources, each test file brought some
  // 2,100 modules through jest's module system (which keeps a registry per file), 1–3 CPU-seconds
  // of every file's set-up; one file of it costs a tenth of that.
  build({
    ...esmBundle,
    entryPoints: [join(root, 'dist/scripts/e2e-graph.js')],
    outfile: join(root, 'dist/bundle/e2e-graph.js'),
  }),
  build({
    entryPoints: [join(root, 'dist/apps/hv-simulator/src/tools/tool.main.js')],
    outfile: join(root, 'dist/bundle/hv-tool.cjs'),
    ...cjs,
  }),
]);
