/** OS versions the reference accepts (reference §3 `os_version`), case-insensitive. */
export const OS_VERSION =
  /^(rhel(6|7|8|9|10)(\.\d{1,2})?|redhat(6|7)(\.\d)?|(sles|suse)(11|12|15)(\.\d|sp\d)?|ubuntu(16|20|22|24|25)(\.\d{2})?(\.\d)?|rhcos4(\.\d)?(\.\d)?)$/i;

export const MAC_ADDR = /^([0-9a-fA-F]{2})(:[0-9a-fA-F]{2}){5}$/;
export const IPV4 = /^((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
export const CIDR = new RegExp(`^${IPV4.source.slice(1, -1)}/(3[0-2]|[12]?\\d)$`);
export const HOSTNAME = /^[a-zA-Z0-9-._]{1,255}$/;
/** Vswitch names: 1-8 characters (reference schema `vswitch_name`). */
export const VSWITCH_NAME = /^.{1,8}$/;
