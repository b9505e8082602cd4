import { createReadStream, createWriteStream } from 'node:fs';
import { type IncomingMessage, request } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { toolIo, toolPath, toolSimulatorUrl } from './tool.io.js';

/** What a simulated management operation answered. */
export interface ToolReply {
  rc: number;
  lines: string[];
  spoolId?: number;
}

/**
 * The simulator link failed: `unsent`, the simulator never got the call (no connection);
 * `lost`, after it was sent (the connection cut, an HTTP 5xx), so the call may have run;
 * `refused`, an HTTP 4xx: the call did not run.
 */
export class LinkFailure extends Error {
  constructor(
    message: string,
    readonly kind: 'unsent' | 'lost' | 'refused' = 'unsent',
  ) {
    super(message);
  }
}

/** The simulator's address, the tools' one setting. */
export function simulatorUrl(): string {
  const url = toolSimulatorUrl();
  if (!url) throw new LinkFailure('HV_SIMULATOR_URL is not set');
  return url;
}

interface Send {
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Readable;
}

/**
 * One request to the simulator. node:http, not fetch: a tool is a process per call, and loading
 * fetch's client (undici) cost each one some 80 ms of CPU, more than the rest of its run.
 */
function send(path: string, { method, headers = {}, body }: Send): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    // once connected, the request may have reached the simulator: a failure then is a lost call
    let connected = false;
    const fail = (e: Error) =>
      reject(new LinkFailure(`simulator unreachable: ${e.message}`, connected ? 'lost' : 'unsent'));
    let url: URL;
    try {
      url = new URL(path, simulatorUrl());
    } catch (e) {
      fail(e as Error);
      return;
    }
    const req = request(url, { method, headers }, resolve).once('error', fail);
    req.once('socket', (socket) => {
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    if (typeof body === 'string') req.end(body);
    else if (body) pipeline(body, req).catch(fail);
    else req.end();
  });
}

async function text(res: IncomingMessage): Promise<string> {
  res.setEncoding('utf8');
  let out = '';
  try {
    for await (const chunk of res) out += chunk as string;
  } catch (e) {
    // the connection cut with the answer part-way: the call ran, or may have
    throw new LinkFailure(`simulator answer cut: ${(e as Error).message}`, 'lost');
  }
  return out;
}

/** Posts to the simulator as tool `tool` (the call log records it as such). */
async function post(
  tool: string,
  path: string,
  init: Omit<Send, 'method'> = {},
): Promise<IncomingMessage> {
  const res = await send(path, {
    ...init,
    method: 'POST',
    headers: { ...init.headers, 'x-hv-tool': tool },
  });
  if (res.statusCode !== 200) {
    const status = res.statusCode ?? 0;
    // a 5xx says nothing of whether the call ran; a 4xx refused it
    const kind = status >= 500 ? 'lost' : 'refused';
    throw new LinkFailure(`simulator answered HTTP ${status}: ${await text(res)}`, kind);
  }
  return res;
}

/** An admin view of the simulator (not a call: nothing is logged). */
export async function adminGet<T>(path: string): Promise<T> {
  const res = await send(path, { method: 'GET' });
  if (res.statusCode !== 200) {
    res.resume();
    throw new LinkFailure(`simulator answered HTTP ${res.statusCode}`);
  }
  return JSON.parse(await text(res)) as T;
}

/** A CP command. */
export async function cpCall(tool: string, command: string): Promise<ToolReply> {
  const res = await post(tool, '/cp', {
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ command }),
  });
  return JSON.parse(await text(res)) as ToolReply;
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
  const res = await post(
    tool,
    path,
    files.input
      ? {
          headers: { 'content-type': 'application/octet-stream' },
          body: createReadStream(toolPath(files.input)),
        }
      : {},
  );
  if (files.output && res.headers['content-type']?.startsWith('application/octet-stream')) {
    await pipeline(res, createWriteStream(toolPath(files.output)));
    return { rc: 0, lines: [] };
  }
  return JSON.parse(await text(res)) as ToolReply;
}

/** Lines without the scripts' `ERROR: ` prefix (what CP or vmur itself prints). */
export const bare = (lines: string[]): string[] => lines.map((l) => l.replace(/^ERROR: /, ''));

/** Lines to the tool's stdout or stderr (tool.io.ts). */
export function print(to: 'stdout' | 'stderr', lines: string[]): void {
  if (lines.length > 0) toolIo()[to](`${lines.join('\n')}\n`);
}
