import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { isUserid, toUserid } from '#envelope';
import { ReferenceDatabaseError } from './reference-error.js';
import type {
  RefFcp,
  RefGuest,
  RefImage,
  RefSwitch,
  RefTemplate,
  ReferenceRecords,
} from './reference.types.js';

type Row = Record<string, unknown>;

/** The reference's file names (zvmsdk/constants.py) and the columns each table must have. */
export const REFERENCE_FILES = {
  guests: 'sdk_guest.sqlite',
  images: 'sdk_image.sqlite',
  fcp: 'sdk_fcp.sqlite',
  network: 'sdk_network.sqlite',
} as const;

const TABLES: Record<string, string[]> = {
  guests: ['id', 'userid', 'metadata', 'net_set', 'comments'],
  image: [
    'imagename',
    'imageosdistro',
    'md5sum',
    'disk_size_units',
    'image_size_in_bytes',
    'type',
    'comments',
  ],
  fcp: ['fcp_id', 'assigner_id', 'connections', 'reserved', 'wwpn_npiv', 'wwpn_phy', 'chpid'],
  template: ['id', 'name', 'description', 'is_default', 'min_fcp_paths_count'],
  template_sp_mapping: ['sp_name', 'tmpl_id'],
  template_fcp_mapping: ['fcp_id', 'tmpl_id', 'path'],
  switch: ['userid', 'interface', 'switch', 'port', 'comments'],
};

/** SQLite hands back text, numbers, bigints, blobs or null; every column here is text or int. */
const str = (v: unknown): string =>
  typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('utf8') : `${v as number | bigint}`;
const text = (v: unknown): string => (v === null || v === undefined ? '' : str(v).trim());
/**
 * A userid column, through the one constructor of a Userid when it is one. The plan adopts any
 * 1-8 non-blank characters (z/VM allows `@#$` and more, the reference's API does not), so a
 * value the reference's pattern refuses is kept as before, upper case.
 */
const useridOf = (v: unknown): string => {
  const t = text(v);
  return isUserid(t) ? toUserid(t) : t.toUpperCase();
};
const nullable = (v: unknown): string | null => (v === null || v === undefined ? null : str(v));
const int = (v: unknown, dflt = 0): number => {
  const n = typeof v === 'number' ? v : Number.parseInt(text(v), 10);
  return Number.isFinite(n) ? n : dflt;
};

/**
 * Opens one file read-only and reads its tables; anything that is not a database of the
 * reference's shape (not SQLite, corrupt, a table or column missing) is a ReferenceDatabaseError
 * naming the file.
 */
function readFile<T>(path: string, tables: string[], read: (db: Database.Database) => T): T {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    for (const table of tables) {
      const cols = new Set(
        (db.pragma(`table_info(${table})`) as Row[]).map((c) => text(c.name).toLowerCase()),
      );
      if (cols.size === 0) throw new ReferenceDatabaseError(`it has no table '${table}'`);
      const lacking = TABLES[table].filter((c) => !cols.has(c));
      if (lacking.length) {
        throw new ReferenceDatabaseError(`table '${table}' lacks ${lacking.join(', ')}`);
      }
    }
    return read(db);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    throw new ReferenceDatabaseError(`${path} is not a reference database: ${why}`);
  } finally {
    db?.close();
  }
}

function guests(db: Database.Database): RefGuest[] {
  return (db.prepare('SELECT * FROM guests').all() as Row[]).map((r) => ({
    id: text(r.id),
    userid: useridOf(r.userid),
    metadata: text(r.metadata),
    netSet: int(r.net_set),
    comments: text(r.comments),
  }));
}

function images(db: Database.Database): RefImage[] {
  return (db.prepare('SELECT * FROM image').all() as Row[]).map((r) => ({
    imagename: text(r.imagename),
    imageosdistro: text(r.imageosdistro),
    md5sum: text(r.md5sum).toLowerCase(),
    diskSizeUnits: text(r.disk_size_units),
    imageSizeInBytes: text(r.image_size_in_bytes),
    type: text(r.type),
    comments: nullable(r.comments),
  }));
}

