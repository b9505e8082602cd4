import { Errors, ModID } from '#envelope';

/** Network-module failures of the vswitch operations (reference smtclient _set_vswitch_exception). */
export const VswitchErrors = {
  /** 404 rs 1: revoke or user VLAN on a switch that does not exist (SMAPI 212/40). */
  notExist: (name: string) => Errors.notExist(ModID.NETWORK, `Vswitch ${name}`),
  /** 409 rs 5: SET VSWITCH refused, e.g. a VLAN id on a VLAN-unaware switch (396/2846). */
  setFailed: (name: string, msg: string) =>
    Errors.conflict(ModID.NETWORK, 5, `Failed to set vswitch ${name}: ${msg}`),
};
