import { Errors, isUserid, pyRepr } from '#envelope';
import { DRIFT_KINDS, type DriftKind } from '#jobs';
import { fcpOf, vdevOf } from './directory-statements.js';

/** A directory user's name as the hypervisor allows it (wider than the API's userids). */
const USER = '[A-Za-z0-9@#$_-]{1,8}';
const VSWITCH = '[A-Za-z0-9@#$_]{1,8}';
const DEV = '[0-9A-Fa-f]{1,4}';

const PATTERNS: Record<DriftKind, RegExp> = {
  guest_unknown: new RegExp(`^(${USER})$`),
  guest_missing: new RegExp(`^(${USER})$`),
  fcp_dedicated_unrecorded: new RegExp(`^(${DEV})$`),
  fcp_recorded_undedicated: new RegExp(`^(${DEV})$`),
  nic_differs: new RegExp(`^(${USER})\\.(${DEV})$`),
  vswitch_grant_differs: new RegExp(`^(${VSWITCH})\\.(${USER})$`),
};

/** How each kind's id is written, for the message of one that is not. */
const FORMS: Record<DriftKind, string> = {
  guest_unknown: 'a userid',
  guest_missing: 'a userid',
  fcp_dedicated_unrecorded: 'an FCP device number',
  fcp_recorded_undedicated: 'an FCP device number',
  nic_differs: 'USERID.VDEV',
  vswitch_grant_differs: 'VSWITCH.USERID',
};

/** A `{kind}` path segment, checked (400 naming the field otherwise). */
export function driftKindOf(raw: string): DriftKind {
  if ((DRIFT_KINDS as readonly string[]).includes(raw)) return raw as DriftKind;
  throw Errors.validation(
    `Invalid input for field/attribute kind. Value: ${pyRepr(raw)}. ` +
      `${pyRepr(raw)} is not one of ${DRIFT_KINDS.join(', ')}`,
  );
}

/** A `{id}` of `kind` in the report's spelling, and the guest it is about (when a valid userid). */
export function driftIdOf(kind: DriftKind, raw: string): { id: string; userid: string | null } {
  const m = PATTERNS[kind].exec(raw);
  if (!m) {
    throw Errors.validation(
      `Invalid input for field/attribute id. Value: ${pyRepr(raw)}. ` +
        `An id of ${kind} is ${FORMS[kind]}`,
    );
  }
  let id: string;
  let user: string;
  switch (kind) {
    case 'fcp_dedicated_unrecorded':
    case 'fcp_recorded_undedicated':
      return { id: fcpOf(m[1]), userid: null };
    case 'nic_differs':
      user = m[1].toUpperCase();
      id = `${user}.${vdevOf(m[2])}`;
      break;
    case 'vswitch_grant_differs':
      user = m[2].toUpperCase();
      id = `${m[1].toUpperCase()}.${user}`;
      break;
    case 'guest_unknown':
    case 'guest_missing':
      user = m[1].toUpperCase();
      id = user;
      break;
  }
  return { id, userid: isUserid(user) ? user : null };
}
