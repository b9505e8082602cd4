import { syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import type { HypervisorState } from '../state/hypervisor.state.js';
import type { VswitchRecord } from '../state/network.types.js';

/** The vswitch of that name (any case), or undefined: the NIC functions' one view of vswitches. */
export function findVswitch(state: HypervisorState, name: string): VswitchRecord | undefined {
  return state.vswitches()[name.toUpperCase()];
}

/** A vswitch name parameter of the NIC functions (1–8 characters), upper case. */
export function vswitchNameParam(value: unknown, param: number): string {
  if (typeof value !== 'string' || !/^[A-Z0-9@#$_-]{1,8}$/i.test(value)) {
    throw syntax(param, SYNTAX.BAD_CHARS, 'switch_name must be 1-8 characters');
  }
  return value.toUpperCase();
}
