import type { VswitchCreateParams } from '#hypervisor';
import { USERID_RE, normVdev } from '../state/directory.parser.js';
import { syntax, SYNTAX } from '../smapi-kit/smapi.codes.js';
import type { VswitchRecord } from '../state/network.types.js';

const CONNECTIONS = ['CONNECT', 'DISCONNECT', 'NOUPLINK'] as const;
const PORT_TYPES = ['ACCESS', 'TRUNK'] as const;
const ROUTINGS = ['NONROUTER', 'PRIROUTER'] as const;
const TRANSPORTS = ['IP', 'ETHERNET'] as const;

/** Switch names: 1–8 of A–Z 0–9 @ # $ _ (the API's char36 plus @#$_). */
const NAME_RE = /^[A-Z0-9@#$_]{1,8}$/;

/** The switch_name keyword, upper case; a syntax error (parameter 2) otherwise. */
export function switchNameParam(value: unknown): string {
  if (typeof value !== 'string' || value === '')
    throw syntax(2, SYNTAX.MISSING, 'switch_name is required');
  const name = value.toUpperCase();
  if (name.length > 8) throw syntax(2, SYNTAX.TOO_LONG, `switch_name ${value} is longer than 8`);
  if (!NAME_RE.test(name)) throw syntax(2, SYNTAX.BAD_CHARS, `invalid switch_name ${value}`);
  return name;
}

/** A keyword whose value is one of `allowed` (case-insensitive); `fallback` when absent. */
export function keywordParam<T extends string>(
  value: unknown,
  param: number,
  name: string,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined || value === null || value === '') return fallback;
  const v = typeof value === 'string' ? value.toUpperCase() : undefined;
  if (v === undefined || !(allowed as readonly string[]).includes(v))
    throw syntax(param, SYNTAX.UNRECOGNISED, `${name}=${JSON.stringify(value)} is not recognised`);
  return v as T;
}

/** An integer keyword in [min, max]; undefined when absent. */
export function intParam(
  value: unknown,
  param: number,
  name: string,
  min: number,
  max: number,
): number | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isInteger(n)) throw syntax(param, SYNTAX.NOT_DIGITS, `${name} is not a number`);
  if (n < min) throw syntax(param, SYNTAX.TOO_SMALL, `${name} ${n} is below ${min}`);
  if (n > max) throw syntax(param, SYNTAX.TOO_LARGE, `${name} ${n} is above ${max}`);
  return n;
}

function realDevices(value: unknown): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value !== 'string') throw syntax(3, SYNTAX.NOT_HEX, 'real_device_address');
  const tokens = value.trim().split(/\s+/);
  if (tokens.length > 3)
    throw syntax(3, SYNTAX.TOO_LONG, `at most 3 real devices, got ${tokens.length}`);
  return tokens.map((t) => {
    const dev = normVdev(t.replace(/\.P\d+$/i, ''));
    if (!dev) throw syntax(3, SYNTAX.NOT_HEX, `real device ${t} is not 1-4 hex digits`);
    return dev;
  });
}

function controller(value: unknown): string {
  if (value === undefined || value === null || value === '' || value === '*') return '*';
  const id = typeof value === 'string' ? value.toUpperCase() : '';
  if (!USERID_RE.test(id))
    throw syntax(4, SYNTAX.BAD_CHARS, `invalid controller_name ${JSON.stringify(value)}`);
  return id;
}

/**
 * Validates Virtual_Network_Vswitch_Create_Extended keywords into a new record (no state
 * checks). Defaults are CP's DEFINE VSWITCH defaults: ETHERNET, CONNECT, UNAWARE, 8 MB.
 */
export function parseCreate(p: Partial<VswitchCreateParams>, mac: string): VswitchRecord {
  const name = switchNameParam(p.switchName);
  const transport = keywordParam(p.transportType, 7, 'transport_type', TRANSPORTS, 'ETHERNET');
  // The reference sends a routing value for every switch it defines, ETHERNET ones too (its
  // default NONROUTER, or what its client gave): a layer-2 switch does not route, so the
  // hypervisor takes either and ignores it (the query shows NA).
  const routing = keywordParam(p.routingValue, 12, 'routing_value', ROUTINGS, 'NONROUTER');
  const rawVid = typeof p.vlanId === 'string' ? p.vlanId.toUpperCase() : p.vlanId;
  let vlanAware = true;
  let vlanId: number | undefined = 1;
  if (rawVid === undefined || rawVid === 'UNAWARE') {
    vlanAware = false;
    vlanId = undefined;
  } else if (rawVid !== 'AWARE') {
    vlanId = intParam(rawVid, 8, 'vlan_id', 1, 4094);
  }
  const rec: VswitchRecord = {
    name,
    vlanAware,
    authorized: {},
    realDevices: realDevices(p.realDeviceAddress).map((rdev) => ({ rdev })),
    controller: controller(p.controllerName),
    connection: keywordParam(p.connectionValue, 5, 'connection_value', CONNECTIONS, 'CONNECT'),
    transport,
    ...(transport === 'IP' ? { routing } : {}),
    portType: keywordParam(p.portType, 9, 'port_type', PORT_TYPES, 'ACCESS'),
    gvrp: keywordParam(p.gvrpValue, 10, 'gvrp_value', ['GVRP', 'NOGVRP'], 'GVRP') === 'GVRP',
    queueMemoryMb: intParam(p.queueMemoryLimit, 6, 'queue_memory_limit', 1, 8) ?? 8,
    macAddress: mac,
    persistent: p.persist !== false,
    portSeq: 0,
  };
  if (vlanAware) {
    rec.vlanId = vlanId;
    rec.nativeVlanId = intParam(p.nativeVlanid, 11, 'native_vlanid', 1, 4094) ?? 1;
  } else {
    // CP takes PORTTYPE/GVRP/NATIVE only with VLAN awareness; the reference never sends them.
    rec.portType = 'ACCESS';
    rec.gvrp = false;
  }
  return rec;
}
