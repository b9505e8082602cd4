/** Input patterns of the reference's JSON schemas (validation/parameter_types.py). */
export const USERID = /^[a-zA-Z0-9]{1,8}$/;
export const VDEV = /^[0-9a-fA-F]{1,4}$/;
export const DISK_POOL = /^(ECKD|FBA):\w+$/i;
export const MEMORY_SIZE = /^[1-9][0-9]{0,3}[mMgG]$/;
