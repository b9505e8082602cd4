import type { ToolResult } from './tool.runner.js';
import { machineFacts, parseLschp, parseZhypinfo } from './machine.facts.js';

// The outputs as zvmsdk's utils and its tests show them.
const LSCHP = [
  'CHPID  Vary  Cfg.  Type  Cmg  Shared  PCHID',
  '============================================',
  '0.10   1     1     25    -    -       0240',
  '0.59   1     1     1b    2    1       02e4',
].join('\n');
const ZHYPINFO = JSON.stringify({
  'Layer 0': { layer_type: 'CEC', layer_name: 'M54', sequence_code: '0000000000082F57' },
  'Layer 1': { layer_type: 'LPAR', layer_name: 'ZVM4OCP1' },
  'Layer 2': { layer_type: 'z/VM-hypervisor', layer_name: 'BOEM5401' },
});

describe('machine facts from the management guest', () => {
  it('reads each CHPID’s PCHID from lschp, upper case', () => {
    expect(parseLschp(LSCHP)).toEqual({ '10': '0240', '59': '02E4' });
  });

  it('reads the CPC and LPAR from zhypinfo -j', () => {
    expect(parseZhypinfo(ZHYPINFO)).toEqual({
      cpcSn: '0000000000082F57',
      cpcName: 'M54',
      lpar: 'ZVM4OCP1',
    });
  });

  it('runs lschp and zhypinfo -j; a failing tool is an error', async () => {
    const ok = (stdout: string): ToolResult => ({ code: 0, stdout, stderr: '' }) as ToolResult;
    const runs: string[] = [];
    const facts = await machineFacts((tool, args) => {
      runs.push([tool, ...args].join(' '));
      return Promise.resolve(ok(tool === 'lschp' ? LSCHP : ZHYPINFO));
    });
    expect(runs.sort()).toEqual(['lschp', 'zhypinfo -j']);
    expect(facts).toMatchObject({ cpcName: 'M54', pchids: { '59': '02E4' } });
    const failing = machineFacts((tool) =>
      Promise.resolve({
        code: tool === 'zhypinfo' ? 1 : 0,
        stdout: LSCHP,
        stderr: 'no qclib',
      } as ToolResult),
    );
    await expect(failing).rejects.toThrow(/zhypinfo exited 1: no qclib/);
  });
});
