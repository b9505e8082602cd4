// The guest configuration service's script table: above the scripts it lists (the types they
// share live in state/guest-config.types.ts, so no script imports this file).
import { attachVolumeScript, detachVolumeScript } from '../storage/volume-scripts.js';
import type { ConfigScript } from '../state/guest-config.types.js';
import { growRootVolume, setupDisk } from './setup-disk.script.js';
import { applyNetworkDelete, applyNetworkScript } from '../network/guest-network.js';

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
