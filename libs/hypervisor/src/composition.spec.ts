import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { repoRoot } from '#config';

/**
 * The hypervisor's API stays composed, not stacked: the exchange and the parts that take it
 * (systems-management functions, CP queries, management-guest operations) are siblings. A
 * newcomer changing one call reads one class; a handler's constructor names the parts it uses.
 */
const DIR = join(repoRoot(), 'libs/hypervisor/src');

function sources(dir = DIR): { path: string; file: ts.SourceFile }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    if (!e.name.endsWith('.ts') || e.name.endsWith('.spec.ts')) return [];
    const text = readFileSync(path, 'utf8');
    return [{ path, file: ts.createSourceFile(path, text, ts.ScriptTarget.ES2022, true) }];
  });
}

function walk(node: ts.Node, visit: (n: ts.Node) => void): void {
  visit(node);
  node.forEachChild((c) => walk(c, visit));
}

interface ClassInfo {
  name: string;
  path: string;
  base?: string;
  takes: string[];
}

function classes(): ClassInfo[] {
  const out: ClassInfo[] = [];
  for (const { path, file } of sources()) {
    walk(file, (n) => {
      if (!ts.isClassDeclaration(n) || !n.name) return;
      const ext = n.heritageClauses?.find((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
      const ctor = n.members.find(ts.isConstructorDeclaration);
      out.push({
        name: n.name.text,
        path,
        base: ext?.types[0]?.expression.getText(file),
        takes: (ctor?.parameters ?? []).map((p) => p.type?.getText(file) ?? ''),
      });
    });
  }
  return out;
}

describe('the hypervisor API by composition', () => {
  const all = classes();
  const parts = all.filter((c) => c.takes.includes('HypervisorExchange'));

  it('has the exchange and its parts', () => {
    expect(all.map((c) => c.name)).toContain('HypervisorExchange');
    expect(parts.map((c) => c.name)).toEqual(
      expect.arrayContaining(['SystemsManagement', 'CpQueries', 'ManagementGuestOps']),
    );
  });

  it('no class extends the exchange or a part, and no part extends anything', () => {
    const layered = new Set(['HypervisorExchange', ...parts.map((c) => c.name)]);
    const stacked = all.filter(
      (c) => (c.base && layered.has(c.base)) || (layered.has(c.name) && c.base),
    );
    expect(stacked.map((c) => `${c.name} extends ${c.base}`)).toEqual([]);
  });

  it('no class aggregates all the parts (a class injects the ones it uses)', () => {
    const names = new Set(parts.map((c) => c.name));
    const facades = all.filter((c) => c.takes.filter((t) => names.has(t)).length === names.size);
    expect(facades.map((c) => c.name)).toEqual([]);
  });
});
