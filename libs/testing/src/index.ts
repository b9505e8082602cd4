export { type Proc, startProcess, stopProcess } from './built-process.js';
export { type BenchStack, startBenchStack } from './bench-stack.js';
