/**
 * `value` as one word of a POSIX shell script: single-quoted, with each `'` closed, escaped
 * and reopened. Nothing inside single quotes is special to the shell, so no value (newlines,
 * `$(…)`, backticks, `;`) can become a second command. NUL cannot be carried by a shell word.
 */
export function shellWord(value: string): string {
  if (value.includes('\0')) throw new Error('a shell word cannot carry NUL');
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