function fcp(db: Database.Database): { fcps: RefFcp[]; templates: RefTemplate[] } {
  const tmplRows = db.prepare('SELECT * FROM template').all() as Row[];
  // tmpl_id columns are COLLATE NOCASE: spelled as the template row spells its id
  const ids = new Map(tmplRows.map((t) => [text(t.id).toLowerCase(), text(t.id)]));
  const tmplOf = (v: unknown) => ids.get(text(v).toLowerCase()) ?? text(v);
  const fcps = (db.prepare('SELECT * FROM fcp').all() as Row[]).map((r) => ({
    fcpId: text(r.fcp_id).toLowerCase(),
    assignerId: useridOf(r.assigner_id),
    connections: int(r.connections),
    reserved: int(r.reserved),
    wwpnNpiv: text(r.wwpn_npiv).toLowerCase(),
    wwpnPhy: text(r.wwpn_phy).toLowerCase(),
    chpid: text(r.chpid).toUpperCase(),
    pchid: text(r.pchid).toUpperCase(),
    state: text(r.state).toLowerCase(),
    owner: text(r.owner).toUpperCase(),
    tmplId: text(r.tmpl_id) === '' ? '' : tmplOf(r.tmpl_id),
  }));
  const maps = db.prepare('SELECT * FROM template_fcp_mapping').all() as Row[];
  const sps = db.prepare('SELECT * FROM template_sp_mapping').all() as Row[];
  const templates = tmplRows.map((t) => {
    const id = text(t.id);
    const paths: string[][] = [];
    for (const m of maps.filter((x) => tmplOf(x.tmpl_id) === id)) {
      (paths[int(m.path)] ??= []).push(text(m.fcp_id).toLowerCase());
    }
    return {
      id,
      name: text(t.name),
      description: text(t.description),
      // SQLite keeps TRUE/FALSE as 1/0; a text 'True' from another writer counts too
      isDefault: int(t.is_default) === 1 || /^true$/i.test(text(t.is_default)),
      minFcpPathsCount: int(t.min_fcp_paths_count, -1),
      paths: Array.from(paths, (p) => (p ?? []).sort()),
      storageProviders: sps
        .filter((s) => tmplOf(s.tmpl_id) === id)
        .map((s) => text(s.sp_name))
        .sort(),
    };
  });
  return { fcps, templates };
}

function switches(db: Database.Database): RefSwitch[] {
  return (db.prepare('SELECT * FROM switch').all() as Row[]).map((r) => ({
    userid: useridOf(r.userid),
    interface: text(r.interface),
    switch: nullable(r.switch),
    port: nullable(r.port),
    comments: nullable(r.comments),
  }));
}

/** Reads the four files of a reference database directory; a missing file skips its part. */
export function readReference(dir: string): ReferenceRecords {
  if (!existsSync(dir)) throw new ReferenceDatabaseError(`${dir}: no such directory`);
  const out: ReferenceRecords = { missing: [] };
  const file = (name: string): string | undefined => {
    const path = join(dir, name);
    if (existsSync(path)) return path;
    out.missing.push(name);
    return undefined;
  };
  const g = file(REFERENCE_FILES.guests);
  if (g) out.guests = readFile(g, ['guests'], guests);
  const i = file(REFERENCE_FILES.images);
  if (i) out.images = readFile(i, ['image'], images);
  const f = file(REFERENCE_FILES.fcp);
  const fcpTables = ['fcp', 'template', 'template_sp_mapping', 'template_fcp_mapping'];
  if (f) out.fcp = readFile(f, fcpTables, fcp);
  const n = file(REFERENCE_FILES.network);
  if (n) out.switches = readFile(n, ['switch'], switches);
  return out;
}
