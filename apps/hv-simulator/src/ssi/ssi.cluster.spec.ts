import { memberIds } from './ssi.cluster.js';

describe('memberIds', () => {
  it('names the simulator first, then HVSIM2…, at most four', () => {
    expect(memberIds('HVSIM1', 2)).toEqual(['HVSIM1', 'HVSIM2']);
    expect(memberIds('ZVMA', 3)).toEqual(['ZVMA', 'HVSIM2', 'HVSIM3']);
    expect(memberIds('HVSIM2', 2)).toEqual(['HVSIM2', 'HVSIM3']);
    expect(memberIds('HVSIM1', 9)).toHaveLength(4);
    expect(memberIds('HVSIM1', 0)).toEqual(['HVSIM1']);
  });
});
