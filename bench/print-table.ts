/** Prints `rows` (the first is the header) as columns padded to their widest cell. */
export function printTable(rows: string[][]): void {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => r[c].length)));
  for (const r of rows) console.log(r.map((cell, c) => cell.padEnd(widths[c])).join(' | '));
}
