import { driftIdOf, driftKindOf } from './item-id.js';

describe('drift item ids', () => {
  it("spells each kind's id as the report does", () => {
    expect(driftIdOf('guest_unknown', 'drfx1')).toEqual({ id: 'DRFX1', userid: 'DRFX1' });
    expect(driftIdOf('fcp_recorded_undedicated', '1A0')).toEqual({ id: '01a0', userid: null });
    expect(driftIdOf('nic_differs', 'drf01.0200')).toEqual({ id: 'DRF01.0200', userid: 'DRF01' });
    expect(driftIdOf('nic_differs', 'drf01.200')).toEqual({ id: 'DRF01.0200', userid: 'DRF01' });
    expect(driftIdOf('vswitch_grant_differs', 'vsw1.drf01')).toEqual({
      id: 'VSW1.DRF01',
      userid: 'DRF01',
    });
  });

  it('keeps a directory name the API takes as no userid, without a target', () => {
    expect(driftIdOf('guest_unknown', 'drf$1')).toEqual({ id: 'DRF$1', userid: null });
  });

  it('refuses a malformed id or an unknown kind, naming the field', () => {
    for (const [kind, id] of [
      ['guest_missing', 'TOOLONGID'],
      ['nic_differs', 'DRF01'],
      ['fcp_dedicated_unrecorded', '1a0g'],
      ['vswitch_grant_differs', 'VSW1'],
    ] as const) {
      expect(() => driftIdOf(kind, id)).toThrow(/field\/attribute id/);
    }
    expect(() => driftKindOf('guest_lost')).toThrow(/field\/attribute kind/);
    expect(driftKindOf('nic_differs')).toBe('nic_differs');
  });
});
