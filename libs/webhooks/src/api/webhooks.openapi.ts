import type { SchemaObject } from '@nestjs/swagger';
import { ApiOutput, INTEGER, STRING, STRINGS, arrayOf, exactObject } from '#envelope';

const NULLABLE_STRING: SchemaObject = { type: ['string', 'null'] };
const NULLABLE_INTEGER: SchemaObject = { type: ['integer', 'null'] };

const SUBSCRIPTION_FIELDS = {
  id: STRING,
  url: { ...STRING, description: 'credentials in the URL are shown as `***`' },
  events: STRINGS,
  kinds: STRINGS,
  userids: STRINGS,
  enabled: { type: 'boolean' },
  disabled_reason: NULLABLE_STRING,
  failing_since: NULLABLE_STRING,
  previous_secret_valid_until: NULLABLE_STRING,
  created_at: STRING,
  links: exactObject({ self: STRING, deliveries: STRING }),
} satisfies Record<string, SchemaObject>;

const SECRET = { ...STRING, description: 'Standard Webhooks secret (`whsec_…`), shown only here' };

const SECRETS = {
  secret: SECRET,
  previous_secret: NULLABLE_STRING,
  previous_secret_valid_until: NULLABLE_STRING,
};

export const WEBHOOK_OUTPUT = ApiOutput(exactObject(SUBSCRIPTION_FIELDS));
export const WEBHOOK_CREATED_OUTPUT = ApiOutput(
  exactObject({ ...SUBSCRIPTION_FIELDS, secret: SECRET }),
);
export const WEBHOOK_ROTATED_OUTPUT = ApiOutput(
  exactObject({ ...SUBSCRIPTION_FIELDS, ...SECRETS }),
);
export const WEBHOOKS_OUTPUT = ApiOutput(
  exactObject({ webhooks: arrayOf(exactObject(SUBSCRIPTION_FIELDS)) }),
);
export const WEBHOOK_TEST_OUTPUT = ApiOutput(
  exactObject({ delivery: STRING, links: exactObject({ deliveries: STRING }) }),
);
export const DELIVERIES_OUTPUT = ApiOutput(
  exactObject({
    deliveries: arrayOf(
      exactObject({
        id: { ...STRING, description: 'the `webhook-id` of every attempt' },
        operation: NULLABLE_STRING,
        event: STRING,
        status: { ...STRING, enum: ['pending', 'succeeded', 'failed', 'cancelled'] },
        attempts: INTEGER,
        last_status_code: NULLABLE_INTEGER,
        last_latency_ms: NULLABLE_INTEGER,
        last_error: NULLABLE_STRING,
        created_at: STRING,
        updated_at: STRING,
        finished_at: NULLABLE_STRING,
      }),
    ),
    next_cursor: NULLABLE_STRING,
  }),
);
export const CALLBACK_SECRET_OUTPUT = ApiOutput(exactObject(SECRETS));
