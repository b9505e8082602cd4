import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '#config';
import { GUEST_COLUMNS, toGuest } from './direct/guest-row.js';
import { IMAGE_COLUMNS, toImage } from './direct/image-row.js';
import { OPERATION_COLUMNS, toOperation } from './direct/operation-row.js';

/**
 * The two Prisma schemas are written from one source (Prisma takes one provider per schema), and
 * the direct statements' column lists by hand beside them (issue #24): these tests fail on drift.
 */
const prismaDir = join(repoRoot(), 'prisma');
const schemaText = (provider: string) =>
  readFileSync(join(prismaDir, provider, 'schema.prisma'), 'utf8');

interface ModelField {
  field: string;
  column: string;
  type: string;
}

/** Scalar fields of `model` (relations skipped) with their database column names. */
function modelFields(text: string, model: string): { table: string; fields: ModelField[] } {
  const block = new RegExp(`^model ${model} \\{\\n([\\s\\S]*?)^\\}`, 'm').exec(text)?.[1];
  if (!block) throw new Error(`model ${model} not in the schema`);
  const table = /@@map\("([^"]+)"\)/.exec(block)?.[1] ?? model;
  const fields: ModelField[] = [];
  for (const line of block.split('\n')) {
    const m = /^\s+(\w+)\s+(\w+)(\[\])?\??(\s.*)?$/.exec(line);
    if (!m || m[3] || line.includes('@relation')) continue;
    const [, field, type, , attrs = ''] = m as unknown as [string, string, string, string, string];
    if (!/^(String|Int|BigInt|Boolean|DateTime|Float|Decimal|Json|Bytes)$/.test(type)) continue;
    fields.push({ field, type, column: /@map\("([^"]+)"\)/.exec(attrs)?.[1] ?? field });
  }
  return { table, fields };
}

/** `"column" AS "alias"` or `"column"` items of a SELECT list: column → name in the row. */
function selectList(list: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const item of list.split(',')) {
    const m = /^\s*"(\w+)"(?:\s+AS\s+"(\w+)")?\s*$/.exec(item);
    if (!m) throw new Error(`not a column item: ${item}`);
    out.set(m[1], m[2] ?? m[1]);
  }
  return out;
}

/** A row with a value of the field's type under each name, as a driver would return it. */
function sampleRow(fields: ModelField[], names: Map<string, string>): Record<string, unknown> {
  const sample = (t: string): unknown =>
    t === 'Int' ? 1 : t === 'Boolean' ? 1 : t === 'DateTime' ? new Date(0) : 'x';
  return Object.fromEntries(fields.map((f) => [names.get(f.column) ?? f.column, sample(f.type)]));
}

describe('Prisma schemas', () => {
  it('are what scripts/prisma-schemas.mjs writes from prisma/models.prisma', async () => {
    const { staleSchemas } = (await import(
      pathToFileURL(join(repoRoot(), 'scripts/prisma-schemas.mjs')).href
    )) as { staleSchemas: () => [string, string][] };
    expect(staleSchemas().map(([file]) => file)).toEqual([]);
  });

  it('have the same migrations on both providers', () => {
    const names = (p: string) =>
      readdirSync(join(prismaDir, p, 'migrations'), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort();
    expect(names('postgres')).toEqual(names('sqlite'));
  });
});

describe('direct statements against the schema', () => {
  const text = schemaText('sqlite');
  const cases = [
    { model: 'Operation', list: OPERATION_COLUMNS, decode: toOperation },
    { model: 'Guest', list: GUEST_COLUMNS, decode: toGuest },
    { model: 'Image', list: IMAGE_COLUMNS, decode: toImage },
  ] as const;

  it.each(cases)('$model: the column list names every column, under its field name', (c) => {
    const { fields } = modelFields(text, c.model);
    const listed = selectList(c.list);
    expect([...listed.keys()].sort()).toEqual(fields.map((f) => f.column).sort());
    for (const f of fields) expect([f.column, listed.get(f.column)]).toEqual([f.column, f.field]);
  });

  it.each(cases)('$model: the row decoder yields exactly the model fields', (c) => {
    const { fields } = modelFields(text, c.model);
    const record = c.decode(sampleRow(fields, selectList(c.list)));
    expect(Object.keys(record).sort()).toEqual(fields.map((f) => f.field).sort());
  });

  it('every quoted identifier of a statement file is a table or column of the schema', () => {
    const known = new Set<string>();
    for (const model of text.matchAll(/^model (\w+) \{/gm)) {
      const { table, fields } = modelFields(text, model[1]);
      known.add(table);
      for (const f of fields) known.add(f.column).add(f.field);
    }
    const dir = join(repoRoot(), 'libs/persistence/src');
    const files = readdirSync(dir).filter((f) => /-statements\.ts$/.test(f));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const sql = [...readFileSync(join(dir, file), 'utf8').matchAll(/`([^`]*)`/g)].map(
        (m) => m[1],
      );
      const unknown = sql
        .flatMap((s) => [...s.matchAll(/"(\w+)"/g)].map((m) => m[1]))
        .filter((id) => !known.has(id) && id !== 'value');
      expect({ file, unknown }).toEqual({ file, unknown: [] });
    }
  });
});
