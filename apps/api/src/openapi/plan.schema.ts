import type { ParameterObject, ResponseObject, SchemaObject } from '@nestjs/swagger';
import { envelopeWith } from './envelope.schema.js';

export const PLAN_REF = '#/components/schemas/OperationPlan';

/** `?validate_only=true` on every route that submits an operation (issue #61). */
export const VALIDATE_ONLY: ParameterObject = {
  name: 'validate_only',
  in: 'query',
  required: false,
  description:
    'Dry run: the request is validated as for a real submit, then answered 200 with its plan ' +
    '(`output` is an OperationPlan) and nothing is changed: no operation, no job, no ' +
    'hypervisor call that changes anything, no reservation. Anything but true or false is a ' +
    '400 naming `validate_only`.',
  schema: { type: 'boolean', default: false },
};

const reason: SchemaObject = {
  type: 'object',
  required: ['resource', 'message'],
  properties: {
    resource: { type: 'string', examples: ['disk_pool ECKD:POOL1', 'vcpus', 'fcp 1a0f'] },
    message: { type: 'string' },
    needed: { description: 'what the operation would take' },
    available: { description: 'what there is now' },
  },
};

/** The answer of a dry run (libs/operations/src/api/dry-run.types.ts). */
export const PLAN_SCHEMA: SchemaObject = {
  type: 'object',
  required: ['feasible', 'reasons', 'kind', 'target', 'steps', 'resources', 'conflicts', 'queue'],
  properties: {
    feasible: { type: 'boolean', description: 'false when any reason is given' },
    reasons: { type: 'array', items: reason },
    kind: { type: 'string', examples: ['guest.create'] },
    target: { type: ['string', 'null'], description: 'the guest userid, upper case' },
    steps: {
      type: 'array',
      description: 'the steps it would run, each with the hypervisor functions it would call',
      items: {
        type: 'object',
        required: ['name', 'calls'],
        properties: {
          name: { type: 'string' },
          calls: { type: 'array', items: { type: 'string' } },
        },
      },
    },
    resources: {
      type: 'object',
      description:
        'what it would take against what there is, read live (disk pools, host CPUs and ' +
        'storage, FCPs and paths, NIC device numbers); empty for kinds not checked',
    },
    resources_checked: { type: 'boolean' },
    conflicts: {
      type: 'array',
      description: "operations queued or running for the same target, ahead in the guest's line",
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          kind: { type: 'string' },
          status: { type: 'string' },
        },
      },
    },
    queue: {
      type: 'object',
      properties: {
        name: { type: 'string' },
        position: { type: 'integer', description: 'jobs waiting in the queue ahead of it' },
        drained: { type: 'boolean' },
        eta_s: {
          type: ['integer', 'null'],
          description: 'seconds until it would end, from recent run times; null without history',
        },
      },
    },
  },
};

/** The result of a route that does not type it (an empty schema would read as a mistake). */
const ANY_RESULT: SchemaObject = {
  type: ['string', 'number', 'boolean', 'array', 'object', 'null'],
  description: 'the result ("" when there is none)',
};

/**
 * The success answer of a submitting route: its `output` is the result, or with validate_only
 * the plan (the envelope stays the schema's first part, as on every route).
 */
export function withPlan(success: ResponseObject): ResponseObject {
  const schema = success.content?.['application/json']?.schema as SchemaObject | undefined;
  if (!schema) return success;
  const plan = { $ref: PLAN_REF };
  const refined = schema.allOf?.[1] as SchemaObject | undefined;
  const output = refined?.properties?.output;
  const more: SchemaObject = output
    ? { ...refined, properties: { ...refined.properties, output: { anyOf: [output, plan] } } }
    : { properties: { output: { anyOf: [ANY_RESULT, plan] } } };
  return {
    ...success,
    description: `${success.description} (with \`validate_only=true\`: the plan)`,
    content: { 'application/json': { schema: envelopeWith(more) } },
  };
}
