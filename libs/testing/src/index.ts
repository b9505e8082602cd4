export { type Proc, startProcess, stopProcess } from './built-process.js';
export { sparePort, startFileLogged } from './file-logged-process.js';
export {
  type HostileRequest,
  BARE_ROUTES,
  ENVELOPE_KEYS,
  hostileRequests,
  routesOf,
} from './hostile-requests.js';
export { CALLER, REQUEST_ID, SMAPI_FIXTURES, type WireFixture } from './smapi-fixtures/index.js';
export { collected } from './garbage.js';
export { OtlpReceiver, type ReceivedSpan } from './otlp-receiver.js';
