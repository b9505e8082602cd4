import type { SmapiCode } from '../smapi-kit/smapi.codes.js';

const code = (rc: number, rs: number, text: string): SmapiCode => ({ rc, rs, text });

/**
 * Return/reason codes of the Virtual_Network_Adapter_* functions (IBM z/VM SMAPI reference;
 * the pairs the reference service tests for are in smtclient.py's NIC error handlers).
 */
export const NIC_CODES = {
  // [RCERR_IMAGEDEVU] 204: devices of the running guest
  ACTIVE_DEVICE_EXISTS: code(204, 4, 'Image device already exists'),
  ACTIVE_DEVICE_NOT_EXIST: code(204, 8, 'Image device does not exist'),
  ACTIVE_ALREADY_CONNECTED: code(204, 20, 'Image device already connected'),
  ACTIVE_NOT_CONNECTED: code(204, 48, 'Image device not connected'),
  // [RCERR_IMAGEDEVD] 404: device statements of the directory
  DEVICE_DEFINED: code(404, 4, 'Image device already defined'),
  DEVICE_NOT_DEFINED: code(404, 8, 'Image device not defined'),
  // [RCERR_VMLAN] 212: virtual networks
  NOT_CONNECTED_DM: code(212, 32, 'Adapter is not connected'),
  VSWITCH_NOT_FOUND: code(212, 40, 'Vswitch does not exist'),
} as const;
