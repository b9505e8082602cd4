// Shared by the end-to-end tests and the benchmarks: the built processes of the stack.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '#config';

/** How much of a process's output is kept for failure messages (its latest). */
const KEPT_CHARS = 4_000_000;

/** A built process of the stack (dist/), with its output kept for failure messages. */
export interface Proc {
  proc: ChildProcess;
  output: () => string;
}

/**
 * Starts `node dist/<script>` with exactly `env` (callers pass their own environment in, so this
 * library reads none) and resolves once a line of its output matches `ready`, with the match.
 */
export async function startProcess(
  script: string,
  env: Record<string, string | undefined>,
  ready: RegExp,
  timeoutMs = 30000,
  nodeArgs: readonly string[] = [],
): Promise<Proc & { match: RegExpMatchArray }> {
  const root = repoRoot();
  const proc = spawn(process.execPath, [...nodeArgs, join(root, 'dist', script)], {
    cwd: root,
    env: { NO_COLOR: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let started = false;
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${script} did not start in ${timeoutMs} ms:\n${out}`)),
      timeoutMs,
    );
    const onData = (d: Buffer) => {
      out += d.toString();
      // the api logs a line per request: once started, the output is only kept (its last
      // KEPT_CHARS), never searched again
      if (started) {
        if (out.length > 2 * KEPT_CHARS) out = out.slice(-KEPT_CHARS);
        return;
      }
      const m = ready.exec(out);
      if (m) {
        started = true;
        clearTimeout(timer);
        resolve(m);
      }
    };
    proc.stdout.on('data', onData);
    proc.stderr.on('data', onData);
    proc.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${out}`));
    });
  });
  proc.removeAllListeners('exit');
  return { proc, match, output: () => out };
}

/** SIGTERM, then the exit code (SIGKILL after `graceMs`). */
export async function stopProcess(
  p: ChildProcess | undefined,
  graceMs = 15000,
): Promise<number | null> {
  if (!p || p.exitCode !== null || p.signalCode !== null) return p?.exitCode ?? null;
  const exited = new Promise<number | null>((r) => p.once('exit', (code) => r(code)));
  p.kill('SIGTERM');
  const timer = setTimeout(() => p.kill('SIGKILL'), graceMs);
  const code = await exited;
  clearTimeout(timer);
  return code;
}
