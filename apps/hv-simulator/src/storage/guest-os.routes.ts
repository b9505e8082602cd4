import type { FastifyInstance } from 'fastify';
import type { HypervisorState } from '../state/hypervisor.state.js';
import { DEFAULT_OS_SETTINGS, type GuestOsSettings } from '../state/guest-storage.types.js';

const KEYS = Object.keys(DEFAULT_OS_SETTINGS) as (keyof GuestOsSettings)[];

/**
 * The guest OS's storage side for tests and demos: `GET /admin/guests/{userid}/os` shows the
 * booted OS, its switches and the SCSI volumes it has configured; `PUT` with any of the
 * switches (booleans) changes them, e.g. `{"multipathd": false}` to make volume scripts exit 1.
 */
export function guestOsRoutes(app: FastifyInstance, state: HypervisorState): void {
  const view = (userid: string) => {
    const u = state.user(userid);
    if (!u) return undefined;
    return {
      userid: u.userid,
      power: state.powerOf(u),
      os: u.os ?? null,
      settings: { ...DEFAULT_OS_SETTINGS, ...u.osSettings },
      volumes: structuredClone(u.volumes ?? []),
    };
  };

  app.get<{ Params: { userid: string } }>('/admin/guests/:userid/os', async (req, reply) => {
    const v = view(req.params.userid.toUpperCase());
    return v ?? reply.code(404).send({ error: `no user ${req.params.userid.toUpperCase()}` });
  });

  app.put<{ Params: { userid: string }; Body: unknown }>(
    '/admin/guests/:userid/os',
    async (req, reply) => {
      const userid = req.params.userid.toUpperCase();
      const u = state.user(userid);
      if (!u) return reply.code(404).send({ error: `no user ${userid}` });
      const body = req.body;
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        return reply.code(400).send({ error: 'body must be an object of switches' });
      }
      const entries = Object.entries(body as Record<string, unknown>);
      const bad = entries.find(
        ([k, v]) => !KEYS.includes(k as keyof GuestOsSettings) || typeof v !== 'boolean',
      );
      if (bad) {
        return reply.code(400).send({
          error: `unknown switch or not a boolean: ${bad[0]} (known: ${KEYS.join(', ')})`,
        });
      }
      u.osSettings = { ...DEFAULT_OS_SETTINGS, ...u.osSettings, ...Object.fromEntries(entries) };
      state.changed();
      return view(userid);
    },
  );
}
