#!/usr/bin/env node
// Bundles the built api and worker (dist/apps/*/src/main.js, from tsc) with the packages they
// use into one file each, dist/bundle/api.js and dist/bundle/worker.js: the processes that are
// started, by the launcher, compose, the image and the tests alike; and dist/bundle/e2e-graph.js,
// the end-to-end tests' in-process worker and simulator.
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
  'bullmq',
  // its runtime carries each database's query compiler (5 MB), loaded only for the one in use
  '@prisma/client',
  '@prisma/client/*',
  // the request path: with keepNames, a function declared inside another gets its name set each
  // time the outer one runs, which in Fastify's hook runners is several times per request
  'fastify',
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

// The bundled CommonJS packages call require and read __dirname; in an ES module there are none.
const banner = [
  "import { createRequire as __hvoCreateRequire } from 'node:module';",
  "import { fileURLToPath as __hvoFileURLToPath } from 'node:url';",
  'const require = __hvoCreateRequire(import.meta.url);',
  'const __filename = __hvoFileURLToPath(import.meta.url);',
  "const __dirname = __hvoFileURLToPath(new URL('.', import.meta.url));",
].join('\n');

/** An ES module bundle of built code (dist/) with the packages it uses, but `external`. */
const esmBundle = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Nest names providers, loggers and OpenAPI schemas after their classes
  keepNames: true,
  sourcemap: 'linked',
  external,
  banner: { js: banner },
  logLevel: 'warning',
};

await Promise.all([
  ...['api', 'worker'].map((app) =>
    build({
      ...esmBundle,
      entryPoints: [join(root, `dist/apps/${app}/src/main.js`)],
      outfile: join(root, `dist/bundle/${app}.js`),
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
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  }),
]);
