import {
  LINUX01,
  startHarness,
  userDirectory,
  type Harness,
} from '../testing/simulator.harness.js';

describe('directory functions', () => {
  let h: Harness;
  beforeEach(async () => {
    h = await startHarness({ profiles: ['LINDFLT'] });
  });
  afterEach(() => h.close());

  it('creates, queries and deletes a user', async () => {
    expect(await h.smapi('Image_Create_DM', 'linux01', { directory: LINUX01 })).toEqual({
      rc: 0,
      rs: 0,
    });
    const q = await h.smapi<string[]>('Image_Query_DM', 'LINUX01');
    expect(q).toMatchObject({ rc: 0, rs: 0, output: LINUX01 });
    expect(h.sim.state.view().users).toEqual([
      expect.objectContaining({ userid: 'LINUX01', power: 'off' }),
    ]);

    expect(await h.smapi('Image_Delete_DM', 'LINUX01')).toEqual({ rc: 0, rs: 0 });
    expect(await h.smapi('Image_Query_DM', 'LINUX01')).toMatchObject({ rc: 400, rs: 4 });
    expect(await h.smapi('Image_Delete_DM', 'LINUX01')).toMatchObject({ rc: 400, rs: 4 });
  });

  it('refuses a duplicate with 400/8 and leaves the first definition alone', async () => {
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
    const again = await h.smapi('Image_Create_DM', 'LINUX01', {
      directory: userDirectory('LINUX01', 'MACHINE ESA 8'),
    });
    expect(again).toMatchObject({ rc: 400, rs: 8 });
    expect((await h.smapi('Image_Query_DM', 'LINUX01')).output).toEqual(LINUX01);
  });

  it('checks INCLUDEd profiles: unknown 436/4, configured USER_PROFILE accepted', async () => {
    const bad = await h.smapi('Image_Create_DM', 'LINUX02', {
      directory: ['USER LINUX02 LBYONLY 1G 2G G', 'INCLUDE NOPROF'],
    });
    expect(bad).toMatchObject({ rc: 436, rs: 4 });
    expect(bad.errmsg).toContain('NOPROF');
    expect(await h.smapi('Image_Query_DM', 'LINUX02')).toMatchObject({ rc: 400, rs: 4 });

    const ok = await h.smapi('Image_Create_DM', 'LINUX02', {
      directory: ['USER LINUX02 LBYONLY 1G 2G G', 'INCLUDE lindflt'],
    });
    expect(ok).toMatchObject({ rc: 0, rs: 0 });
    const two = await h.smapi('Image_Create_DM', 'LINUX03', {
      directory: [...userDirectory('LINUX03'), 'INCLUDE LINDFLT'],
    });
    expect(two).toMatchObject({ rc: 436, rs: 40 });
  });

  it.each([
    ['no USER line first', ['INCLUDE OSDFLT', 'USER LINUX04 LBYONLY 1G 2G G'], 24, 519],
    ['USER of another id', ['USER OTHER LBYONLY 1G 2G G'], 24, 519],
    ['bad storage', ['USER LINUX04 LBYONLY lots 2G G'], 24, 519],
    ['storage above maximum', ['USER LINUX04 LBYONLY 4G 2G G'], 24, 519],
    ['two USER lines', ['USER LINUX04 LBYONLY 1G 2G G', 'USER LINUX04 X 1G 2G G'], 400, 40],
    ['an empty directory', [], 24, 519],
    ['a pool MDISK', [...userDirectory('LINUX04'), 'MDISK 0100 3390 1 10 EV0001 MR'], 24, 519],
  ])('validates the directory: %s', async (_name, directory, rc, rs) => {
    expect(await h.smapi('Image_Create_DM', 'LINUX04', { directory })).toMatchObject({ rc, rs });
    expect(h.sim.state.userIds()).toEqual([]);
  });

  it('accepts a V-DISK swap disk at creation and rejects twice-defined devices', async () => {
    const vdisk = 'MDISK 0102 FB-512 V-DISK 2097152 MWV';
    expect(
      await h.smapi('Image_Create_DM', 'LINUX05', { directory: userDirectory('LINUX05', vdisk) }),
    ).toMatchObject({ rc: 0 });
    const dup = userDirectory('LINUX06', vdisk, 'NICDEF 102 TYPE QDIO LAN SYSTEM VSW1');
    expect(await h.smapi('Image_Create_DM', 'LINUX06', { directory: dup })).toMatchObject({
      rc: 404,
      rs: 4,
    });
  });

  it('stores statements upper case, as the directory keeps them (comments as written)', async () => {
    // the reference's makevm writes the IPL statement as its client gave the values
    const directory = [
      'USER LINUX07 lbyonly 1G 2G g',
      'IPL 0100 PARM dummy LOADPARM load=1 ',
      'LOADDEV PORTname 5005076802100c1b',
      '* a Comment',
    ];
    expect(await h.smapi('Image_Create_DM', 'LINUX07', { directory })).toMatchObject({ rc: 0 });
    expect((await h.smapi<string[]>('Image_Query_DM', 'LINUX07')).output).toEqual([
      'USER LINUX07 LBYONLY 1G 2G G',
      'IPL 0100 PARM DUMMY LOADPARM LOAD=1',
      'LOADDEV PORTNAME 5005076802100C1B',
      '* a Comment',
    ]);
  });

  it('answers syntax errors for a bad target', async () => {
    const long = await h.smapi('Image_Create_DM', 'TOOLONGID', { directory: LINUX01 });
    expect(long).toMatchObject({ rc: 24, rs: 113 });
    expect(await h.smapi('Image_Query_DM', '*')).toMatchObject({ rc: 24, rs: 143 });
    expect(await h.smapi('Image_Create_DM', 'LINUX01', {})).toMatchObject({ rc: 24, rs: 524 });
  });

  it('will not delete a logged-on user (596/6831), but does once it is off', async () => {
    await h.smapi('Image_Create_DM', 'LINUX01', { directory: LINUX01 });
    await h.smapi('Image_Activate', 'LINUX01');
    expect(await h.smapi('Image_Delete_DM', 'LINUX01')).toMatchObject({ rc: 596, rs: 6831 });
    expect(h.sim.state.user('LINUX01')).toBeDefined();
    await h.smapi('Image_Deactivate', 'LINUX01', { immediate: true });
    expect(await h.smapi('Image_Delete_DM', 'LINUX01')).toMatchObject({ rc: 0, rs: 0 });
  });
});
