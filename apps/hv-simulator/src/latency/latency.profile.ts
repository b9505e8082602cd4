import type { CallOp } from '../calls/call.log.js';

export type LatencyProfileName = 'fast' | 'realistic';

/** How long calls take and how long a signalled shutdown lasts. */
export interface LatencyProfile {
  readonly name: LatencyProfileName;
  /** Delay before a call starts its work, for an SMAPI function name, `CP` or a mgmt operation. */
  delayMs(op: CallOp): number;
  /** Time from a non-immediate Image_Deactivate until the guest is logged off. */
  readonly shutdownMs: number;
}

/**
 * Typical durations on a lightly loaded system: directory changes go through DirMaint (seconds),
 * activation includes the IPL, queries are answered by CP or the SMAPI server directly. Disk
 * copies add link, `chccwdev` and (deploy) zipl around the transfer itself, which takes as
 * long as the bytes do.
 */
const REALISTIC_MS: Record<CallOp, number> = {
  Image_Create_DM: 1500,
  Image_Delete_DM: 1200,
  Image_Query_DM: 150,
  Image_Name_Query_DM: 150,
  Image_Activate: 3000,
  Image_Deactivate: 2000,
  Image_Disk_Create_DM: 2000,
  Image_Disk_Delete_DM: 1200,
  // CP QUERY VIRTUAL DASD of a running guest
  Image_Disk_Query: 80,
  Image_Status_Query: 60,
  Image_Volume_Space_Query_DM: 200,
  System_Info_Query: 100,
  System_Information_Query: 100,
  System_Performance_Information_Query: 150,
  System_WWPN_Query: 200,
  Query_API_Functional_Level: 20,
  Image_Device_Dedicate_DM: 800,
  Image_Device_Undedicate_DM: 800,
  // a relocation of a few GB: memory passes over the ISFC links, then the quiesced last pass
  VMRELOCATE: 4000,
  Image_Pause: 200,
  Image_Lock_DM: 300,
  Image_Unlock_DM: 300,
  Image_Replace_DM: 1200,
  Image_Performance_Query: 100,
  // CP SPOOL CONSOLE CLOSE and TRANSFER
  Image_Console_Get: 150,
  // vswitch changes are CP DEFINE/SET/DETACH VSWITCH plus, with persist, the system config file
  Virtual_Network_Vswitch_Query: 100,
  Virtual_Network_Vswitch_Create_Extended: 700,
  Virtual_Network_Vswitch_Query_Extended: 150,
  Virtual_Network_Vswitch_Delete_Extended: 600,
  Virtual_Network_Vswitch_Set_Extended: 400,
  // NICs: DirMaint for the directory (_DM), CP DEFINE/COUPLE/DETACH for the running guest
  Virtual_Network_Adapter_Create_Extended_DM: 1200,
  Virtual_Network_Adapter_Create_Extended: 200,
  Virtual_Network_Adapter_Delete_DM: 1000,
  Virtual_Network_Adapter_Delete: 200,
  Virtual_Network_Adapter_Connect_Vswitch_DM: 1000,
  Virtual_Network_Adapter_Connect_Vswitch: 200,
  Virtual_Network_Adapter_Disconnect_DM: 1000,
  Virtual_Network_Adapter_Disconnect: 200,
  Virtual_Network_Adapter_Query_Extended: 100,
  Virtual_Network_Vswitch_Query_Byte_Stats: 150,
  CP: 50,
  unpackdiskimage: 2500,
  creatediskimage: 1500,
  punch: 300,
  purge: 80,
  queryrdr: 80,
  execcmd: 300,
  rdrlist: 80,
  rdrreceive: 100,
  // dedicate and online the FCPs, scan the LUN, mount, zipl, undedicate
  refresh_bootmap: 6000,
  // link, dasdfmt or fdisk, mkfs, detach
  installfs: 4000,
  // link read-only, blkid, detach
  queryfs: 400,
};

/** ±25 % around the typical value, so concurrent calls do not finish in lock step. */
const JITTER = 0.25;

export function latencyProfile(
  name: LatencyProfileName,
  random: () => number = Math.random,
): LatencyProfile {
  if (name === 'fast') {
    // 0–2 ms: still asynchronous, so tests see real interleaving, but never slow.
    return { name, shutdownMs: 250, delayMs: () => Math.floor(random() * 3) };
  }
  return {
    name,
    shutdownMs: 8000,
    delayMs: (op) => Math.round(REALISTIC_MS[op] * (1 + JITTER * (2 * random() - 1))),
  };
}

export function sleep(ms: number): Promise<void> {
  return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve();
}
