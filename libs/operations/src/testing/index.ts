// Helpers for tests and benches (`#operations/testing`): never imported by the service itself.
export { LEAVE_LINE_LUA } from '../coordination/line-scripts.js';
