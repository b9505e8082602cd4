import type { AdoptedGuest } from '#persistence';
import type { RefGuest } from '../reference/reference.types.js';
import { canonical, conflict, skip } from './plan-ledger.js';
import type { AdoptionPlan, PlanInput } from './plan.types.js';

/** `{"migrated": 1}` is how the reference marks a guest live-migrated away (database.py). */
function toGuest(g: RefGuest): AdoptedGuest | string {
  let comments: unknown;
  try {
    comments = g.comments === '' ? {} : JSON.parse(g.comments);
  } catch {
    return `comments are not JSON: ${g.comments.slice(0, 60)}`;
  }
  if (!comments || typeof comments !== 'object' || Array.isArray(comments)) {
    return `comments are not a JSON object: ${g.comments.slice(0, 60)}`;
  }
  // our model keeps the mark in its own column; the other keys stay in comments
  const { migrated, ...rest } = comments as Record<string, unknown>;
  return {
    ...(g.id ? { id: g.id } : {}),
    userid: g.userid,
    metadata: g.metadata,
    netSet: g.netSet,
    comments: JSON.stringify(rest),
    migrated: migrated === 1 || migrated === true,
  };
}

const describe = (g: AdoptedGuest): string =>
  `metadata '${g.metadata}', net_set ${g.netSet}, comments ${g.comments}` +
  (g.migrated ? ', migrated' : '');

const same = (a: AdoptedGuest, b: AdoptedGuest): boolean =>
  a.metadata === b.metadata &&
  a.netSet === b.netSet &&
  a.migrated === b.migrated &&
  canonical(JSON.parse(a.comments)) === canonical(JSON.parse(b.comments));

/**
 * Guests: each must still have its directory entry; new ones are adopted, identical ones are
 * present, different ones conflict. Returns the userids whose directory entry is gone.
 */
export function planGuests(plan: AdoptionPlan, input: PlanInput): Set<string> {
  const gone = new Set<string>();
  const ours = new Map(input.ours.guests.map((g) => [g.userid, g]));
  for (const ref of input.ref.guests ?? []) {
    const key = ref.userid;
    if (!/^\S{1,8}$/.test(key)) {
      skip(plan, 'guests', key, 'not a valid userid');
      continue;
    }
    if (!input.hv.directory.has(key)) {
      gone.add(key);
      skip(plan, 'guests', key, "no entry in the hypervisor's directory");
      continue;
    }
    const theirs = toGuest(ref);
    if (typeof theirs === 'string') {
      skip(plan, 'guests', key, theirs);
      continue;
    }
    const mine = ours.get(key);
    if (mine && same(mine, theirs)) {
      plan.report.guests.present.push(key);
      continue;
    }
    if (mine) {
      const c = { kind: 'guests' as const, key, ours: describe(mine), theirs: describe(theirs) };
      if (!conflict(plan, c, input.prefer)) continue;
    }
    plan.writes.guests.push(theirs);
    plan.report.guests.adopted.push(key);
  }
  return gone;
}

/**
 * Images: new ones are adopted once their file is found and its md5 checked (by the caller,
 * which drops those that fail); same name and md5 is present; another md5 conflicts.
 */
export function planImages(plan: AdoptionPlan, input: PlanInput): void {
  const ours = new Map(input.ours.images.map((i) => [i.imagename, i]));
  for (const ref of input.ref.images ?? []) {
    const key = ref.imagename;
    if (!ref.imageosdistro || !ref.md5sum) {
      skip(plan, 'images', key, 'the record has no OS distribution or no md5sum');
      continue;
    }
    const mine = ours.get(key);
    if (mine && mine.md5sum === ref.md5sum) {
      plan.report.images.present.push(key);
      continue;
    }
    if (mine) {
      const c = {
        kind: 'images' as const,
        key,
        ours: `md5 ${mine.md5sum}`,
        theirs: `md5 ${ref.md5sum}`,
      };
      if (!conflict(plan, c, input.prefer)) continue;
    }
    const distro = ref.imageosdistro.toLowerCase();
    plan.writes.images.push({ ...ref, imageosdistro: distro });
    plan.imageCopies.push({
      name: key,
      distro,
      md5sum: ref.md5sum,
      source: input.imageSource(ref.imageosdistro, key),
    });
    plan.report.images.adopted.push(key);
  }
}

/** Takes an image back out of the plan: its file is missing or its md5 is not the record's. */
export function dropImage(plan: AdoptionPlan, name: string, reason: string): void {
  plan.writes.images = plan.writes.images.filter((i) => i.imagename !== name);
  plan.imageCopies = plan.imageCopies.filter((i) => i.name !== name);
  plan.report.images.adopted = plan.report.images.adopted.filter((n) => n !== name);
  skip(plan, 'images', name, reason);
}
