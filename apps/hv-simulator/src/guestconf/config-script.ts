import type { HypervisorState } from '../state/hypervisor.state.js';
import { attachVolumeScript, detachVolumeScript } from '../storage/volume-scripts.js';
import type { UserRecord } from '../state/state.types.js';
import { growRootVolume, setupDisk } from './setup-disk.script.js';
import { applyNetworkDelete, applyNetworkScript } from '../network/guest-network.js';

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

/**
 * The files the service recognises, by reader file name; the first match runs. Files no entry
 * matches stay in the reader (the service only receives what it knows how to apply).
 * Each feature adds its line here.
 */
export const CONFIG_SCRIPTS: ReadonlyArray<readonly [RegExp, ConfigScript]> = [
  [/^setupDisk$/, setupDisk],
  [/^gpartvol\.sh$/, growRootVolume],
  [/^atvol\.sh$/, attachVolumeScript],
  [/^devol\.sh$/, detachVolumeScript],
  [/^network\.doscript$/, applyNetworkScript],
  [/^DEL[0-9A-F]{4}\.sh$/i, applyNetworkDelete],
];
