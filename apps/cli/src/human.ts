// An envelope's output as people read it; apart from output.ts so plan.ts can use it too.

const cell = (v: unknown): string => {
  if (v === null || v === undefined) return '';
  return typeof v === 'string' ? v : JSON.stringify(v);
};

/** An envelope's output for people: lines, `key: value` pairs, or a table of records. */
export function human(output: unknown): string {
  if (output === null || output === undefined || output === '') return '';
  if (Array.isArray(output)) {
    if (output.every((o) => typeof o !== 'object' || o === null))
      return output.map(cell).join('\n');
    const rows = output as Record<string, unknown>[];
    const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
    const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r[c]).length)));
    const fmt = (vals: string[]) =>
      vals
        .map((v, i) => v.padEnd(width[i]))
        .join('  ')
        .trimEnd();
    return [fmt(cols), ...rows.map((r) => fmt(cols.map((c) => cell(r[c]))))].join('\n');
  }
  if (typeof output === 'object') {
    return Object.entries(output as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${cell(v)}`)
      .join('\n');
  }
  return cell(output);
}
