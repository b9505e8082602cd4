import { spawn } from 'node:child_process';
import { inheritedEnv } from '#config';
import { Errors, HvNotReached } from '#envelope';

/** What one management-guest tool run ended with. */
export interface ToolResult {
  /** Exit status; null when a signal ended it. */
  code: number | null;
  stdout: string;
  stderr: string;
  /** Whether stdout or stderr went past the bound and was cut. */
  truncated: boolean;
}

export interface ToolRun {
  /** Executable path (no shell: never looked up through one, never parsed by one). */
  file: string;
  args: readonly string[];
  timeoutMs: number;
  /** Bytes kept of each of stdout and stderr; the rest is dropped. */
  maxOutputBytes?: number;
  /** Variables added to the environment the tool inherits. */
  env?: Record<string, string>;
  /** Written to the tool's stdin (fdisk's commands), which is closed after; none: no stdin. */
  input?: string;
}

const DEFAULT_MAX_OUTPUT = 1 << 20;
/** After SIGTERM on a timeout, how long a tool gets before SIGKILL. */
export const KILL_GRACE_MS = 2000;

/** Collects a stream's bytes up to `max`. */
class Bounded {
  private chunks: Buffer[] = [];
  private size = 0;
  cut = false;

  constructor(private readonly max: number) {}

  push(chunk: Buffer): void {
    const room = this.max - this.size;
    if (room <= 0) {
      this.cut ||= chunk.length > 0;
      return;
    }
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    if (part !== chunk) this.cut = true;
    this.chunks.push(part);
    this.size += part.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

/**
 * Runs one tool as a child process with an argument array (no shell: a value with blanks,
 * quotes or `;` is one argument), a timeout (SIGTERM, then SIGKILL) and bounded output.
 * A tool that cannot be started is Errors.hvUnreachable, one that overruns Errors.hvTimeout;
 * any exit status resolves, for the caller to read as the tool defines it.
 */
export function runTool(run: ToolRun): Promise<ToolResult> {
  const max = run.maxOutputBytes ?? DEFAULT_MAX_OUTPUT;
  const out = new Bounded(max);
  const err = new Bounded(max);
  const name = run.file;
  return new Promise<ToolResult>((resolve, reject) => {
    const child = spawn(run.file, [...run.args], {
      shell: false,
      stdio: [run.input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      env: run.env ? inheritedEnv(run.env) : undefined,
      // its own process group, so a timeout also ends what it started (a script's `dd`, a
      // `sleep`), which would otherwise hold its output open
      detached: true,
    });
    const kill = (signal: NodeJS.Signals): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    };
    let timedOut = false;
    let killTimer: NodeJS.Timeout | undefined;
    const timer = setTimeout(() => {
      timedOut = true;
      kill('SIGTERM');
      killTimer = setTimeout(() => kill('SIGKILL'), KILL_GRACE_MS);
    }, run.timeoutMs);
    const done = (): void => {
      clearTimeout(timer);
      clearTimeout(killTimer);
    };
    if (run.input !== undefined && child.stdin) {
      // a tool that exits without reading all of it must not fail the run (EPIPE)
      child.stdin.on('error', () => undefined);
      child.stdin.end(run.input);
    }
    child.stdout?.on('data', (c: Buffer) => out.push(c));
    child.stderr?.on('data', (c: Buffer) => err.push(c));
    child.once('error', (e: NodeJS.ErrnoException) => {
      done();
      const failure = Errors.hvUnreachable(
        `management-guest tool ${name} cannot run: ${e.message}`,
      );
      // not started at all: nothing of the call reached the hypervisor
      reject(child.pid === undefined ? new HvNotReached(failure) : failure);
    });
    child.once('close', (code) => {
      done();
      if (timedOut) {
        reject(Errors.hvTimeout(`management-guest tool ${name} ran past ${run.timeoutMs} ms`));
        return;
      }
      resolve({ code, stdout: out.text(), stderr: err.text(), truncated: out.cut || err.cut });
    });
  });
}

/** Output as lines, without the empty last one a final newline leaves. */
export function outputLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}
