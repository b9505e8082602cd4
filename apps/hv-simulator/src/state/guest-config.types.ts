import type { HypervisorState } from './hypervisor.state.js';
import type { UserRecord } from './state.types.js';

/** One configuration file taken from the guest's reader by its configuration service. */
export interface ConfigFile {
  name: string;
  content: string;
}

/**
 * What the guest's configuration service (the reference's `zvmguestconfigure`) does with one
 * file it recognises: apply it to the guest OS model and answer the script's exit status
 * (0 = applied). Non-zero statuses are the script's own meanings (volume scripts: 1 multipathd
 * inactive, 2 bad parameters, 3 no WWPN in common, 4 volume not visible, 5 multipath flush).
 */
export type ConfigScript = (state: HypervisorState, user: UserRecord, file: ConfigFile) => number;
