import type { FcpDeviceInfo } from '#hypervisor';
import type { AdoptionSnapshot, AdoptionWrites } from '#persistence';
import type { ReferenceRecords } from '../reference/reference.types.js';

export const KINDS = ['guests', 'images', 'templates', 'fcps', 'nics'] as const;
export type Kind = (typeof KINDS)[number];

/** Which side wins a conflict; undefined: a conflict stops the run. */
export type Prefer = 'ours' | 'theirs' | undefined;

export interface Skipped {
  key: string;
  reason: string;
}

/** Per kind: adopted, already present (identical), skipped with the reason. */
export interface KindReport {
  adopted: string[];
  present: string[];
  skipped: Skipped[];
}

/** A reference record that disagrees with ours. */
export interface Conflict {
  kind: Kind;
  key: string;
  ours: string;
  theirs: string;
}

/** What the hypervisor says, asked before anything is written. */
export interface HypervisorView {
  /** Userids of the directory, upper case. */
  directory: Set<string>;
  /** FCP inventory by lower-case device id. */
  fcps: Map<string, FcpDeviceInfo>;
}

/** An image whose file is to be copied into our repository (its md5 checked first). */
export interface ImageCopy {
  name: string;
  distro: string;
  md5sum: string;
  /** In the reference's image repository. */
  source: string;
}

export interface PlanInput {
  ref: ReferenceRecords;
  ours: AdoptionSnapshot;
  hv: HypervisorView;
  prefer: Prefer;
  /** Where the reference keeps an image's file (its repository layout). */
  imageSource: (distro: string, name: string) => string;
}

export interface AdoptionPlan {
  report: Record<Kind, KindReport>;
  conflicts: Conflict[];
  /** Found on the hypervisor or in the records; reported, not blocking. */
  warnings: string[];
  writes: AdoptionWrites;
  imageCopies: ImageCopy[];
  /** Reference files that were not there (their part skipped). */
  missing: string[];
}
