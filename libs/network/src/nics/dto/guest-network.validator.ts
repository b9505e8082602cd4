import {
  type ValidationArguments,
  ValidatorConstraint,
  type ValidatorConstraintInterface,
} from 'class-validator';
import { VDEV } from '#jobs';
import { CIDR, HOSTNAME, IPV4, MAC_ADDR } from '../domain/patterns.js';

type Check = (v: unknown) => boolean;
const str =
  (re: RegExp): Check =>
  (v) =>
    typeof v === 'string' && re.test(v);
const orNull =
  (c: Check): Check =>
  (v) =>
    v === null || c(v);

/** Checks of the guest network entry keys (reference schema `guest_networks`). */
const KEYS: Record<string, [Check, string]> = {
  ip_addr: [orNull(str(IPV4)), "is not a 'ipv4'"],
  gateway_addr: [orNull(str(IPV4)), "is not a 'ipv4'"],
  dns_addr: [
    (v) => v === null || (Array.isArray(v) && v.every(str(IPV4))),
    "is not a list of 'ipv4'",
  ],
  cidr: [orNull(str(CIDR)), "is not a 'cidr'"],
  nic_vdev: [orNull(str(VDEV)), 'is not 1 to 4 hexadecimal digits'],
  osa_device: [orNull(str(VDEV)), 'is not 1 to 4 hexadecimal digits'],
  mac_addr: [orNull(str(MAC_ADDR)), `does not match '${MAC_ADDR.source}'`],
  nic_id: [(v) => v === null || typeof v === 'string', "is not of type 'string'"],
  hostname: [orNull(str(HOSTNAME)), `does not match '${HOSTNAME.source}'`],
  method: [(v) => v === null || v === 'static' || v === 'dhcp', "is not one of ['static', 'dhcp']"],
};

/** The first problem of one entry, or null. Other keys are allowed (as the reference). */
export function guestNetworkProblem(entry: unknown): string | null {
  if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
    return "is not of type 'object'";
  }
  const e = entry as Record<string, unknown>;
  for (const [key, [ok, why]] of Object.entries(KEYS)) {
    if (key in e && !ok(e[key])) return `${key} ${JSON.stringify(e[key])} ${why}`;
  }
  if (e.ip_addr && !e.cidr) return "'cidr' is a dependency of 'ip_addr'";
  return null;
}

/** class-validator constraint for a list of guest network entries. */
@ValidatorConstraint({ name: 'guestNetworks' })
export class GuestNetworksConstraint implements ValidatorConstraintInterface {
  validate(value: unknown): boolean {
    return Array.isArray(value) && value.every((e) => guestNetworkProblem(e) === null);
  }

  defaultMessage(args: ValidationArguments): string {
    const value: unknown = args.value;
    if (!Array.isArray(value)) return "is not of type 'array'";
    const bad = value.map(guestNetworkProblem).find((p) => p !== null);
    return bad ?? 'is not valid';
  }
}
