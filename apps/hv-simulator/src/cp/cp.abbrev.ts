/** True when `word` is `full` or an abbreviation of it at least `min` letters long (CP rules). */
export function matches(word: string | undefined, full: string, min: number): boolean {
  return word !== undefined && word.length >= min && full.startsWith(word);
}
