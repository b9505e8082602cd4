import Fastify, { type FastifyBaseLogger, LogController, type FastifyInstance } from 'fastify';
import { CallLog } from './calls/call.log.js';
import { loadFcpInventory } from './fcp/fcp-inventory.config.js';
import type { FcpInventory } from './state/fcp.inventory.js';
import { FaultRegistry } from './faults/fault.registry.js';
import { adminRoutes } from './http/admin.routes.js';
import type { SimulatorParts } from './http/call.pipeline.js';
import { hypervisorRoutes } from './http/hypervisor.routes.js';
import { mgmtRoutes } from './http/mgmt.routes.js';
import { toolHostRoutes } from './http/tool-host.routes.js';
import { latencyProfile, type LatencyProfileName } from './latency/latency.profile.js';
import { isMgmtOperation } from './mgmt/mgmt.reply.js';
import { isSmapiFunction } from './smapi/smapi.registry.js';
import { memberIds } from './ssi/ssi.cluster.js';
import { HypervisorState } from './state/hypervisor.state.js';
import { StateStore } from './state/state.store.js';
import { dispatchWire, type WireCredentials } from './wire/wire.dispatch.js';
import { WireServer } from './wire/wire.server.js';

export interface SimulatorOptions {
  /** Directory of the persisted state and of minidisk and spool bytes (created if missing). */
  stateDir: string;
  latencyProfile: LatencyProfileName;
  /** System name shown by /health and CP; default HVSIM1. */
  systemId?: string;
  /** Profiles besides OSDFLT that INCLUDE may name (e.g. the configured USER_PROFILE). */
  profiles?: readonly string[];
  /** Extra disk pools, `ECKD:<name>`/`FBA:<name>` (DISK_POOL); POOL1 and FBAPOOL1 always exist. */
  diskPools?: readonly string[];
  /**
   * Member systems of the SSI cluster (default 2: this system, then HVSIM2…); 1 = not in a
   * cluster. Logged-on users run on this system until VMRELOCATE moves them.
   */
  ssiMembers?: number;
  /** FCP devices and storage targets: a JSON file's path or the inventory; default built in. */
  fcpInventory?: string | FcpInventory;
  /**
   * The userid and password the wire front door accepts; others get rc 120 (authentication
   * error). Absent: any credentials are accepted.
   */
  wireCredentials?: WireCredentials;
  /** The process's logger (#logging's createLogger), for Fastify's lines; none by default (tests). */
  logger?: FastifyBaseLogger;
}

export interface Simulator extends SimulatorParts {
  app: FastifyInstance;
  /**
   * The second front door: the systems-management wire protocol, on the same handlers and
   * call log. Not listening until `wire.listen(port, host)` (SIM_SMAPI_PORT).
   */
  wire: WireServer;
  /** Stops serving and writes the state to disk. Safe to call twice. */
  close(): Promise<void>;
}

/** Builds a simulator (not yet listening): call `app.listen()` or use `app.inject()`. */
export async function createSimulator(opts: SimulatorOptions): Promise<Simulator> {
  const systemId = opts.systemId ?? 'HVSIM1';
  const state = await HypervisorState.open(new StateStore(opts.stateDir), {
    systemId,
    profiles: opts.profiles ?? [],
    diskPools: opts.diskPools ?? [],
    ssiMembers: memberIds(systemId, opts.ssiMembers ?? 2),
    fcp:
      typeof opts.fcpInventory === 'object'
        ? opts.fcpInventory
        : loadFcpInventory(opts.fcpInventory),
  });
  const parts: SimulatorParts = {
    state,
    latency: latencyProfile(opts.latencyProfile),
    faults: new FaultRegistry((name) => isSmapiFunction(name) || isMgmtOperation(name)),
    calls: new CallLog(),
  };
  // Per-request lines would drown the log: the admin call log records every call instead.
  // Closing cuts every connection, as a hypervisor going down would: clients (undici) may hold
  // connections that never carry a request, which would otherwise hold close() up for the
  // keep-alive timeout.
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: true,
  });
  app.get('/health', () => ({ status: 'ok', systemId: state.systemId }));
  hypervisorRoutes(app, parts);
  mgmtRoutes(app, parts);
  toolHostRoutes(app);
  adminRoutes(app, parts);
  const wire = new WireServer((req) => dispatchWire(parts, req, opts.wireCredentials));

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      parts.faults.release(); // a held call would keep its connection, and close(), waiting
      await Promise.all([app.close(), wire.close()]);
      await state.flush();
    })());
  return { ...parts, app, wire, close };
}
