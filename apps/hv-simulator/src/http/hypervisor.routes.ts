import type { FastifyInstance } from 'fastify';
import type { CpReply, SmapiReply } from '#hypervisor';
import { parseCp, runCp } from '../cp/cp.dispatcher.js';
import { isSmapiFunction } from '../smapi/smapi.registry.js';
import { handleCall, type SimulatorParts } from './call.pipeline.js';
import { smapiCallSpec, whileRelocating } from './smapi.call.js';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** `POST /smapi/{Function_Name}` and `POST /cp` (libs/hypervisor/src/protocol.ts). */
export function hypervisorRoutes(app: FastifyInstance, parts: SimulatorParts): void {
  app.post<{ Params: { fn: string } }>('/smapi/:fn', async (req, reply) => {
    const { fn } = req.params;
    if (!isSmapiFunction(fn)) {
      return reply.code(404).send({ error: `unknown SMAPI function ${fn}` });
    }
    const body = req.body;
    if (!isObject(body) || typeof body.target !== 'string' || body.target.trim() === '') {
      return reply.code(400).send({ error: 'body must be {target: string, params?: object}' });
    }
    if (body.params !== undefined && !isObject(body.params)) {
      return reply.code(400).send({ error: 'params must be an object' });
    }
    const target = body.target.trim().toUpperCase();
    const params = body.params ?? {};
    return whileRelocating(parts, fn, target, params, () =>
      handleCall<SmapiReply>(parts, req, reply, smapiCallSpec(parts, fn, target, params)),
    );
  });

  app.post('/cp', async (req, reply) => {
    const body = req.body;
    if (!isObject(body) || typeof body.command !== 'string' || body.command.trim() === '') {
      return reply.code(400).send({ error: 'body must be {command: string}' });
    }
    const cmd = parseCp(body.command);
    return handleCall<CpReply>(parts, req, reply, {
      op: 'CP',
      target: cmd.target,
      command: body.command.trim(),
      faultReply: (f) => ({ rc: f.rc, lines: f.errmsg === undefined ? [] : [f.errmsg] }),
      run: () => runCp(parts.state, cmd),
      rsOf: () => null,
    });
  });
}
