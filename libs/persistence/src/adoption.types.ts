import type { FcpRow, TemplateRecord } from './fcp.types.js';
import type { NewImage } from './image.types.js';
import type { NicRecord } from './nic.types.js';

/** A guest row as adoption compares and writes it (comments as stored: JSON text). */
export interface AdoptedGuest {
  /** Kept from the reference when the row is new (its `id`, a UUID). */
  id?: string;
  /** Upper case. */
  userid: string;
  metadata: string;
  netSet: number;
  /** A JSON object's text. */
  comments: string;
  migrated: boolean;
}

/** Everything this service holds that an adoption compares with the reference's records. */
export interface AdoptionSnapshot {
  guests: AdoptedGuest[];
  images: NewImage[];
  fcps: FcpRow[];
  templates: TemplateRecord[];
  nics: NicRecord[];
}

/** The rows one adoption writes; each replaces (or adds) the row of the same key. */
export interface AdoptionWrites {
  guests: AdoptedGuest[];
  images: NewImage[];
  /** Whole rows, usage and hardware facts. */
  fcps: FcpRow[];
  /** Whole templates: paths and storage providers replace the template's own. */
  templates: TemplateRecord[];
  nics: NicRecord[];
}

/** How many rows of each kind an adoption wrote. */
export type AdoptionCounts = { [K in keyof AdoptionWrites]: number };
