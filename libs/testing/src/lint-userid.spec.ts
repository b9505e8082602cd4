import { projectRuleMessages } from './project-lint-rule.js';

/**
 * Issue #24 item 2 stays done: the Userid rules of eslint.config.js, run on deliberate violations.
 */
const restrictedSyntax = (path: string, code: string): Promise<string[]> =>
  projectRuleMessages('no-restricted-syntax', path, code);

const UPPER_CASED = /do not upper-case it again/;

describe('Userid rules (lint)', () => {
  it('refuses a hypervisor part upper-casing a userid again', async () => {
    for (const line of [
      "this.call('Image_Activate', userid.toUpperCase());",
      'this.transport.smapi(fn, target.toUpperCase(), params);',
      'const args = { userid: p.userid.toUpperCase() };',
      'const id = guest.userid.trim().toUpperCase();',
      "const id = (dto.userid ?? '').toUpperCase();",
      'const who = dto.grant_userid.toUpperCase();',
    ]) {
      const found = await restrictedSyntax('libs/hypervisor/src/fixture.ts', `${line}\n`);
      expect([line, found.join('\n')]).toEqual([line, expect.stringMatching(UPPER_CASED)]);
    }
  });

  it('refuses it in the managed-guest check, the repositories and the features too', async () => {
    for (const path of [
      'libs/guests/src/managed-guest.ts',
      'libs/persistence/src/guests.repository.ts',
      'libs/network/src/nics/fixture.ts',
      'apps/api/src/fixture.ts',
    ]) {
      const found = await restrictedSyntax(path, 'const id = userid.toUpperCase();\n');
      expect([path, found.join('\n')]).toEqual([path, expect.stringMatching(UPPER_CASED)]);
    }
  });

  it('lets other values be upper-cased, and the simulated hypervisor keep its own', async () => {
    const code = 'const a = name.toUpperCase();\nconst b = d.chpid.toUpperCase();\n';
    expect(await restrictedSyntax('libs/hypervisor/src/fixture.ts', code)).toEqual([]);
    expect(
      await restrictedSyntax('apps/hv-simulator/src/fixture.ts', 'userid.toUpperCase();\n'),
    ).toEqual([]);
  });

  it('refuses a route userid without UseridPipe', async () => {
    const code =
      'class C {\n  get(@Param(\'userid\') userid: string) {}\n  put(@Param("userid") u: string) {}\n}\n';
    const found = await restrictedSyntax('libs/volumes/src/fixture.controller.ts', code);
    expect(found).toEqual([
      expect.stringMatching(/UseridPipe/),
      expect.stringMatching(/UseridPipe/),
    ]);
    const piped =
      "class C {\n  get(@Param('userid', UseridPipe) userid: Userid, @Param('id') id: string) {}\n}\n";
    expect(await restrictedSyntax('libs/volumes/src/fixture.controller.ts', piped)).toEqual([]);
  });

  it('refuses a cast to Userid anywhere but its one module', async () => {
    const code =
      'const a = v as Userid;\nconst b = v as unknown as Userid;\nconst c = <Userid>v;\n' +
      'const d = v as Userid[];\n';
    for (const path of ['libs/persistence/src/fixture.ts', 'test/fixture.e2e-spec.ts']) {
      const found = await restrictedSyntax(path, code);
      expect(found).toHaveLength(4);
      expect(found.join('\n')).toMatch(/Only toUserid\(\)/);
    }
    expect(await restrictedSyntax('libs/envelope/src/userid.ts', code)).toEqual([]);
  });
});
