export { type Proc, startProcess, stopProcess } from './built-process.js';
export { type BenchStack, type BenchStackOptions, startBenchStack } from './bench-stack.js';
