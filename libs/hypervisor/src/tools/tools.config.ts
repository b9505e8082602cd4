import type { AppConfig } from '#config';
import { ManagementTools } from './management.tools.js';

type ToolSettings = Pick<
  AppConfig,
  'HV_TOOLS_DIR' | 'HV_CALL_TIMEOUT_S' | 'HV_DISK_IMAGE_TIMEOUT_S' | 'HV_SIMULATOR_URL'
>;

/**
 * The management guest's tools as the settings place and time them. The simulator's tools
 * (apps/hv-simulator/bin) find it through HV_SIMULATOR_URL, passed on as the settings have it;
 * the real ones ignore it.
 */
export function managementTools(cfg: ToolSettings): ManagementTools {
  return new ManagementTools({
    dir: cfg.HV_TOOLS_DIR,
    timeoutMs: cfg.HV_CALL_TIMEOUT_S * 1000,
    longTimeoutMs: cfg.HV_DISK_IMAGE_TIMEOUT_S * 1000,
    ...(cfg.HV_SIMULATOR_URL ? { env: { HV_SIMULATOR_URL: cfg.HV_SIMULATOR_URL } } : {}),
  });
}
