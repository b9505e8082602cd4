import type { FcpDeviceState } from '#hypervisor';

/** One row of the `fcp` table. */
export interface FcpRow {
  fcpId: string;
  assignerId: string;
  connections: number;
  reserved: number;
  wwpnNpiv: string;
  wwpnPhy: string;
  chpid: string;
  pchid: string;
  state: FcpDeviceState | '';
  owner: string;
  tmplId: string;
}

/** A template row with its paths and storage providers. */
export interface TemplateRecord {
  id: string;
  name: string;
  description: string;
  isDefault: boolean;
  minFcpPathsCount: number;
  /** path index → FCP ids (lower case, sorted). */
  paths: string[][];
  storageProviders: string[];
}

/** Allocated from a template: reserved or carrying connections, with this template's id. */
export const inUse = (f: FcpRow, tmplId: string): boolean =>
  f.tmplId === tmplId && (f.connections !== 0 || f.reserved !== 0);

/** The usage fields of one FCP row, as a phase found them. */
export type FcpUsage = Pick<FcpRow, 'fcpId' | 'assignerId' | 'reserved' | 'connections' | 'tmplId'>;
