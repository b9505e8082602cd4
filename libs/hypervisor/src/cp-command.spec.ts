import { HvError } from '#envelope';
import { cpCommand } from './cp-command.js';

describe('cpCommand', () => {
  it('joins valid tokens', () => {
    expect(cpCommand('QUERY', 'USER', 'LINUX01')).toBe('QUERY USER LINUX01');
  });

  it.each(['LINUX01 LOGOFF', 'A\nFORCE B', 'A#CP FORCE B', '', 'A\tB', 'A\u0000', 'ÄÖ'])(
    'refuses %p as an operand',
    (bad) => {
      expect(() => cpCommand('QUERY', 'USER', bad)).toThrow(HvError);
    },
  );
});
