import { metadataOf, relocateOptions, resolveMigration } from './resolve-migration.js';
import { toUserid } from '#envelope';

describe('resolveMigration', () => {
  it('reads the spec names and the wire names', () => {
    expect(
      resolveMigration(toUserid('LINUX01'), {
        destination: 'hvsim2',
        lgr_action: 'move',
        dest_agent_userid: 'agent',
      }),
    ).toEqual({
      userid: 'LINUX01',
      action: 'move',
      destination: 'HVSIM2',
      destAgentUserid: 'AGENT',
      options: {},
    });
    expect(
      resolveMigration(toUserid('LINUX01'), {
        destination: 'HVSIM2',
        operation: 'test',
        dest_zcc_userid: null,
      }),
    ).toEqual({ userid: 'LINUX01', action: 'test', destination: 'HVSIM2', options: {} });
  });

  it('maps parms to VMRELOCATE options, -1 meaning no limit', () => {
    expect(
      relocateOptions({ maxtotal: 30, maxquiesce: -1, immediate: 'YES', forcestorage: 'yes' }),
    ).toEqual({
      maxTotal: 30,
      immediate: true,
      force: ['STORAGE'],
    });
    expect(relocateOptions({ immediate: 'NO' })).toEqual({});
    expect(relocateOptions(undefined)).toEqual({});
  });
});

describe('metadataOf', () => {
  it('turns a JSON object into key=value pairs and keeps anything else', () => {
    expect(metadataOf('{"os_version": "rhel9.2", "x": 1}')).toBe('os_version=rhel9.2,x=1');
    expect(metadataOf('os_version=sles15')).toBe('os_version=sles15');
    expect(metadataOf('')).toBe('');
  });
});
