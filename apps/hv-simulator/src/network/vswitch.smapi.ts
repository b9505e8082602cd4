import type { VswitchExtendedInfo } from '#hypervisor';
import { USERID_RE } from '../state/directory.parser.js';
import { fail, syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import { OK, type SmapiContext, type SmapiHandler } from '../smapi-kit/smapi.context.js';
import type { VswitchRecord } from '../state/network.types.js';
import { VSWITCH_CODES } from './vswitch.codes.js';
import { extendedInfo } from './vswitch.detail.js';
import { intParam, parseCreate, switchNameParam } from './vswitch.params.js';

function requireSwitch(ctx: SmapiContext, name: string): VswitchRecord {
  const v = ctx.state.vswitches()[name];
  if (!v) throw fail(VSWITCH_CODES.NOT_FOUND, name);
  return v;
}

/** `*` (every switch) or one name; 212/40 when nothing matches, as the API answers. */
function selected(ctx: SmapiContext, nameParam: unknown): VswitchRecord[] {
  const all = ctx.state.vswitches();
  const name = nameParam === undefined || nameParam === '*' ? '*' : switchNameParam(nameParam);
  const list = name === '*' ? Object.values(all) : all[name] ? [all[name]] : [];
  if (!list.length) throw fail(VSWITCH_CODES.NOT_FOUND, name);
  return list.sort((a, b) => a.name.localeCompare(b.name));
}

/** Virtual_Network_Vswitch_Query: names of the switches (`switchName` `*` or one name). */
export const vswitchQuery: SmapiHandler = (ctx, _target, params) => ({
  ...OK,
  output: selected(ctx, params.switchName).map((v) => v.name),
});

/** Virtual_Network_Vswitch_Query_Extended: full records, adapters from the running NICs. */
export const vswitchQueryExtended: SmapiHandler = (ctx, _target, params) => ({
  ...OK,
  output: selected(ctx, params.switchName).map((v): VswitchExtendedInfo =>
    extendedInfo(ctx.state, v),
  ),
});

/** Virtual_Network_Vswitch_Create_Extended: DEFINE VSWITCH. 212/36 when the name is taken. */
export const vswitchCreateExtended: SmapiHandler = (ctx, _target, params) => {
  const all = ctx.state.vswitches();
  const seq = Object.keys(all).length + 1;
  const mac =
    `02-00-00-00-${((seq >> 8) & 0xff).toString(16).padStart(2, '0')}-${(seq & 0xff).toString(16).padStart(2, '0')}`.toUpperCase();
  const rec = parseCreate(params, mac);
  if (all[rec.name]) throw fail(VSWITCH_CODES.EXISTS, rec.name);
  all[rec.name] = rec;
  ctx.state.changed();
  return OK;
};

/**
 * Virtual_Network_Vswitch_Delete_Extended: DETACH VSWITCH; NICs coupled to it are left
 * uncoupled, as CP disconnects them. 212/40 when there is no such switch.
 */
export const vswitchDeleteExtended: SmapiHandler = (ctx, _target, params) => {
  const name = switchNameParam(params.switchName);
  requireSwitch(ctx, name);
  delete ctx.state.vswitches()[name];
  for (const id of ctx.state.userIds()) {
    for (const nic of Object.values(ctx.state.user(id)?.activeNics ?? {})) {
      if (nic.vswitch?.toUpperCase() === name) {
        delete nic.vswitch;
        delete nic.vlan;
      }
    }
  }
  ctx.state.changed();
  return OK;
};

function useridParam(value: unknown, param: number, name: string): string {
  const id = typeof value === 'string' ? value.toUpperCase() : '';
  if (!USERID_RE.test(id))
    throw syntax(param, SYNTAX.BAD_CHARS, `invalid ${name} ${JSON.stringify(value)}`);
  return id;
}

/**
 * Virtual_Network_Vswitch_Set_Extended: SET VSWITCH GRANT (optionally with a user VLAN id;
 * granting again replaces the VLAN list, without one it changes nothing) or REVOKE (of a user
 * not in the access list: nothing to do). A VLAN id on a VLAN-unaware switch → 396/2846.
 */
export const vswitchSetExtended: SmapiHandler = (ctx, _target, params) => {
  const v = requireSwitch(ctx, switchNameParam(params.switchName));
  const vlan = intParam(params.userVlanId, 5, 'user_vlan_id', 1, 4094);
  if (params.grantUserid !== undefined) {
    const userid = useridParam(params.grantUserid, 3, 'grant_userid');
    if (vlan !== undefined && !v.vlanAware) throw fail(VSWITCH_CODES.VLAN_UNAWARE, v.name);
    const grant = v.authorized[userid];
    if (grant) {
      if (vlan !== undefined) grant.vlanIds = [vlan];
    } else {
      v.portSeq = (v.portSeq ?? 0) + 1;
      v.authorized[userid] = {
        vlanIds: vlan === undefined ? [] : [vlan],
        portType: v.portType ?? 'ACCESS',
        promiscuous: false,
        portNum: v.portSeq,
      };
    }
  } else if (params.revokeUserid !== undefined) {
    delete v.authorized[useridParam(params.revokeUserid, 4, 'revoke_userid')];
  } else if (vlan !== undefined) {
    throw syntax(3, SYNTAX.MISSING, 'user_vlan_id needs grant_userid');
  } else {
    throw syntax(3, SYNTAX.MISSING, 'nothing to set');
  }
  ctx.state.changed();
  return OK;
};
