// Relative links in the repository's markdown, and the anchors GitHub gives its headings, so
// that scripts/markdown-links.spec.ts can fail on a link to a file or a heading that is not there.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** A link as written: where it is and what it names. */
export interface Link {
  line: number;
  target: string;
}

/** The lines of a document outside fenced code blocks (inside them nothing is a link or heading). */
function proseLines(markdown: string): { line: number; text: string }[] {
  const out: { line: number; text: string }[] = [];
  let fence: string | undefined;
  markdown.split('\n').forEach((text, i) => {
    const m = /^\s{0,3}(`{3,}|~{3,})/.exec(text);
    if (m) {
      if (!fence) fence = m[1][0].repeat(m[1].length);
      else if (text.trim().startsWith(fence)) fence = undefined;
      return;
    }
    if (!fence) out.push({ line: i + 1, text });
  });
  return out;
}

/** GitHub's anchor for a heading: its text lower-cased, punctuation dropped, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/\*\*|__/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a document's headings get (a repeated heading gets -1, -2, … as on GitHub). */
export function anchorsOf(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const { text } of proseLines(markdown)) {
    const m = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(text);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

/** Inline links and images, and reference definitions, outside code. */
export function linksOf(markdown: string): Link[] {
  const links: Link[] = [];
  for (const { line, text } of proseLines(markdown)) {
    const prose = text.replace(/(`+)[^`]*?\1/g, '');
    for (const m of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g))
      links.push({ line, target: m[1] });
    const def = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/.exec(prose);
    if (def) links.push({ line, target: def[1] });
  }
  return links;
}

/** Whether a target leaves the repository (a scheme, or a protocol-relative URL). */
function external(target: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');
}

/**
 * What is wrong with the relative links of the file at `path` (relative to `root`), one line
 * each: a file that does not exist, or an anchor its target's headings do not give.
 */
export function brokenLinks(root: string, path: string): string[] {
  const problems: string[] = [];
  const markdown = readFileSync(join(root, path), 'utf8');
  for (const { line, target } of linksOf(markdown)) {
    if (external(target)) continue;
    const hash = target.indexOf('#');
    const file = decodeURIComponent(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const resolved = file
      ? normalize(file.startsWith('/') ? file.slice(1) : join(dirname(path), file))
      : path;
    const where = `${path}:${line}: ${target}`;
    if (resolved.startsWith('..') || !existsSync(join(root, resolved))) {
      problems.push(`${where}: no file ${resolved}`);
      continue;
    }
    if (anchor === undefined || !resolved.endsWith('.md')) continue;
    if (statSync(join(root, resolved)).isDirectory()) continue;
    const anchors = anchorsOf(readFileSync(join(root, resolved), 'utf8'));
    if (!anchors.has(anchor.toLowerCase()))
      problems.push(`${where}: no heading #${anchor} in ${resolved}`);
  }
  return problems;
}
