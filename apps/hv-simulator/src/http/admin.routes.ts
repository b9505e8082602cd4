import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { normVdev } from '../state/directory.parser.js';
import type { SimulatorParts } from './call.pipeline.js';
import { guestOsRoutes } from '../storage/guest-os.routes.js';
import { fcpStatus } from '../fcp/fcp-status.js';

/** Test and demo controls; they bypass latency and faults and are not in the call log. */
export function adminRoutes(app: FastifyInstance, parts: SimulatorParts): void {
  const { state, faults, calls } = parts;

  app.post('/admin/faults', async (req, reply) => {
    const fault = faults.add(req.body);
    if (typeof fault === 'string') return reply.code(400).send({ error: fault });
    return reply.code(201).send({ id: fault.id, fault });
  });

  app.get('/admin/faults', () => ({ faults: faults.list() }));

  app.delete('/admin/faults', () => {
    faults.clear();
    return { cleared: true };
  });

  // the calls a `hold` fault keeps in flight go on: those of one fault, or all
  app.post('/admin/faults/release', () => ({ released: faults.release() }));
  app.post<{ Params: { id: string } }>('/admin/faults/:id/release', (req) => ({
    released: faults.release(req.params.id),
  }));

  app.delete<{ Params: { id: string } }>('/admin/faults/:id', async (req, reply) => {
    if (!faults.remove(req.params.id)) return reply.code(404).send({ error: 'no such fault' });
    return { removed: req.params.id };
  });

  app.get('/admin/state', () => state.view());
  guestOsRoutes(app, state);

  /**
   * FCP inventory: the configured CPC and channels, devices per CHPID/PCHID with state and
   * owner, and the storage targets with their LUNs.
   */
  app.get('/admin/fcp', () => {
    const inv = state.fcpInventory;
    return {
      cpc: inv.cpc,
      channels: inv.channels,
      // owner: who the device is dedicated to; state: as CP reports it now
      devices: state
        .fcpDevices()
        .map((d) => ({ ...d, state: fcpStatus(state, d).state, owner: d.owner ?? null })),
      storageTargets: inv.storageTargets,
    };
  });

  /**
   * Varies an FCP device off or on line (`{"online": false}`), as an operator's CP VARY would;
   * a device dedicated to a user cannot go offline (409).
   */
  app.put<{ Params: { id: string }; Body: unknown }>('/admin/fcp/:id', async (req, reply) => {
    const id = req.params.id.toUpperCase();
    const dev = state.fcpDevices().find((d) => d.fcpId === id);
    if (!dev) return reply.code(404).send({ error: `no FCP device ${id}` });
    const online = (req.body as { online?: unknown } | null)?.online;
    if (typeof online !== 'boolean') {
      return reply.code(400).send({ error: 'body must be {"online": true|false}' });
    }
    if (!online && dev.owner) {
      return reply.code(409).send({ error: `FCP device ${id} is dedicated to ${dev.owner}` });
    }
    dev.state = online ? 'free' : 'offline';
    state.changed();
    return { ...dev, state: fcpStatus(state, dev).state, owner: dev.owner ?? null };
  });

  /** md5 of a minidisk's current bytes (tests compare it with images). */
  app.get<{ Params: { userid: string; vdev: string } }>(
    '/admin/minidisks/:userid/:vdev/md5',
    async (req, reply) => {
      const userid = req.params.userid.toUpperCase();
      const vdev = normVdev(req.params.vdev);
      if (!vdev || !state.user(userid)?.disks[vdev]) {
        return reply.code(404).send({ error: `no minidisk ${userid} ${req.params.vdev}` });
      }
      const md5 = createHash('md5');
      let bytes = 0;
      for await (const chunk of createReadStream(state.files.minidiskPath(userid, vdev))) {
        const buf = chunk as Buffer;
        md5.update(buf);
        bytes += buf.length;
      }
      return { md5: md5.digest('hex'), bytes };
    },
  );

  app.get<{ Querystring: { since?: string } }>('/admin/calls', async (req, reply) => {
    const raw = req.query.since ?? '0';
    if (!/^\d+$/.test(raw))
      return reply.code(400).send({ error: 'since must be a sequence number' });
    return { lastSeq: calls.lastSeq, calls: calls.since(Number(raw)) };
  });

  /** Back to a freshly started simulator: default inventory, no users, faults or call log. */
  app.post('/admin/reset', async () => {
    state.reset();
    faults.clear();
    calls.clear();
    await state.flush();
    return { reset: true, lastSeq: calls.lastSeq };
  });
}
