import type { SchemaObject } from '@nestjs/swagger';
import { ApiOutput, INTEGER, STRING, arrayOf, exactObject } from '#envelope';
import { DRIFT_KINDS } from '#jobs';

const NULLABLE_STRING: SchemaObject = { type: ['string', 'null'] };
const SIDE: SchemaObject = {
  type: ['object', 'null'],
  description: "the side's view of the item (null: nothing); fields by kind, see docs/drift.md",
};
const KIND: SchemaObject = { type: 'string', enum: [...DRIFT_KINDS] };

const OPERATION_REF = {
  oneOf: [
    exactObject({ id: STRING, kind: STRING, status: STRING, created_at: STRING }),
    { type: 'null' },
  ],
  description: 'the newest operation that touched the item, if any',
};

const ITEM_FIELDS = {
  kind: KIND,
  id: { ...STRING, description: 'userid, FCP (`1a00`), `USERID.VDEV` (NIC) or `VSWITCH.USERID`' },
  hypervisor: SIDE,
  database: SIDE,
  last_operation: OPERATION_REF,
};

/** GET /drift. */
export const DRIFT_OUTPUT = ApiOutput(
  exactObject({
    checked_at: STRING,
    userid_prefix: { ...NULLABLE_STRING, description: 'MANAGED_USERID_PREFIX; null when unset' },
    compared: exactObject({
      directory_users: INTEGER,
      guest_rows: INTEGER,
      fcp_rows: INTEGER,
      vswitches: INTEGER,
    }),
    counts: exactObject(Object.fromEntries(DRIFT_KINDS.map((k) => [k, INTEGER]))),
    items: arrayOf(exactObject(ITEM_FIELDS)),
    forgotten: arrayOf(exactObject({ ...ITEM_FIELDS, forgotten_by: STRING, forgotten_at: STRING })),
  }),
  'What differs between the hypervisor and the database',
);

/** POST /drift/{kind}/{id}/adopt|forget: the operation's result. */
export const DECISION_OUTPUT = ApiOutput(
  exactObject({
    kind: KIND,
    id: STRING,
    decision: { type: 'string', enum: ['adopted', 'forgotten'] },
  }),
);
