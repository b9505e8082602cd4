import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '#config';

/**
 * A process's lines wait up to 20 ms to be written together (gathered-lines.ts). None may be
 * lost when the process ends meanwhile: by process.exit (the api's fatal path), by an uncaught
 * throw, by running out of work (the wait's timer does not keep a process alive), or by a
 * signal, also one that the process's own handler raises again once it has closed (Nest's
 * shutdown hooks in the api): a process killed by a signal has no 'exit' event.
 */
describe('log lines still waiting when a process ends', () => {
  const logging = pathToFileURL(join(repoRoot(), 'dist/libs/logging/src/index.js')).href;

  /** Runs a module of `lines` (`fd` open on a file) and answers its result and the file's lines. */
  function run(lines: string[]) {
    const dir = mkdtempSync(join(tmpdir(), 'hvo-log-exit-'));
    try {
      const file = join(dir, 'out.log');
      const script = [
        "import { openSync } from 'node:fs';",
        `import { createLogger, relayedLines } from ${JSON.stringify(logging)};`,
        `const fd = openSync(${JSON.stringify(file)}, 'w');`,
        ...lines,
      ].join('\n');
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
        stdio: 'pipe',
        timeout: 30000,
      });
      const written = readFileSync(file, 'utf8').split('\n').filter(Boolean);
      return { result, ns: written.map((l) => (JSON.parse(l) as { n: number }).n) };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  it.each([
    ['process.exit', 'process.exit(3);'],
    ['an uncaught throw', 'throw new Error("ended");'],
    ['no work left', ''],
    ['SIGTERM', "process.kill(process.pid, 'SIGTERM'); setInterval(() => {}, 1000);"],
    [
      'SIGTERM raised again by a handler of its own',
      "process.once('SIGTERM', () => { log.info({ n: 500 }, 'closed'); " +
        "process.kill(process.pid, 'SIGTERM'); }); " +
        "process.kill(process.pid, 'SIGTERM'); setInterval(() => {}, 1000);",
    ],
  ])('are all written at %s', (_how, ending) => {
    const { result, ns } = run([
      "const log = createLogger('api', { LOG_LEVEL: 'info', LOG_FORMAT: 'json' }, { fd });",
      "for (let n = 0; n < 500; n++) log.info({ n }, 'line ✓');",
      ending,
    ]);
    if (ending.includes('SIGTERM')) expect(result.signal).toBe('SIGTERM');
    const handled = ending.includes('once(');
    expect(ns).toEqual(Array.from({ length: handled ? 501 : 500 }, (_, n) => n));
  });

  it("writes a launcher's relayed lines at process.exit, its own logger pretty or none", () => {
    const { result, ns } = run([
      "const relay = relayedLines('stack', { fd, write: () => true });",
      'for (let n = 0; n < 500; n++) relay(`{"n":${n}}\\n`);',
      'process.exit(0);',
    ]);
    expect(result.status).toBe(0);
    expect(ns).toEqual([...Array(500).keys()]);
  });
});
