export { SmapiCodecError } from './codec.error.js';
export { fromEbcdic, toEbcdic } from './ebcdic.js';
export type * from './layout.types.js';
export { SMAPI_LAYOUTS } from './smapi.layouts.js';
export { encodeRequest, encodeResponseRecovery, type SmapiCaller } from './request.codec.js';
export {
  decodeResponse,
  decodeResponseBody,
  RESPONSE_CODES_BYTES,
  type SmapiResponse,
} from './response.codec.js';
export { readTimeoutMsFor } from './call.timeouts.js';
export { readPasswordFile } from './password.file.js';
export { REFERENCE_RETRY_DELAYS_MS, WireClient, type WireClientOptions } from './wire.client.js';
export { wireClientOptions } from './wire.config.js';
export { WireError, WireSocket, type WireEndpoint } from './wire.socket.js';
export { SMAPI_MAPPINGS } from './smapi.mappings.js';
export type { FunctionMapping } from './mapping.types.js';
export {
  FCP_STATUS,
  fieldsOf,
  stringOf,
  VSWITCH_ADAPTER,
  VSWITCH_ATTRIBUTES,
  VSWITCH_AUTHORIZED_USER,
  VSWITCH_REAL_DEVICE,
  WWPN_DEVICE,
} from './positional.js';
