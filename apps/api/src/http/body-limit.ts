/** Largest JSON body the api accepts (the reference read one 4 KiB buffer; ours is roomier). */
export const BODY_LIMIT = 4 * 1024 * 1024;
