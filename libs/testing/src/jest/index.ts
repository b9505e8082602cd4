// Helpers that need jest itself, apart from #testing (which benches load outside jest).
export { type StrictOverrides, strictMock } from './strict-mock.js';
