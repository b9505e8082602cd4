import type { FcpRow, TemplateRecord } from '#persistence';
import type { RefFcp, RefTemplate } from '../reference/reference.types.js';
import { canonical, conflict, skip } from './plan-ledger.js';
import type { AdoptionPlan, PlanInput } from './plan.types.js';

type Usage = Pick<FcpRow, 'assignerId' | 'reserved' | 'connections' | 'tmplId'>;
const usage = (f: Usage): Usage => ({
  assignerId: f.assignerId,
  reserved: f.reserved,
  connections: f.connections,
  tmplId: f.tmplId,
});
const FREE: Usage = { assignerId: '', reserved: 0, connections: 0, tmplId: '' };
const isFree = (f: Usage): boolean => canonical(usage(f)) === canonical(FREE);
const showUsage = (f: Usage): string =>
  isFree(f)
    ? 'free'
    : `assigner '${f.assignerId}', reserved ${f.reserved}, connections ${f.connections}, ` +
      `template '${f.tmplId}'`;

const showTemplate = (t: RefTemplate | TemplateRecord): string =>
  `name '${t.name}', description '${t.description}', default ${t.isDefault}, ` +
  `min paths ${t.minFcpPathsCount}, paths ${t.paths.map((p) => p.join(' ')).join(' | ')}, ` +
  `storage providers [${t.storageProviders.join(', ')}]`;

/** Templates: by id; identical is present, different conflicts; default flags and providers too. */
export function planTemplates(plan: AdoptionPlan, input: PlanInput): void {
  const ours = new Map(input.ours.templates.map((t) => [t.id, t]));
  for (const ref of input.ref.fcp?.templates ?? []) {
    const key = `${ref.name} (${ref.id})`;
    const mine = ours.get(ref.id);
    if (mine && showTemplate(mine) === showTemplate(ref)) {
      plan.report.templates.present.push(key);
      continue;
    }
    if (mine) {
      const c = {
        kind: 'templates' as const,
        key,
        ours: showTemplate(mine),
        theirs: showTemplate(ref),
      };
      if (!conflict(plan, c, input.prefer)) continue;
    }
    const t: TemplateRecord = { ...ref, paths: ref.paths.map((p) => [...p]) };
    // one default per host: a default of ours that is another template is a conflict
    const ourDefault = input.ours.templates.find((o) => o.isDefault && o.id !== ref.id);
    if (ref.isDefault && ourDefault) {
      const c = {
        kind: 'templates' as const,
        key: `host default ${key}`,
        ours: `default template ${ourDefault.name} (${ourDefault.id})`,
        theirs: `default template ${ref.name} (${ref.id})`,
      };
      if (!conflict(plan, c, input.prefer)) t.isDefault = false;
    }
    // one default template per storage provider
    for (const sp of ref.storageProviders) {
      const other = input.ours.templates.find(
        (o) => o.id !== ref.id && o.storageProviders.includes(sp),
      );
      if (!other) continue;
      const c = {
        kind: 'templates' as const,
        key: `storage provider ${sp}`,
        ours: `template ${other.name} (${other.id})`,
        theirs: `template ${ref.name} (${ref.id})`,
      };
      if (!conflict(plan, c, input.prefer)) {
        t.storageProviders = t.storageProviders.filter((s) => s !== sp);
      }
    }
    plan.writes.templates.push(t);
    plan.report.templates.adopted.push(key);
  }
}

/** Our row for an FCP: usage from the reference, hardware facts from the hypervisor. */
function rowOf(ref: RefFcp, use: Usage, input: PlanInput): FcpRow {
  const d = input.hv.fcps.get(ref.fcpId);
  const hw = d
    ? {
        wwpnNpiv: d.wwpnNpiv.toLowerCase(),
        wwpnPhy: d.wwpnPhy.toLowerCase(),
        chpid: d.chpid.toUpperCase(),
        pchid: d.pchid.toUpperCase(),
        state: d.state,
        owner: d.owner === 'NONE' ? '' : d.owner.toUpperCase(),
      }
    : { ...ref, state: 'notfound' as const };
  return {
    fcpId: ref.fcpId,
    wwpnNpiv: hw.wwpnNpiv,
    wwpnPhy: hw.wwpnPhy,
    chpid: hw.chpid,
    pchid: hw.pchid,
    state: hw.state,
    owner: hw.owner,
    ...use,
  };
}

