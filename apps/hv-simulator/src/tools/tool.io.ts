import { AsyncLocalStorage } from 'node:async_hooks';
import { resolve } from 'node:path';
import { simulatorUrlOf } from '#config/env';

/** Where a tool's output goes, which simulator it asks, and the directory it was run in. */
export interface ToolIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Reads what the caller wrote to stdin and lets it go (fdisk's commands). */
  drainStdin(): void;
  /** The simulator's address; none: HV_SIMULATOR_URL. */
  url?: string;
  cwd: string;
}

/**
 * A tool runs either as its own process (bin/<tool> with node) or inside the simulator for the
 * shell forwarder (tool-host.routes.ts); the second holds its output, address and directory
 * here, so the tools read the same whichever way they run.
 */
const hosted = new AsyncLocalStorage<ToolIo>();

const ownProcess: ToolIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  drainStdin: () => void process.stdin.resume(),
  get cwd() {
    return process.cwd();
  },
};

export const toolIo = (): ToolIo => hosted.getStore() ?? ownProcess;

export const runHosted = <T>(io: ToolIo, run: () => Promise<T>): Promise<T> => hosted.run(io, run);

/** A path a tool was given, as its process would open it. */
export const toolPath = (path: string): string => resolve(toolIo().cwd, path);

/** The simulator the tool asks. */
export const toolSimulatorUrl = (): string | undefined => toolIo().url ?? simulatorUrlOf();
