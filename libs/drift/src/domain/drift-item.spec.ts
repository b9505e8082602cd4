import { seenOf } from './drift-item.js';

describe('seenOf', () => {
  it('tells a change of either side, but not an FCP going active as its owner logs on', () => {
    const db = { assigner_id: '', reserved: 0, connections: 0, template_id: '' };
    const off = seenOf({ hypervisor: { owner: 'DRF01', state: 'free' }, database: db });
    expect(seenOf({ hypervisor: { owner: 'DRF01', state: 'active' }, database: db })).toBe(off);
    expect(seenOf({ hypervisor: { owner: 'DRF02', state: 'free' }, database: db })).not.toBe(off);
    expect(
      seenOf({ hypervisor: { owner: 'DRF01', state: 'free' }, database: { ...db, reserved: 1 } }),
    ).not.toBe(off);
    expect(seenOf({ hypervisor: null, database: { userid: 'A' } })).toBe(
      '{"hypervisor":null,"database":{"userid":"A"}}',
    );
  });
});
