/** OS versions the reference accepts (reference §3 `os_version`), case-insensitive. */
export const OS_VERSION =
  /^(rhel(6|7|8|9|10)(\.\d{1,2})?|redhat(6|7)(\.\d)?|(sles|suse)(11|12|15)(\.\d|sp\d)?|ubuntu(16|20|22|24|25)(\.\d{2})?(\.\d)?|rhcos4(\.\d)?(\.\d)?)$/i;

/**
 * Image names: 1-255 characters as the reference, but never a path: no `/`, no control
 * characters, not `.` or `..` (the name is a directory of the repository).
 */
export const IMAGE_NAME = /^(?!\.{1,2}$)[^/\\\p{Cc}]{1,255}$/u;

export const MD5 = /^[0-9a-fA-F]{32}$/;
