/** Input patterns of the reference's JSON schemas (validation/parameter_types.py). */
export const USERID = /^[a-zA-Z0-9]{1,8}$/;
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
