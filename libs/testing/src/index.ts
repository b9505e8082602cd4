export { type Proc, startProcess, stopProcess } from './built-process.js';
