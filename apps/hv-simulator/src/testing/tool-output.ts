import { jest } from '@jest/globals';

/** What a simulated tool run in this process printed, and its exit status. */
export interface ToolOutput {
  code: number;
  out: string;
  err: string;
}

/** Runs a simulated tool in this process, its stdout and stderr captured. */
export async function capturedTool(run: () => Promise<number>): Promise<ToolOutput> {
  const out: string[] = [];
  const err: string[] = [];
  const o = jest.spyOn(process.stdout, 'write').mockImplementation((s) => !!out.push(String(s)));
  const e = jest.spyOn(process.stderr, 'write').mockImplementation((s) => !!err.push(String(s)));
  try {
    const code = await run();
    return { code, out: out.join(''), err: err.join('') };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}
