import { Errors } from '#envelope';

/** What refresh_bootmap needs of an RHCOS guest's first network: `ip=` value and NIC ids. */
export interface RhcosNetwork {
  ipConfig: string;
  nicId: string;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * The kernel `ip=` parameter of the first guest network, as the reference builds it for
 * RHCOS (`<ip>::<gateway>:<prefix>:<hostname>:enc<vdev>:none:<dns1>:<dns2>`), and the NIC's
 * three device ids `0.0.<vdev>,0.0.<vdev+1>,0.0.<vdev+2>`. A network without ip_addr, cidr or
 * nic_vdev cannot be written: 400 naming the field.
 */
export function rhcosNetwork(networks: unknown[]): RhcosNetwork {
  const vif = (networks[0] ?? {}) as Record<string, unknown>;
  for (const key of ['ip_addr', 'cidr', 'nic_vdev'] as const) {
    if (str(vif[key]) === '') {
      throw Errors.validation(
        `Invalid input for field/attribute guest_networks. ${key} is required for RHCOS`,
      );
    }
  }
  const vdev = parseInt(str(vif.nic_vdev), 16);
  if (Number.isNaN(vdev) || vdev > 0xfffd) {
    throw Errors.validation('Invalid input for field/attribute guest_networks. bad nic_vdev');
  }
  const dns = Array.isArray(vif.dns_addr) ? vif.dns_addr.map(str) : [];
  const prefix = str(vif.cidr).split('/').at(-1) ?? '';
  const ipConfig = [
    str(vif.ip_addr),
    '',
    str(vif.gateway_addr),
    prefix,
    str(vif.hostname),
    `enc${str(vif.nic_vdev).toLowerCase()}`,
    'none',
    dns[0] ?? '',
    dns[1] ?? '',
  ].join(':');
  const nicId = [0, 1, 2].map((i) => `0.0.${(vdev + i).toString(16).padStart(4, '0')}`).join(',');
  return { ipConfig, nicId };
}
