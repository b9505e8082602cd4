/** Input patterns of the reference's JSON schemas (validation/parameter_types.py). */
// the userid pattern is #envelope's, the one a Userid is checked by
export { USERID_PATTERN as USERID } from '#envelope';
export const VDEV = /^[0-9a-fA-F]{1,4}$/;
export const DISK_POOL = /^(ECKD|FBA):\w+$/i;
export const MEMORY_SIZE = /^[1-9][0-9]{0,3}[mMgG]$/;
/** CPU pool (`cschedule`) and relocation domain (`rdomain`) names: 1 to 8 word characters. */
export const DIRECTORY_NAME = /^\w{1,8}$/;
/** `cshare`: `ABSolute <1-100>[.n]%` or `RELative <1-10000>`, the keyword abbreviated or not. */
export const CPU_SHARE =
  /^(ABS(O(L(U(TE?)?)?)?)?\s+(100(\.0)?|[1-9]\d?(\.\d)?)%|REL(A(T(I(VE?)?)?)?)?\s+(10000|[1-9]\d{0,3}))$/i;
/** `pcif`: a PCI function and the virtual device it is attached as, `<dev>:<dev>`. */
export const PCI_FUNCTION = /^[0-9a-fA-F]{1,4}:[0-9a-fA-F]{1,4}$/;

/** Most virtual CPUs a guest can define (the reference's `max_cpu` bound). */
export const MAX_CPUS = 64;
/** Most memory in MB: what `max_mem` can express (9999G). */
export const MAX_MEMORY_MB = 9999 * 1024;
/**
 * `ipl_from`: what the IPL statement names (a vdev, `CMS`, a saved system), 0 to 255 characters
 * as the reference's schema has it, and one word: the reference's makevm request is split on
 * blanks (smtLayer ReqHandle, shlex), so a blank could only add operands to the statement.
 */
export const IPL_FROM = /^[^\s\p{Cc}\p{Cs}]{0,255}$/u;
/**
 * Free text written into a directory statement (account, IPL parameters, comments): printable
 * characters only, so a value can never start a second statement.
 */
export const DIRECTORY_TEXT = /^[^\p{Cc}\p{Cs}]*$/u;
/**
 * OS versions a volume script may name (reference §3 `os_version`), case-insensitive; rhcos
 * minors take two digits (`rhcos4.12`), which the guest answers as unsupported (501).
 */
export const OS_VERSION =
  /^(rhel(6|7|8|9|10)(\.\d{1,2})?|redhat(6|7)(\.\d)?|(sles|suse)(11|12|15)(\.\d|sp\d)?|ubuntu(16|20|22|24|25)(\.\d{2})?(\.\d)?|rhcos4(\.\d{1,2})?(\.\d{1,2})?)$/i;
/** A mount point or device path reaching a guest script: absolute, no shell metacharacters. */
export const MOUNT_POINT = /^\/[\w.\-/]{0,254}$/;
