import { Errors, isUserid, pyRepr, toUserid, type Userid } from '#envelope';

/**
 * The `?userid=` of /guests/stats and /guests/interfacestats, read as the reference does: ends
 * stripped of spaces and commas, inner spaces removed, split on commas; each must be a userid.
 * Missing or empty → no userids. Answers upper case, without repeats, in the order given.
 */
export function parseUseridList(raw: unknown): Userid[] {
  if (raw === undefined) return [];
  if (typeof raw !== 'string') {
    throw Errors.validation(`Invalid input for query parameters userid. Value: ${pyRepr(raw)}.`);
  }
  const trimmed = raw.replace(/^[\s,]+|[\s,]+$/g, '').replace(/\s+/g, '');
  if (trimmed === '') return [];
  const ids = trimmed.split(',');
  const bad = ids.find((id) => !isUserid(id));
  if (bad !== undefined) {
    throw Errors.validation(
      `Invalid input for query parameters userid. Value: ${pyRepr(raw)}. ` +
        `${pyRepr(bad)} is not a userid (1-8 letters or digits)`,
    );
  }
  return [...new Set(ids.map((id) => toUserid(id)))];
}
