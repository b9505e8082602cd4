import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeReferenceDatabases } from '../../../../test/support/reference-fixture.js';
import { readReference } from './reference-db.js';
import { ReferenceDatabaseError } from './reference-error.js';

describe('readReference', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hvo-adopt-ref-'));
    // values in the case the reference's NOCASE columns let them be in
    writeReferenceDatabases(dir, {
      guests: [['id-1', 'linux01', 'os_version=rhel9.0', 1, '{"migrated": 1}']],
      images: [['img', 'rhel9.0', 'ABCDEF', '10:CYL', '100', 'rootonly', null]],
      fcp: [['1A00', 'linux01', 1, 1, '', '', '', '', '', '', 'T-ID']],
      template: [['t-id', 'tmpl', 'd', 1, -1]],
      templateSp: [['sp1', 'T-ID']],
      templateFcp: [
        ['1A00', 't-id', 0],
        ['1b00', 'T-id', 1],
      ],
      switches: [['linux01', '1000', 'VSW1', 'p1', null]],
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the four files, keys normalised as this service keys them', () => {
    const ref = readReference(dir);
    expect(ref.missing).toEqual([]);
    expect(ref.guests).toEqual([
      {
        id: 'id-1',
        userid: 'LINUX01',
        metadata: 'os_version=rhel9.0',
        netSet: 1,
        comments: '{"migrated": 1}',
      },
    ]);
    expect(ref.images?.[0]).toMatchObject({ imagename: 'img', md5sum: 'abcdef' });
    expect(ref.fcp?.fcps[0]).toMatchObject({
      fcpId: '1a00',
      assignerId: 'LINUX01',
      tmplId: 't-id',
    });
    expect(ref.fcp?.templates).toEqual([
      {
        id: 't-id',
        name: 'tmpl',
        description: 'd',
        isDefault: true,
        minFcpPathsCount: -1,
        paths: [['1a00'], ['1b00']],
        storageProviders: ['sp1'],
      },
    ]);
    expect(ref.switches?.[0]).toMatchObject({ userid: 'LINUX01', interface: '1000' });
  });

  it('skips the part of a missing file and says which', () => {
    unlinkSync(join(dir, 'sdk_image.sqlite'));
    unlinkSync(join(dir, 'sdk_network.sqlite'));
    const ref = readReference(dir);
    expect(ref.missing).toEqual(['sdk_image.sqlite', 'sdk_network.sqlite']);
    expect(ref.images).toBeUndefined();
    expect(ref.switches).toBeUndefined();
    expect(ref.guests).toHaveLength(1);
  });

  it('a corrupt file is a ReferenceDatabaseError naming it', () => {
    writeFileSync(join(dir, 'sdk_network.sqlite'), 'not a database at all'.repeat(300));
    expect(() => readReference(dir)).toThrow(ReferenceDatabaseError);
    expect(() => readReference(dir)).toThrow(/sdk_network\.sqlite is not a reference database/);
  });
});
