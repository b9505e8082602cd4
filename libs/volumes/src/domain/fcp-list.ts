/**
 * The `fcp_devices` syntax of FCP templates (reference utils.expand_fcp_list / shrink_fcp_list):
 * `;` separates paths, `,` items of a path, `-` ranges; spaces are ignored.
 */

const DEV = /^[0-9a-f]{1,4}$/;

/** Thrown for a string that is not valid `fcp_devices` syntax (the reference answers 500). */
export class FcpListSyntaxError extends Error {}

/** Paths in order, each a sorted list of 4-digit lower-case device ids (no duplicates). */
export function expandFcpList(text: string): string[][] {
  const compact = text.replace(/\s+/g, '').toLowerCase();
  if (compact === '') return [];
  // A trailing `;` adds no path, as in the reference.
  const parts = compact.split(';');
  if (parts.at(-1) === '') parts.pop();
  return parts.map((path) => {
    const ids = new Set<string>();
    for (const item of path.split(',')) {
      const bounds = item.split('-');
      if (bounds.length > 2 || bounds.some((b) => !DEV.test(b))) {
        throw new FcpListSyntaxError(`invalid FCP device item '${item}' in '${text}'`);
      }
      const first = parseInt(bounds[0], 16);
      const last = parseInt(bounds[1] ?? bounds[0], 16);
      if (last < first) throw new FcpListSyntaxError(`invalid FCP range '${item}' in '${text}'`);
      for (let n = first; n <= last; n += 1) ids.add(n.toString(16).padStart(4, '0'));
    }
    return [...ids].sort();
  });
}

/** Runs of consecutive ids, upper case: `[['1A0A','1A0C'], ['1A0E']]`. */
function runs(ids: Iterable<string>): string[][] {
  const sorted = [...new Set([...ids].map((i) => i.toUpperCase()))].sort();
  const out: string[][] = [];
  for (const id of sorted) {
    const last = out.at(-1);
    const prev = last?.at(-1);
    if (last && prev && parseInt(prev, 16) + 1 === parseInt(id, 16)) {
      if (last.length === 2) last[1] = id;
      else last.push(id);
    } else {
      out.push([id]);
    }
  }
  return out;
}

const runText = (r: string[]) => r.join(' - ');

/** `1A0A - 1A0C, 1A0E`: how the reference prints FCP sets; '' for none. */
export function shrinkFcpList(ids: Iterable<string>): string {
  return runs(ids).map(runText).join(', ');
}

/** The shrunk list split into its single ids and its ranges. */
export function splitSingleAndRange(ids: Iterable<string>): { single: string; range: string } {
  const all = runs(ids);
  return {
    single: all
      .filter((r) => r.length === 1)
      .map(runText)
      .join(', '),
    range: all
      .filter((r) => r.length > 1)
      .map(runText)
      .join(', '),
  };
}
