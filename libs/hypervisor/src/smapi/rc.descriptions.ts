/**
 * What a return and reason code mean, in the reference client's words (zthin rcdescriptions.c),
 * for the codes this service meets: most functions answer codes alone on the wire, so this is
 * the only explanation a failure can carry.
 */
const DESCRIPTIONS: Readonly<Record<string, string>> = {
  '100/0': 'Request not authorized by external security manager',
  '100/12': 'Request not authorized by directory manager',
  '100/16': 'Request not authorized by server',
  '120/0': 'Authentication error; userid or password not valid',
  '128/0': 'Authentication error; password expired',
  '200/4': 'Image not found',
  '200/8': 'Image already active',
  '200/12': 'Image not active',
  '200/16': 'Image being deactivated',
  '204/8': 'Image device does not exist',
  '208/36': 'Image disk does not exist',
  '400/4': 'Image or profile definition not found',
  '400/8': 'Image or profile name already defined',
  '400/12': 'Image or profile definition is locked',
  '400/24': 'Image or profile definition is not locked',
  '400/40': 'Multiple user statements',
  '404/4': 'Image device already defined',
  '404/24': 'Image device is not locked',
  '408/4': 'Image disk already defined',
  '408/8': 'Image disk not defined',
  '408/24': 'Not enough free disk available',
  '420/8': 'That group, region, or volume name is not defined',
  '436/4': 'Profile included not found',
  '436/40': 'Multiple profiles included',
};

/** The description of a failure's codes, or undefined when the reference has none to give. */
export function describeCodes(rc: number, rs: number): string | undefined {
  if (rc === 24) return `Syntax error in function parameter ${Math.floor(rs / 100)}`;
  if (rc === 596) {
    return `Internal directory manager error - product-specific return code : ${rs}`;
  }
  return DESCRIPTIONS[`${rc}/${rs}`];
}
