// Reads a V8 .cpuprofile and says where the samples went: for each package (or folder of our
// own code) and each of our own functions, the share of busy samples with it on the stack
// (inclusive), plus the heaviest leaf functions (self). Module loading at start-up is counted
// apart. Enough to decide what to look at; a flame graph (the file in DevTools) shows the rest.
// Frames in a bundle (dist/bundle/*.js, *.cjs, vendor/*.cjs) are mapped back to their package or source file through
// the bundle's source map.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber?: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
}

const STARTUP = /^(compileSourceTextModule|wrapSafe|ModuleJob|loadESM|link|instantiate)$/;

/** Where a frame of a bundle came from (a file of a package or our source), by its source map. */
class BundleSources {
  private readonly maps = new Map<string, { map: SourceMap; dir: string } | null>();

  frame(f: CallFrame): CallFrame {
    // the bundles are ES modules (file: URLs) or CommonJS (paths), the vendor files beside them
    if (!/\/dist\/bundle\/(vendor\/)?[^/]+\.c?js$/.test(f.url)) return f;
    let entry = this.maps.get(f.url);
    if (entry === undefined) {
      const file = `${f.url.startsWith('file:') ? fileURLToPath(f.url) : f.url}.map`;
      entry = existsSync(file)
        ? {
            map: new SourceMap(JSON.parse(readFileSync(file, 'utf8')) as SourceMapPayload),
            dir: dirname(file),
          }
        : null;
      this.maps.set(f.url, entry);
    }
    const hit = entry?.map.findEntry(f.lineNumber, f.columnNumber ?? 0);
    // a position the map does not cover (the bundle's own glue) has no source
    if (!entry || !hit || !('originalSource' in hit) || !hit.originalSource) return f;
    return { ...f, url: resolve(entry.dir, hit.originalSource), lineNumber: hit.originalLine };
  }
}

/** Our own code: built (dist/apps/…) or, through a bundle's map, its source (apps/…/*.ts). */
const OWN = /\/(?:dist\/)?((?:apps|libs)\/[^/]+)\/(.*)$/;

/** node_modules/<pkg> (scoped too), node: internals, or our own top two folders. */
function area(url: string): string | null {
  if (!url) return null;
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return null;
  const own = OWN.exec(url);
  return own
    ? own[1]
    : url.startsWith('wasm:')
      ? 'wasm (undici’s HTTP parser or Prisma’s query compiler)'
      : null;
}

const ownFunction = (f: CallFrame): string | null => {
  if (/node_modules\//.test(f.url)) return null;
  const m = OWN.exec(f.url);
  return m ? `${f.functionName || '(anonymous)'} ${m[1]}/${m[2]}:${f.lineNumber + 1}` : null;
};

export function summariseProfile(path: string, top = 30): string {
  const p = JSON.parse(readFileSync(path, 'utf8')) as Profile;
  const sources = new BundleSources();
  const byId = new Map(p.nodes.map((n) => [n.id, { ...n, callFrame: sources.frame(n.callFrame) }]));
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
  const selfArea = new Map<string, number>();
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
      const f = ownFunction(n.callFrame);
      if (f) own.add(f);
    }
    for (const a of areas) add(inclusiveArea, a);
    for (const f of own) add(inclusiveOwn, f);
    const { functionName, url, lineNumber } = leaf.callFrame;
    add(
      selfArea,
      area(url) ?? (url.startsWith('node:') ? 'node internals' : `(native) ${functionName}`),
    );
    add(
      self,
      `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules|dist)\//, '').replace(/^.*\/((apps|libs)\/)/, '$1')}:${lineNumber + 1}`,
    );
  }
  const busy = p.samples.length - idle - startup;
  const pct = (n: number) => `${((100 * n) / busy).toFixed(1)}%`.padStart(6);
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  const lines = [
    `${p.samples.length} samples: ${idle} idle, ${startup} loading modules, ${busy} busy (shares below are of these)`,
    '-- on the stack (inclusive), by package or folder of ours',
    ...sorted(inclusiveArea).map(([k, v]) => `${pct(v)}  ${k}`),
    '-- where the time itself is spent (self), by package, node internals or native function',
    ...sorted(selfArea).map(([k, v]) => `${pct(v)}  ${k}`),
    '-- on the stack (inclusive), our own functions',
    ...sorted(inclusiveOwn).map(([k, v]) => `${pct(v)}  ${k}`),
    '-- heaviest leaf functions (self)',
    ...sorted(self).map(([k, v]) => `${pct(v)}  ${k}`),
  ];
  return lines.join('\n');
}
