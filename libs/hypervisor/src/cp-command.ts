import { Errors } from '#envelope';

/** One token of a CP command line: no blanks, line ends or other control characters. */
const CP_TOKEN = /^[A-Za-z0-9@#$_.*+:=-]{1,64}$/;

/**
 * A CP command from its tokens. Values are validated at the API already; this is the last
 * gate before the hypervisor, so a value that slipped through cannot add a command or an
 * operand (CP reads a blank as the end of an operand, `#` as a line end on some consoles).
 */
export function cpCommand(...tokens: string[]): string {
  for (const t of tokens) {
    if (!CP_TOKEN.test(t) || t.includes('#')) {
      throw Errors.input(3, `the value ${JSON.stringify(t)} cannot be an operand of a CP command`);
    }
  }
  return tokens.join(' ');
}
