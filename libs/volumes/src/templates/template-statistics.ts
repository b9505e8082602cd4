import { shrinkFcpList, splitSingleAndRange } from '../domain/fcp-list.js';
import type { FcpRow, TemplateRecord } from '#persistence';

/** Statistics of one path (reference §8.6). */
export interface PathStatistics {
  total: string;
  total_count: Record<string, number>;
  single_fcp: string;
  range_fcp: string;
  available: string;
  available_count: Record<string, number>;
  allocated: string;
  reserve_only: string;
  connection_only: string;
  unallocated_but_active: Record<string, string>;
  allocated_but_free: string;
  notfound: string;
  offline: string;
  chpids: Record<string, string>;
  pchids: Record<string, string>;
}

const count = (m: Record<string, number>, k: string) => {
  m[k] = (m[k] ?? 0) + 1;
};

/** A device with no hardware facts was never reported by the hypervisor. */
const isNotFound = (f: FcpRow) => f.state === 'notfound' || f.state === '';

/** Per-path statistics, keyed "0", "1", … (FCPs without a row count as not found). */
export function templateStatistics(
  t: TemplateRecord,
  fcps: Map<string, FcpRow>,
): Record<string, PathStatistics> {
  const out: Record<string, PathStatistics> = {};
  t.paths.forEach((ids, path) => {
    const rows = ids.map(
      (id) =>
        fcps.get(id) ?? {
          fcpId: id,
          assignerId: '',
          connections: 0,
          reserved: 0,
          wwpnNpiv: '',
          wwpnPhy: '',
          chpid: '',
          pchid: '',
          state: '' as const,
          owner: '',
          tmplId: '',
        },
    );
    const pick = (p: (f: FcpRow) => boolean) => shrinkFcpList(rows.filter(p).map((f) => f.fcpId));
    const totalCount: Record<string, number> = {};
    const availableCount: Record<string, number> = {};
    const byChpid = new Map<string, string[]>();
    const pchids: Record<string, string> = {};
    const active: Record<string, string> = {};
    for (const f of rows) {
      if (isNotFound(f)) {
        count(totalCount, 'notfound');
        continue;
      }
      count(totalCount, f.pchid);
      if (f.reserved === 0 && f.connections === 0 && f.state === 'free') {
        count(availableCount, f.pchid);
      }
      if (f.reserved === 0 && f.connections === 0 && f.state === 'active') {
        active[f.fcpId.toUpperCase()] = f.owner;
      }
      byChpid.set(f.chpid, [...(byChpid.get(f.chpid) ?? []), f.fcpId]);
      pchids[f.pchid] = f.chpid;
    }
    const { single, range } = splitSingleAndRange(ids);
    out[String(path)] = {
      total: shrinkFcpList(ids),
      total_count: totalCount,
      single_fcp: single,
      range_fcp: range,
      available: pick((f) => f.reserved === 0 && f.connections === 0 && f.state === 'free'),
      available_count: availableCount,
      allocated: pick((f) => f.reserved !== 0 && f.connections !== 0),
      reserve_only: pick((f) => f.reserved !== 0 && f.connections === 0),
      connection_only: pick((f) => f.reserved === 0 && f.connections !== 0),
      unallocated_but_active: active,
      allocated_but_free: pick((f) => f.connections !== 0 && f.state === 'free'),
      notfound: pick(isNotFound),
      offline: pick((f) => f.state === 'offline'),
      chpids: Object.fromEntries([...byChpid].map(([c, fs]) => [c, shrinkFcpList(fs)])),
      pchids,
    };
  });
  return out;
}

/** `raw` of the details (reference §8.6): one 12-field list per FCP, by path. */
export function templateRaw(
  t: TemplateRecord,
  fcps: Map<string, FcpRow>,
): Record<string, (string | number)[][]> {
  const out: Record<string, (string | number)[][]> = {};
  t.paths.forEach((ids, path) => {
    out[String(path)] = ids.map((id) => {
      const f = fcps.get(id);
      return [
        id,
        t.id,
        f?.assignerId ?? '',
        f?.connections ?? 0,
        f?.reserved ?? 0,
        f?.wwpnNpiv ?? '',
        f?.wwpnPhy ?? '',
        f?.chpid ?? '',
        f?.pchid ?? '',
        f?.state || 'notfound',
        f?.owner ?? '',
        f?.tmplId ?? '',
      ];
    });
  });
  return out;
}
