import type { AppConfig } from '#config';
import { SimulatorTransport } from './simulator.transport.js';
import { wireLandingWindowMs } from './smapi/wire.client.js';
import { KILL_GRACE_MS } from './tools/tool.runner.js';

type TimeoutSettings = Pick<
  AppConfig,
  | 'HV_TRANSPORT'
  | 'HV_CALL_TIMEOUT_S'
  | 'HV_DISK_IMAGE_TIMEOUT_S'
  | 'SMAPI_CONNECT_TIMEOUT_S'
  | 'SMAPI_READ_TIMEOUT_S'
  | 'SMAPI_LONG_READ_TIMEOUT_S'
  | 'SMAPI_RETRY_SCHEDULE_MS'
>;

/**
 * How long after a call to the hypervisor began it can still take effect, for the transport
 * HV_TRANSPORT names: the longest its caller would wait for the answer (connects, resends and
 * read timeouts). A step whose call may have reached the hypervisor is in doubt that long; one
 * that provably never reached it (HvNotReached) is in no doubt at all.
 */
export function landingWindowMs(cfg: TimeoutSettings): number {
  switch (cfg.HV_TRANSPORT) {
    case 'simulator':
      return SimulatorTransport.landingWindowMs(cfg.HV_CALL_TIMEOUT_S * 1000);
    case 'smapi': {
      const wire = wireLandingWindowMs({
        connectTimeoutMs: cfg.SMAPI_CONNECT_TIMEOUT_S * 1000,
        readTimeoutMs: cfg.SMAPI_READ_TIMEOUT_S * 1000,
        longReadTimeoutMs: cfg.SMAPI_LONG_READ_TIMEOUT_S * 1000,
        retryDelaysMs: cfg.SMAPI_RETRY_SCHEDULE_MS.map(Number),
      });
      // CP commands and management-guest operations run as tools, killed at their timeout
      const tools =
        Math.max(cfg.HV_CALL_TIMEOUT_S, cfg.HV_DISK_IMAGE_TIMEOUT_S) * 1000 + KILL_GRACE_MS;
      return Math.max(wire, tools);
    }
  }
}
