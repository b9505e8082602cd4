// Reads a V8 .cpuprofile and says where the samples went: for each package (or folder of our
// own code) and each of our own functions, the share of busy samples with it on the stack
// (inclusive), plus the heaviest leaf functions (self). Module loading at start-up is counted
// apart. Enough to decide what to look at; a flame graph (the file in DevTools) shows the rest.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const STARTUP = /^(compileSourceTextModule|wrapSafe|ModuleJob|loadESM|link|instantiate)$/;

/** node_modules/<pkg> (scoped too), node: internals, or our own top two folders. */
function area(url: string): string | null {
  if (!url) return null;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return null;
  const own = /\/dist\/((?:apps|libs)\/[^/]+)/.exec(url);
  return own ? own[1] : url.startsWith('wasm:') ? 'wasm (Prisma query compiler)' : null;
}

const ownFunction = (n: ProfileNode): string | null => {
  const m = /\/dist\/((?:apps|libs)\/.*)$/.exec(n.callFrame.url);
  return m
    ? `${n.callFrame.functionName || '(anonymous)'} ${m[1]}:${n.callFrame.lineNumber + 1}`
    : null;
};

export function summariseProfile(path: string, top = 30): string {
  const p = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stackOf = (id: number): ProfileNode[] => {
    const out: ProfileNode[] = [];
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur))
      out.push(byId.get(cur)!);
    return out;
  };

  const inclusiveArea = new Map<string, number>();
  const inclusiveOwn = new Map<string, number>();
  const self = new Map<string, number>();
  let idle = 0;
  let startup = 0;
  const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  for (const id of p.samples) {
    const leaf = byId.get(id)!;
    if (leaf.callFrame.functionName === '(idle)') {
      idle++;
      continue;
    }
    const stack = stackOf(id);
    if (stack.some((n) => STARTUP.test(n.callFrame.functionName))) {
      startup++;
      continue;
    }
    const areas = new Set<string>();
    const own = new Set<string>();
    for (const n of stack) {
      const a = area(n.callFrame.url);
      if (a) areas.add(a);
      const f = ownFunction(n);
      if (f) own.add(f);
    }
    for (const a of areas) add(inclusiveArea, a);
    for (const f of own) add(inclusiveOwn, f);
    const { functionName, url, lineNumber } = leaf.callFrame;
    add(
      self,
      `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|dist)\//, '')}:${lineNumber + 1}`,
    );
  }
  const busy = p.samples.length - idle - startup;
  const pct = (n: number) => `${((100 * n) / busy).toFixed(1)}%`.padStart(6);
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  const lines = [
    `${p.samples.length} samples: ${idle} idle, ${startup} loading modules, ${busy} busy (shares below are of these)`,
    '-- on the stack (inclusive), by package or folder of ours',
    ...sorted(inclusiveArea).map(([k, v]) => `${pct(v)}  ${k}`),
    '-- on the stack (inclusive), our own functions',
    ...sorted(inclusiveOwn).map(([k, v]) => `${pct(v)}  ${k}`),
    '-- heaviest leaf functions (self)',
    ...sorted(self).map(([k, v]) => `${pct(v)}  ${k}`),
  ];
  return lines.join('\n');
}
