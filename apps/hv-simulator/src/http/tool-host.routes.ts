import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { runHosted } from '../tools/tool.io.js';
import { runTool } from '../tools/tool.table.js';

/** A tool's name, directory, simulator address and arguments are short; nothing else comes. */
const MAX_REQUEST_BYTES = 1024 * 1024;
/** The only simulators a hosted tool may be pointed at: this machine's (a tool runs here). */
const LOCAL_URL = /^http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?\/?$/;

/**
 * Only a process on this machine may have a tool run: a tool reads and writes the files it is
 * given, which a peer elsewhere must not reach through the simulator's port.
 */
export const isLoopbackPeer = (address: string | undefined): boolean =>
  !!address && /^(127\.|::1$|::ffff:127\.)/.test(address);

async function readAll(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * `POST /tools/run`: a simulated management-guest tool run inside the simulator for the shell
 * forwarder of apps/hv-simulator/bin (tools/forward.bash), which sends the tool's name, its
 * directory, HV_SIMULATOR_URL and its arguments, each ended by a NUL, and writes back what it
 * gets: stdout, then stderr, and exits with `x-tool-exit`. A node process per tool call cost
 * some 0.1 CPU-second, and the wire-protocol pass makes about a thousand (docs/decisions/0012);
 * the tool does the same here as in its own process (tool.io.ts), files included,
 * so the forwarder is used only where the simulator is on the same machine.
 */
export function toolHostRoutes(app: FastifyInstance): void {
  app.post('/tools/run', async (req, reply) => {
    if (!isLoopbackPeer(req.socket.remoteAddress)) {
      return reply.code(403).send({ error: 'tools run only for this machine' });
    }
    const body = await readAll(req.raw);
    if (!body) return reply.code(413).send({ error: 'tool request too large' });
    const fields = body.toString('utf8').split('\0');
    fields.pop(); // what follows the last NUL: nothing
    const [name, cwd, url, ...args] = fields;
    if (!name || !cwd?.startsWith('/') || !url || !LOCAL_URL.test(url)) {
      return reply
        .code(400)
        .send({ error: 'expected: name, absolute cwd, local simulator url, args' });
    }
    const out: string[] = [];
    const err: string[] = [];
    const exit = await runHosted(
      {
        stdout: (text) => void out.push(text),
        stderr: (text) => void err.push(text),
        // the forwarder leaves stdin unread: fdisk's few commands fit in the pipe
        drainStdin: () => undefined,
        url,
        cwd,
      },
      () => runTool(name, args),
    );
    const stdout = Buffer.from(out.join(''));
    return reply
      .header('x-tool-exit', String(exit))
      .header('x-tool-stdout-bytes', String(stdout.length))
      .type('application/octet-stream')
      .send(Buffer.concat([stdout, Buffer.from(err.join(''))]));
  });
}
