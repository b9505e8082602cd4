import { execFileSync } from 'node:child_process';
import { shellWord } from './shell-word.js';

/** What bash makes of `printf %s <word>`: the quoted value must come back byte for byte. */
const throughBash = (word: string) =>
  execFileSync('bash', ['-c', `printf %s ${word}`], { encoding: 'utf8' });

describe('shellWord', () => {
  it.each([
    'plain',
    '',
    "it's",
    "''",
    '"; touch /tmp/hvo-shellword-x; echo "',
    '$(touch /tmp/hvo-shellword-x)',
    '`touch /tmp/hvo-shellword-x`',
    'a\ntouch /tmp/hvo-shellword-x',
    '\\',
    '*',
    '~root',
    '$HOME ${PATH} !! %s',
    "a'b'\\''c",
  ])('carries %p through bash unchanged, running nothing', (value) => {
    expect(throughBash(shellWord(value))).toBe(value);
    expect(() => execFileSync('test', ['!', '-e', '/tmp/hvo-shellword-x'])).not.toThrow();
  });

  it('refuses NUL', () => {
    expect(() => shellWord('a\0b')).toThrow(/NUL/);
  });
});
