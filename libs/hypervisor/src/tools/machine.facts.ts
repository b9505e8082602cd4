import { Errors } from '#envelope';
import type { ToolName } from './tool.paths.js';
import { outputLines, type ToolResult } from './tool.runner.js';

/** Where this system runs: what System_WWPN_Query does not say and the reference asks Linux. */
export interface MachineFacts {
  cpcSn: string;
  cpcName: string;
  lpar: string;
  /** PCHID by CHPID (both upper-case hex). */
  pchids: Record<string, string>;
}

type Run = (tool: ToolName, args: string[]) => Promise<ToolResult>;

function ran(tool: ToolName, r: ToolResult): string {
  if (r.code !== 0) {
    throw Errors.cp(`${tool} exited ${r.code ?? 'on a signal'}: ${r.stderr.trim()}`);
  }
  return r.stdout;
}

/**
 * `lschp` rows: `<cssid>.<chpid>` first and the PCHID seventh (zvmsdk utils
 * get_pchid_by_lschp); the header and its rule are skipped.
 */
export function parseLschp(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of outputLines(text)) {
    const cols = line.trim().split(/\s+/);
    const chpid = /^[0-9a-f]+\.([0-9a-f]{2})$/i.exec(cols[0] ?? '')?.[1];
    if (chpid && cols[6] && /^[0-9a-f]+$/i.test(cols[6])) {
      out[chpid.toUpperCase()] = cols[6].toUpperCase();
    }
  }
  return out;
}

/** `zhypinfo -j`: the CEC layer's name and sequence code, the LPAR layer's name. */
export function parseZhypinfo(text: string): Omit<MachineFacts, 'pchids'> {
  const layers = Object.values(JSON.parse(text) as Record<string, Record<string, unknown>>);
  const layer = (type: string) => layers.find((l) => l.layer_type === type) ?? {};
  const str = (v: unknown): string => (typeof v === 'string' ? v : '');
  return {
    cpcSn: str(layer('CEC').sequence_code),
    cpcName: str(layer('CEC').layer_name),
    lpar: str(layer('LPAR').layer_name),
  };
}

/** Both tools, as the reference runs them for its FCP records (zvmsdk volumeop, utils). */
export async function machineFacts(run: Run): Promise<MachineFacts> {
  const [channels, layers] = await Promise.all([run('lschp', []), run('zhypinfo', ['-j'])]);
  return {
    ...parseZhypinfo(ran('zhypinfo', layers)),
    pchids: parseLschp(ran('lschp', channels)),
  };
}
