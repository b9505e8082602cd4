import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';

/**
 * The reference's table definitions, as zvmsdk/database.py creates them (GuestDbOperator,
 * ImageDbOperator, FCPDbOperator, NetworkDbOperator): the fixtures are made from the same DDL.
 */
const DDL = {
  'sdk_guest.sqlite': [
    `CREATE TABLE IF NOT EXISTS guests(
       id             char(36)     PRIMARY KEY COLLATE NOCASE,
       userid         varchar(8)   NOT NULL UNIQUE  COLLATE NOCASE,
       metadata       varchar(255),
       net_set        smallint      DEFAULT 0,
       comments       text)`,
  ],
  'sdk_image.sqlite': [
    `CREATE TABLE IF NOT EXISTS image (
       imagename         varchar(128) PRIMARY KEY COLLATE NOCASE,
       imageosdistro            varchar(16),
       md5sum                   varchar(512),
       disk_size_units          varchar(512),
       image_size_in_bytes      varchar(512),
       type                     varchar(16),
       comments                 varchar(128))`,
  ],
  'sdk_fcp.sqlite': [
    `CREATE TABLE IF NOT EXISTS fcp(
       fcp_id         char(4)     NOT NULL COLLATE NOCASE,
       assigner_id    varchar(8)  NOT NULL DEFAULT '' COLLATE NOCASE,
       connections    integer     NOT NULL DEFAULT 0,
       reserved       integer     NOT NULL DEFAULT 0,
       wwpn_npiv      varchar(16) NOT NULL DEFAULT '' COLLATE NOCASE,
       wwpn_phy       varchar(16) NOT NULL DEFAULT '' COLLATE NOCASE,
       chpid          char(2)     NOT NULL DEFAULT '' COLLATE NOCASE,
       pchid          char(4)     NOT NULL DEFAULT '' COLLATE NOCASE,
       state          varchar(8)  NOT NULL DEFAULT '' COLLATE NOCASE,
       owner          varchar(8)  NOT NULL DEFAULT '' COLLATE NOCASE,
       tmpl_id        varchar(32) NOT NULL DEFAULT '' COLLATE NOCASE,
       PRIMARY KEY (fcp_id))`,
    `CREATE TABLE IF NOT EXISTS template(
       id                   varchar(32)  NOT NULL COLLATE NOCASE,
       name                 varchar(128) NOT NULL COLLATE NOCASE,
       description          varchar(255) NOT NULL DEFAULT '' COLLATE NOCASE,
       is_default           integer      NOT NULL DEFAULT 0,
       min_fcp_paths_count  integer      NOT NULL DEFAULT -1,
       PRIMARY KEY (id))`,
    `CREATE TABLE IF NOT EXISTS template_sp_mapping(
       sp_name        varchar(128) NOT NULL COLLATE NOCASE,
       tmpl_id        varchar(32)  NOT NULL COLLATE NOCASE,
       PRIMARY KEY (sp_name))`,
    `CREATE TABLE IF NOT EXISTS template_fcp_mapping(
       fcp_id         char(4)     NOT NULL COLLATE NOCASE,
       tmpl_id        varchar(32) NOT NULL COLLATE NOCASE,
       path           integer     NOT NULL,
       PRIMARY KEY (fcp_id, tmpl_id))`,
  ],
  'sdk_network.sqlite': [
    `CREATE TABLE IF NOT EXISTS switch (
       userid       varchar(8)    COLLATE NOCASE,
       interface    varchar(4)    COLLATE NOCASE,
       switch       varchar(8)    COLLATE NOCASE,
       port         varchar(128)  COLLATE NOCASE,
       comments     varchar(128),
       primary key (userid, interface))`,
  ],
} as const;

type Value = string | number | null;

/** Rows to insert, per file and table, in the columns' order of the DDL. */
export interface ReferenceFixture {
  guests?: [id: string, userid: string, metadata: string, netSet: number, comments: string][];
  images?: [
    name: string,
    distro: string,
    md5: string,
    units: string,
    bytes: string,
    type: string,
    comments: string | null,
  ][];
  fcp?: Value[][];
  template?: [id: string, name: string, description: string, isDefault: number, min: number][];
  templateSp?: [sp: string, tmplId: string][];
  templateFcp?: [fcp: string, tmplId: string, path: number][];
  switches?: [
    userid: string,
    vdev: string,
    vswitch: string | null,
    port: string | null,
    c: string | null,
  ][];
}

function fill(path: string, ddl: readonly string[], rows: [string, Value[][] | undefined][]) {
  const db = new Database(path);
  try {
    for (const sql of ddl) db.exec(sql);
    for (const [table, list] of rows) {
      for (const row of list ?? []) {
        db.prepare(`INSERT INTO ${table} VALUES (${row.map(() => '?').join(', ')})`).run(...row);
      }
    }
  } finally {
    db.close();
  }
}

/** Writes the reference's four database files into `dir` with the fixture's rows. */
export function writeReferenceDatabases(dir: string, f: ReferenceFixture): void {
  mkdirSync(dir, { recursive: true });
  fill(join(dir, 'sdk_guest.sqlite'), DDL['sdk_guest.sqlite'], [['guests', f.guests]]);
  fill(join(dir, 'sdk_image.sqlite'), DDL['sdk_image.sqlite'], [['image', f.images]]);
  fill(join(dir, 'sdk_fcp.sqlite'), DDL['sdk_fcp.sqlite'], [
    ['fcp', f.fcp],
    ['template', f.template],
    ['template_sp_mapping', f.templateSp],
    ['template_fcp_mapping', f.templateFcp],
  ]);
  fill(join(dir, 'sdk_network.sqlite'), DDL['sdk_network.sqlite'], [['switch', f.switches]]);
}

/** Puts an image file where the reference keeps it: `<repo>/netboot/<distro>/<name>/0100`. */
export function writeReferenceImage(repo: string, distro: string, name: string, bytes: Buffer) {
  const path = join(repo, 'netboot', distro, name, '0100');
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, bytes);
}
