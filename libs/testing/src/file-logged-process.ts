// A built process whose output goes to a file: a benchmark's load generator (this process)
// then never reads it, as a pipe would make it do, on the cores it shares with what it measures.
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { repoRoot } from '#config';
import type { Proc } from './built-process.js';

/** How much of the file's end `output()` answers with (failure messages). */
const TAIL_BYTES = 1_000_000;

/** Whether a loopback listener can be opened on `port` now (0: any; the port it got). */
async function tryListen(port: number): Promise<number | null> {
  const srv = createServer();
  const got = await new Promise<number | null>((resolve) => {
    srv.once('error', () => resolve(null));
    srv.listen(port, '127.0.0.1', () => resolve((srv.address() as { port: number }).port));
  });
  if (got !== null) await new Promise((r) => srv.close(r));
  return got;
}

/** The first port the kernel hands out to listen(0) and to outgoing connections. */
function ephemeralFloor(): number {
  try {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').split(/\s+/);
    return Number(low) || 32768;
  } catch {
    return 32768;
  }
}

/**
 * A loopback port nothing listens on at the moment of asking, for a process started next to
 * bind. Chosen below the kernel's ephemeral range: a port from listen(0) is free again until
 * that process binds it, and meanwhile the kernel may give it to an outgoing connection (the
 * wire-protocol pass makes thousands), whose socket then makes the bind fail.
 */
export async function sparePort(): Promise<number> {
  const low = 10000;
  const high = ephemeralFloor();
  for (let i = 0; high - low > 1000 && i < 100; i++) {
    const port = await tryListen(low + randomInt(high - low));
    if (port !== null) return port;
  }
  return (await tryListen(0))!;
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
