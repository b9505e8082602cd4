import type { SmapiCode } from '../smapi-kit/smapi.codes.js';

/**
 * Return/reason codes of the Virtual_Network_Vswitch_* functions, as the reference reads them
 * (feilong smtclient: 212/36 exists, 212/40 not found; 396 carries the CP message number of a
 * refused SET VSWITCH, 2846 = the VLAN operation needs a VLAN-aware switch).
 */
export const VSWITCH_CODES = {
  EXISTS: { rc: 212, rs: 36, text: 'Virtual switch already exists' },
  NOT_FOUND: { rc: 212, rs: 40, text: 'Virtual switch does not exist' },
  VLAN_UNAWARE: {
    rc: 396,
    rs: 2846,
    text: 'Internal system error - product-specific return code : 2846 (VLAN UNAWARE vswitch)',
  },
} as const satisfies Record<string, SmapiCode>;
