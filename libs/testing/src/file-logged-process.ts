// A built process whose output goes to a file: a benchmark's load generator (this process)
// then never reads it, as a pipe would make it do, on the cores it shares with what it measures.
import { spawn } from 'node:child_process';
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from '#config';
import type { Proc } from './built-process.js';

/** How much of the file's end `output()` answers with (failure messages). */
const TAIL_BYTES = 1_000_000;

/** A loopback port nothing listens on at the moment of asking. */
export async function sparePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise((r) => srv.close(r));
  return port;
}

function tail(file: string): string {
  const size = statSync(file, { throwIfNoEntry: false })?.size ?? 0;
  const start = Math.max(0, size - TAIL_BYTES);
  const buf = Buffer.alloc(size - start);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, buf, 0, buf.length, start);
  } finally {
    closeSync(fd);
  }
  return buf.toString();
}

/**
 * Starts `node dist/<script>` with exactly `env`, its stdout and stderr appended to `logFile`,
 * and resolves once `ready()` answers true (polled: the process may log nothing at all, as with
 * LOG_LEVEL=silent).
 */
export async function startFileLogged(
  script: string,
  env: Record<string, string | undefined>,
  logFile: string,
  ready: () => Promise<boolean>,
  timeoutMs = 30000,
  nodeArgs: readonly string[] = [],
): Promise<Proc> {
  const root = repoRoot();
  const fd = openSync(logFile, 'a');
  const proc = spawn(process.execPath, [...nodeArgs, join(root, 'dist', script)], {
    cwd: root,
    env: { NO_COLOR: '1', ...env },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd); // the child holds its own copy
  const output = () => tail(logFile);
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (proc.exitCode !== null || proc.signalCode !== null)
      throw new Error(`${script} exited with ${proc.exitCode ?? proc.signalCode}:\n${output()}`);
    if (await ready().catch(() => false)) return { proc, output };
    if (Date.now() > end) {
      proc.kill('SIGKILL');
      throw new Error(`${script} did not start in ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}
