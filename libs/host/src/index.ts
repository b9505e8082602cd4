export { HostModule } from './host.module.js';
