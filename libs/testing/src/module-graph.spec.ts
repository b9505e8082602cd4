import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { repoRoot } from '#config';

/**
 * Inside each app and lib, modules import one way (issue #24): no import cycle between files,
 * and no two folders that import each other (a folder and its own sub-folders aside: a module
 * file lists what its sub-folders hold, and they use what it shares). Specs are left out.
 */
type Graph = Map<string, Set<string>>;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : sources(p);
    return /\.ts$/.test(e.name) && !/\.(spec|e2e-spec)\.ts$/.test(e.name) ? [p] : [];
  });
}

/** File → the files of the same root it imports by relative path (TypeScript's own scanner). */
function fileGraph(root: string): Graph {
  const files = new Set(sources(root));
  const graph: Graph = new Map();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((s) => s.startsWith('.'))
      .map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts')))
      .map((t) => (files.has(t) ? t : join(t, 'index.ts')))
      .filter((t) => files.has(t));
    graph.set(file, new Set(targets));
  }
  return graph;
}

/** Strongly connected groups of more than one file (Tarjan). */
function cycles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do group.push((w = stack.pop()!));
      while (w !== v);
      if (group.length > 1) found.push(group);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const nested = (a: string, b: string) =>
  a === b || a.startsWith(b + sep) || b.startsWith(a + sep) || a === '.' || b === '.';

/** Pairs of folders (neither inside the other) each importing the other. */
function twoWayFolders(root: string, graph: Graph): string[] {
  const arrows = new Set<string>();
  for (const [from, tos] of graph) {
    for (const to of tos) {
      const [a, b] = [relative(root, dirname(from)) || '.', relative(root, dirname(to)) || '.'];
      if (!nested(a, b)) arrows.add(`${a} -> ${b}`);
    }
  }
  return [...arrows].filter((arrow) => {
    const [a, b] = arrow.split(' -> ');
    return a < b && arrows.has(`${b} -> ${a}`);
  });
}

const roots = ['apps', 'libs'].flatMap((top) =>
  readdirSync(join(repoRoot(), top)).map((name) => join(repoRoot(), top, name, 'src')),
);

describe('module graph', () => {
  it.each(roots.map((r) => [relative(repoRoot(), r), r]))('%s has no import cycle', (_, root) => {
    const found = cycles(fileGraph(root)).map((g) => g.map((f) => relative(root, f)).sort());
    expect(found).toEqual([]);
  });

  it.each(roots.map((r) => [relative(repoRoot(), r), r]))(
    '%s has no two folders importing each other',
    (_, root) => {
      expect(twoWayFolders(root, fileGraph(root))).toEqual([]);
    },
  );

  it('sees a cycle and a two-way folder pair (the check bites)', () => {
    const g: Graph = new Map([
      ['/r/a/x.ts', new Set(['/r/b/y.ts'])],
      ['/r/b/y.ts', new Set(['/r/a/x.ts'])],
    ]);
    expect(cycles(g)).toHaveLength(1);
    expect(twoWayFolders('/r', g)).toEqual(['a -> b']);
  });
});
