#!/usr/bin/env node
import { runTool } from './tool.table.js';

/**
 * A simulated management-guest tool as a process of its own (apps/hv-simulator/bin/<name> runs
 * this with its name first when the simulator is not on this machine): forwards to the
 * simulator at HV_SIMULATOR_URL and prints and exits as the real tool does.
 */
const [name = '', ...args] = process.argv.slice(2);
void runTool(name, args).then((code) => (process.exitCode = code));
