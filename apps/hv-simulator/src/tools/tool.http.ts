import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebStream } from 'node:stream/web';

/** What a simulated management operation answered. */
export interface ToolReply {
  rc: number;
  lines: string[];
  spoolId?: number;
}

/** The simulator link failed: the tool exits as its real self does for a system error. */
export class LinkFailure extends Error {}

function baseUrl(): string {
  // eslint-disable-next-line no-restricted-properties -- a tool's one setting; #config would cost each run its start-up
  const url = process.env.HV_SIMULATOR_URL;
  if (!url) throw new LinkFailure('HV_SIMULATOR_URL is not set');
  return url;
}

/** Posts to the simulator as tool `tool` (the call log records it as such). */
async function post(tool: string, path: string, init: RequestInit): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(new URL(path, baseUrl()), {
      method: 'POST',
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'x-hv-tool': tool },
    });
  } catch (e) {
    throw new LinkFailure(`simulator unreachable: ${(e as Error).message}`);
  }
  if (res.status !== 200) {
    throw new LinkFailure(`simulator answered HTTP ${res.status}: ${await res.text()}`);
  }
  return res;
}

/** An admin view of the simulator (not a call: nothing is logged). */
export async function adminGet<T>(path: string): Promise<T> {
  let res: Response;
  try {
    res = await fetch(new URL(path, baseUrl()));
  } catch (e) {
    throw new LinkFailure(`simulator unreachable: ${(e as Error).message}`);
  }
  if (res.status !== 200) throw new LinkFailure(`simulator answered HTTP ${res.status}`);
  return (await res.json()) as T;
}

/** A CP command. */
export async function cpCall(tool: string, command: string): Promise<ToolReply> {
  const res = await post(tool, '/cp', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ command }),
  });
  return (await res.json()) as ToolReply;
}

/**
 * A management operation; `input` (a file) is streamed as its body; an answered file is written
 * to `output`, and the reply is then rc 0 with no lines.
 */
export async function mgmtCall(
  tool: string,
  op: string,
  args: Record<string, string>,
  files: { input?: string; output?: string } = {},
): Promise<ToolReply> {
  const path = `/mgmt/${op}?${new URLSearchParams(args).toString()}`;
  const init: RequestInit & { duplex?: 'half' } = files.input
    ? {
        headers: { 'content-type': 'application/octet-stream' },
        // Node's fetch streams an async iterable body (with duplex: 'half')
        body: createReadStream(files.input),
        duplex: 'half',
      }
    : {};
  const res = await post(tool, path, init);
  if (files.output && res.headers.get('content-type')?.startsWith('application/octet-stream')) {
    const body = Readable.fromWeb(res.body as unknown as WebStream<Uint8Array>);
    await pipeline(body, createWriteStream(files.output));
    return { rc: 0, lines: [] };
  }
  return (await res.json()) as ToolReply;
}

/** Lines without the scripts' `ERROR: ` prefix (what CP or vmur itself prints). */
export const bare = (lines: string[]): string[] => lines.map((l) => l.replace(/^ERROR: /, ''));

export function print(stream: NodeJS.WriteStream, lines: string[]): void {
  if (lines.length > 0) stream.write(`${lines.join('\n')}\n`);
}