/**
 * An FCP the reference has attached that the hypervisor shows offline, unknown, or in use by
 * another user. (CP shows a device dedicated to a logged-off user as free with no owner, so
 * no owner is no finding.)
 */
function checkAgainstHypervisor(plan: AdoptionPlan, input: PlanInput, f: RefFcp): void {
  if (f.connections === 0 || !f.assignerId) return;
  const d = input.hv.fcps.get(f.fcpId);
  const said = `FCP ${f.fcpId}: the reference has it attached to ${f.assignerId}`;
  const owner = d && d.owner !== 'NONE' ? d.owner.toUpperCase() : '';
  if (!d) plan.warnings.push(`${said}, but the hypervisor does not know the device`);
  else if (d.state === 'offline') plan.warnings.push(`${said}, but it is offline`);
  else if (owner && owner !== f.assignerId) {
    plan.warnings.push(`${said}, but the hypervisor shows it dedicated to ${owner}`);
  }
}

/**
 * FCP rows: the reference's usage (assigner, reserved, connections, template) onto ours. A row
 * free here takes theirs; one we use differently conflicts. Usage of a guest whose directory
 * entry is gone is dropped, as the reference drops it when it deletes the guest.
 */
export function planFcps(plan: AdoptionPlan, input: PlanInput, gone: Set<string>): void {
  const ours = new Map(input.ours.fcps.map((f) => [f.fcpId, f]));
  const seen = new Set<string>();
  const inTemplate = new Set(
    [...(input.ref.fcp?.templates ?? []), ...input.ours.templates].flatMap((t) => t.paths.flat()),
  );
  for (const ref of input.ref.fcp?.fcps ?? []) {
    const key = ref.fcpId;
    seen.add(key);
    if (!/^[0-9a-f]{1,4}$/.test(key)) {
      skip(plan, 'fcps', key, 'not an FCP device number');
      continue;
    }
    let theirs = usage(ref);
    if (ref.assignerId && gone.has(ref.assignerId) && !isFree(theirs)) {
      plan.warnings.push(
        `FCP ${key}: usage of ${ref.assignerId} (${showUsage(theirs)}) dropped, the guest is gone`,
      );
      theirs = FREE;
    } else {
      checkAgainstHypervisor(plan, input, ref);
    }
    const mine = ours.get(key);
    // our FCP sync drops such rows, so adopting one would adopt it again on every run
    if (!mine && isFree(theirs) && !inTemplate.has(key)) {
      skip(plan, 'fcps', key, 'free and in no template: nothing to keep');
      continue;
    }
    if (mine && canonical(usage(mine)) === canonical(theirs)) {
      plan.report.fcps.present.push(key);
      continue;
    }
    if (mine && isFree(theirs)) {
      skip(plan, 'fcps', key, `in use here (${showUsage(mine)}), free in the reference`);
      continue;
    }
    if (mine && !isFree(mine)) {
      const c = { kind: 'fcps' as const, key, ours: showUsage(mine), theirs: showUsage(theirs) };
      if (!conflict(plan, c, input.prefer)) continue;
    }
    plan.writes.fcps.push(rowOf(ref, theirs, input));
    plan.report.fcps.adopted.push(key);
  }
  // an adopted template's FCPs need rows, as a template made here gets them
  for (const t of plan.writes.templates) {
    for (const id of t.paths.flat()) {
      if (seen.has(id) || ours.has(id)) continue;
      seen.add(id);
      const empty = {
        fcpId: id,
        wwpnNpiv: '',
        wwpnPhy: '',
        chpid: '',
        pchid: '',
        state: '',
        owner: '',
      };
      plan.writes.fcps.push(rowOf({ ...empty, ...FREE }, FREE, input));
      plan.report.fcps.adopted.push(id);
    }
  }
}
