#!/usr/bin/env node
import { runTool, TOOL_KILLED } from './tool.table.js';

/**
 * A simulated management-guest tool as a process of its own (apps/hv-simulator/bin/<name> runs
 * this with its name first when the simulator is not on this machine): forwards to the
 * simulator at HV_SIMULATOR_URL and prints and exits as the real tool does.
 */
const [name = '', ...args] = process.argv.slice(2);
void runTool(name, args).then((code) => {
  // its call lost in an outage: ended as the outage ends the management guest's processes
  if (code === TOOL_KILLED) process.kill(process.pid, 'SIGKILL');
  process.exitCode = code;
});
