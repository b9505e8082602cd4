import type { AppConfig } from '#config';
import { ManagementTools } from './management.tools.js';

type ToolSettings = Pick<
  AppConfig,
  'HV_TOOLS_DIR' | 'HV_CALL_TIMEOUT_S' | 'HV_DISK_IMAGE_TIMEOUT_S'
>;

/** The management guest's tools as the settings place and time them. */
export function managementTools(cfg: ToolSettings): ManagementTools {
  return new ManagementTools({
    dir: cfg.HV_TOOLS_DIR,
    timeoutMs: cfg.HV_CALL_TIMEOUT_S * 1000,
    longTimeoutMs: cfg.HV_DISK_IMAGE_TIMEOUT_S * 1000,
  });
}
