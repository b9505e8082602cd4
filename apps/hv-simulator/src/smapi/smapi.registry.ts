import type { SmapiFunction, SmapiReply } from '#hypervisor';
import {
  imageCreateDM,
  imageDeleteDM,
  imageNameQueryDM,
  imageQueryDM,
} from './image-directory.smapi.js';
import { imageDiskCreateDM, imageDiskDeleteDM } from './image-disk.smapi.js';
import { imageDiskQuery } from './image-disk-query.smapi.js';
import { imageConsoleGet } from './image-console.smapi.js';
import { imageActivate, imageDeactivate, imageStatusQuery } from './image-power.smapi.js';
import {
  imageLockDM,
  imagePause,
  imagePerformanceQuery,
  imageReplaceDM,
  imageUnlockDM,
} from './image-update.smapi.js';
import { USERID_RE } from '../state/directory.parser.js';
import { SmapiFailure, syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import type { SmapiContext, SmapiHandler } from '../smapi-kit/smapi.context.js';
import {
  apiFunctionalLevel,
  systemInfoQuery,
  systemInformationQuery,
  systemPerformanceInformationQuery,
} from './system-info.smapi.js';
import { systemWwpnQuery } from '../fcp/wwpn-query.smapi.js';
import { deviceDedicateDM, deviceUndedicateDM } from '../fcp/fcp-dedicate.smapi.js';
import { vmRelocate } from './vmrelocate.smapi.js';
import { volumeSpaceQueryDM } from './volume-space.smapi.js';
import {
  vswitchCreateExtended,
  vswitchDeleteExtended,
  vswitchQuery,
  vswitchQueryExtended,
  vswitchSetExtended,
} from '../network/vswitch.smapi.js';
import { NIC_HANDLERS } from '../network/nic.handlers.js';

/** Every function of protocol.ts SMAPI_FUNCTIONS; the type makes a missing one a compile error. */
const HANDLERS: Record<SmapiFunction, SmapiHandler> = {
  Image_Create_DM: imageCreateDM,
  Image_Delete_DM: imageDeleteDM,
  Image_Query_DM: imageQueryDM,
  Image_Name_Query_DM: imageNameQueryDM,
  Image_Activate: imageActivate,
  Image_Deactivate: imageDeactivate,
  Image_Disk_Create_DM: imageDiskCreateDM,
  Image_Disk_Delete_DM: imageDiskDeleteDM,
  Image_Disk_Query: imageDiskQuery,
  Image_Status_Query: imageStatusQuery,
  Image_Volume_Space_Query_DM: volumeSpaceQueryDM,
  System_Info_Query: systemInfoQuery,
  System_Information_Query: systemInformationQuery,
  System_Performance_Information_Query: systemPerformanceInformationQuery,
  System_WWPN_Query: systemWwpnQuery,
  Query_API_Functional_Level: apiFunctionalLevel,
  Image_Device_Dedicate_DM: deviceDedicateDM,
  Image_Device_Undedicate_DM: deviceUndedicateDM,
  VMRELOCATE: vmRelocate,
  Image_Pause: imagePause,
  Image_Lock_DM: imageLockDM,
  Image_Unlock_DM: imageUnlockDM,
  Image_Replace_DM: imageReplaceDM,
  Image_Performance_Query: imagePerformanceQuery,
  Image_Console_Get: imageConsoleGet,
  Virtual_Network_Vswitch_Query: vswitchQuery,
  Virtual_Network_Vswitch_Create_Extended: vswitchCreateExtended,
  Virtual_Network_Vswitch_Query_Extended: vswitchQueryExtended,
  Virtual_Network_Vswitch_Delete_Extended: vswitchDeleteExtended,
  Virtual_Network_Vswitch_Set_Extended: vswitchSetExtended,
  ...NIC_HANDLERS,
};

/** Functions whose target may be `*` (all / not user-specific). */
const STAR_TARGET = new Set<SmapiFunction>([
  'Image_Status_Query',
  'Image_Volume_Space_Query_DM',
  'System_Info_Query',
  'System_Information_Query',
  'System_Performance_Information_Query',
  'System_WWPN_Query',
  'Query_API_Functional_Level',
  'Image_Name_Query_DM',
  // system-wide vswitch functions: the target only authenticates the caller
  'Virtual_Network_Vswitch_Query',
  'Virtual_Network_Vswitch_Create_Extended',
  'Virtual_Network_Vswitch_Query_Extended',
  'Virtual_Network_Vswitch_Delete_Extended',
  'Virtual_Network_Vswitch_Set_Extended',
  'Virtual_Network_Vswitch_Query_Byte_Stats',
]);

export function isSmapiFunction(name: string): name is SmapiFunction {
  return Object.hasOwn(HANDLERS, name);
}

export function acceptsStarTarget(fn: SmapiFunction): boolean {
  return STAR_TARGET.has(fn);
}

/** Runs one function against the state; never throws for the API's own failures. */
export function runSmapi(
  ctx: SmapiContext,
  fn: SmapiFunction,
  target: string,
  params: Record<string, unknown>,
): SmapiReply {
  try {
    checkTarget(fn, target);
    return HANDLERS[fn](ctx, target, params);
  } catch (e) {
    if (e instanceof SmapiFailure) return e.reply;
    throw e;
  }
}

/** target_identifier (parameter 1): a userid, or `*` where the function allows it. */
function checkTarget(fn: SmapiFunction, target: string): void {
  if (target === '*') {
    if (acceptsStarTarget(fn)) return;
    throw syntax(1, SYNTAX.BAD_CHARS, `${fn} needs a userid, not *`);
  }
  if (target.length > 8) throw syntax(1, SYNTAX.TOO_LONG, `target ${target} is longer than 8`);
  if (!USERID_RE.test(target)) throw syntax(1, SYNTAX.BAD_CHARS, `invalid target ${target}`);
}
