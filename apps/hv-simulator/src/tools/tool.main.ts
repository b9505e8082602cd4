#!/usr/bin/env node
import {
  diskTool,
  linkdiskandbringonline,
  mkfsTool,
  offlinediskanddetach,
} from './format.tools.js';
import { iucvclnt } from './iucvclnt.tool.js';
import { lschp, zhypinfo } from './machine.tools.js';
import { LinkFailure } from './tool.http.js';
import { vmcp } from './vmcp.tool.js';
import { vmur } from './vmur.tool.js';
import { creatediskimage, refreshBootmap, unpackdiskimage } from './zthin.tools.js';

/**
 * The simulated management guest's tools (apps/hv-simulator/bin/<name> runs this with its
 * name first): each forwards to the simulator at HV_SIMULATOR_URL and prints and exits as the
 * real tool does.
 */
const TOOLS: Record<string, (args: string[]) => Promise<number>> = {
  vmcp,
  vmur,
  iucvclnt,
  unpackdiskimage,
  creatediskimage,
  refresh_bootmap: refreshBootmap,
  linkdiskandbringonline,
  offlinediskanddetach,
  dasdfmt: (a) => diskTool('dasdfmt', a),
  fdasd: (a) => diskTool('fdasd', a),
  fdisk: (a) => diskTool('fdisk', a),
  blockdev: (a) => diskTool('blockdev', a),
  mkfs: (a) => mkfsTool('mkfs', a),
  'mkfs.xfs': (a) => mkfsTool('mkfs.xfs', a),
  mkswap: (a) => mkfsTool('mkswap', a),
  lschp,
  zhypinfo,
};

/** The exit status of a failure of the system itself (vmcp: a Linux error). */
const SYSTEM_ERROR = 3;

async function main(): Promise<number> {
  const [name, ...args] = process.argv.slice(2);
  const tool = TOOLS[name ?? ''];
  if (!tool) {
    process.stderr.write(`unknown tool ${name ?? ''}\n`);
    return 2;
  }
  try {
    return await tool(args);
  } catch (e) {
    if (!(e instanceof LinkFailure)) throw e;
    process.stderr.write(`Error: ${e.message}\n`);
    return SYSTEM_ERROR;
  }
}

main().then(
  (code) => (process.exitCode = code),
  (e: unknown) => {
    process.stderr.write(`${(e as Error).stack ?? String(e)}\n`);
    process.exitCode = 99;
  },
);
