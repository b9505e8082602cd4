export { type Envelope, ok, isEnvelope } from './envelope.js';
export { ModID, type ModIDValue } from './mod-id.js';
export { HvError, HvNotReached } from './hv-error.js';
export { Errors } from './error-catalogue.js';
export { type StatusRule, httpStatusOf, ruleErrorStatuses } from './http-status.js';
export { STATUS_RULE, STATUS_RULE_CONFIG, UseStatusRule } from './status-rule.decorator.js';
export { addRouteConfig } from './route-config.js';
export { BODY_VARIANTS, type BodyVariants, UseBodyVariants } from './body-variants.decorator.js';
export { AcceptsGetBody, GET_BODY } from './wire/get-body.decorator.js';
export { AcceptsUnknownKeys, acceptsUnknownKeys } from './wire/accepts-unknown-keys.js';
export { pyRepr, validationError } from './validation-message.js';
export { Boolish, boolish, Integerish } from './wire/boolish.js';
export { readGetBody } from './wire/get-body.js';
export { BODY_SHAPE, bodyShapeProblem } from './wire/body-shape.js';
export { unstorableParam, unstorableText } from './wire/storable-text.js';
export {
  ApiOutput,
  INTEGER,
  STRING,
  STRINGS,
  arrayOf,
  exactObject,
  mapOf,
} from './output.decorator.js';
export {
  type Userid,
  type UseridRule,
  USERID_LIST_PATTERN,
  USERID_PATTERN,
  isUserid,
  toUserid,
} from './userid.js';
export { UseridPipe } from './userid.pipe.js';
