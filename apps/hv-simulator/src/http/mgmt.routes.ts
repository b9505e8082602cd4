import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import type { MgmtOperation } from '#hypervisor';
import { createDiskImage, type CaptureAnswer } from '../mgmt/capture.mgmt.js';
import { execCommand } from '../mgmt/guest-command.mgmt.js';
import { installFileSystem } from '../mgmt/installfs.mgmt.js';
import { queryFileSystem } from '../mgmt/queryfs.mgmt.js';
import { isMgmtOperation, runMgmt, type MgmtQuery } from '../mgmt/mgmt.reply.js';
import { listOwnReader, receiveOwnFile } from '../mgmt/own-reader.mgmt.js';
import { punchFile, purgeReaderFile, queryReader } from '../mgmt/reader.mgmt.js';
import { unpackDiskImage } from '../mgmt/unpack.mgmt.js';
import type { HypervisorState } from '../state/hypervisor.state.js';
import { refreshBootmap } from '../storage/refresh-bootmap.mgmt.js';
import { handleCall, type SimulatorParts } from './call.pipeline.js';
import { detachedBody } from './request.body.js';

type Operation = (
  state: HypervisorState,
  q: MgmtQuery,
  input: Readable,
) => CaptureAnswer | Promise<CaptureAnswer>;

const OPERATIONS: Record<MgmtOperation, Operation> = {
  unpackdiskimage: unpackDiskImage,
  creatediskimage: createDiskImage,
  punch: punchFile,
  purge: purgeReaderFile,
  queryrdr: queryReader,
  execcmd: execCommand,
  rdrlist: listOwnReader,
  rdrreceive: receiveOwnFile,
  refresh_bootmap: refreshBootmap,
  installfs: installFileSystem,
  queryfs: queryFileSystem,
};

/** Whether a request carries a body (an input file: a punch's, an unpack's image). */
const hasBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;

/**
 * `POST /mgmt/{operation}?args`, the input file (if any) as the body: what the management guest
 * does with its zthin scripts and vmur/vmcp, through the same latency, faults and call log as
 * every hypervisor call. Answers are HTTP 200 either way: JSON `{rc, lines, …}`, or the image
 * file (application/octet-stream) from a successful creatediskimage.
 */
export function mgmtRoutes(app: FastifyInstance, parts: SimulatorParts): void {
  // Input files stream through as they arrive: never parsed, buffered or size-limited here.
  app.addContentTypeParser('application/octet-stream', (_req, _payload, done) => done(null));

  app.post<{ Params: { op: string }; Querystring: MgmtQuery }>('/mgmt/:op', async (req, reply) => {
    const { op } = req.params;
    if (!isMgmtOperation(op)) {
      return reply.code(404).send({ error: `unknown management operation ${op}` });
    }
    const q = req.query;
    const userid = typeof q.userid === 'string' ? q.userid.trim().toUpperCase() : '';
    const input = detachedBody(req.raw);
    try {
      const answer = await handleCall<CaptureAnswer>(parts, req, reply, {
        op,
        target: userid || '*',
        detail: Object.values(q).join(' '),
        faultReply: (f) => ({ rc: f.rc, lines: [f.errmsg ?? `ERROR: injected fault ${f.id}`] }),
        run: () => runMgmt(() => OPERATIONS[op](parts.state, q, input.body)),
        rsOf: () => null,
        delivered: (a) => (a.image ? finished(a.image) : Promise.resolve()),
        ...(hasBody(req.raw) ? { input: input.watch } : {}),
      });
      if (answer?.image) return reply.type('application/octet-stream').send(answer.image);
      return answer;
    } finally {
      await input.drain();
    }
  });
}
