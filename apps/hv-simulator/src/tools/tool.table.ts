import {
  blkidTool,
  diskTool,
  linkdiskandbringonline,
  mkfsTool,
  offlinediskanddetach,
} from './format.tools.js';
import { iucvclnt } from './iucvclnt.tool.js';
import { lschp, zhypinfo } from './machine.tools.js';
import { LinkFailure } from './tool.http.js';
import { toolIo } from './tool.io.js';
import { vmcp } from './vmcp.tool.js';
import { vmur } from './vmur.tool.js';
import { creatediskimage, refreshBootmap, unpackdiskimage } from './zthin.tools.js';

/** The simulated management guest's tools by name, each forwarding to the simulator. */
export const TOOLS: Record<string, (args: string[]) => Promise<number>> = {
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
  blkid: blkidTool,
  lschp,
  zhypinfo,
};

/** The exit status of a failure of the system itself (vmcp: a Linux error). */
const SYSTEM_ERROR = 3;
/**
 * The hypervisor could not be reached, nothing was sent (sysexits' EX_TEMPFAIL): the caller
 * knows the call did not run (ManagementTools reads it so).
 */
export const TOOL_NOT_REACHED = 75;
/**
 * Not an exit status: the tool's call was lost in an outage (it may have run). Its host ends
 * the tool by SIGKILL, as an outage ends the management guest's processes: a caller that sees
 * a tool killed cannot tell whether its call ran, which is the truth here.
 */
export const TOOL_KILLED = 128 + 9;
/** A tool that threw: a bug of the simulator's, not an answer of the hypervisor's. */
const CRASHED = 99;

/** Runs tool `name` with `args`: its exit status, its output written to toolIo(). */
export async function runTool(name: string, args: string[]): Promise<number> {
  const tool = Object.hasOwn(TOOLS, name) ? TOOLS[name] : undefined;
  if (!tool) {
    toolIo().stderr(`unknown tool ${name}\n`);
    return 2;
  }
  try {
    return await tool(args);
  } catch (e) {
    if (e instanceof LinkFailure) {
      toolIo().stderr(`Error: ${e.message}\n`);
      if (e.kind === 'unsent') return TOOL_NOT_REACHED;
      return e.kind === 'lost' ? TOOL_KILLED : SYSTEM_ERROR;
    }
    toolIo().stderr(`${(e as Error).stack ?? String(e)}\n`);
    return CRASHED;
  }
}
