import { adminGet } from './tool.http.js';
import { toolIo } from './tool.io.js';

/** What the simulator's FCP inventory says of the machine (GET /admin/fcp). */
interface Machine {
  cpc: { sn: string; name: string; lpar: string };
  channels: { chpid: string; pchid: string }[];
}

/**
 * `lschp [chpid]` (s390-tools): the channel paths with their PCHIDs, as the reference reads
 * them (zvmsdk utils get_pchid_by_lschp: `<cssid>.<chpid>` first, the PCHID seventh).
 */
export async function lschp(args: string[]): Promise<number> {
  const { channels } = await adminGet<Machine>('/admin/fcp');
  const wanted = args[0]?.toLowerCase().replace(/^0\./, '');
  const rows = channels
    .filter((c) => !wanted || c.chpid.toLowerCase() === wanted)
    .map(
      (c) => `0.${c.chpid.toLowerCase()}   1     1     1b    2    1       ${c.pchid.toLowerCase()}`,
    );
  if (wanted && rows.length === 0) {
    toolIo().stderr(`lschp: ${args[0]} is not a valid channel-path ID\n`);
    return 1;
  }
  const head = ['CHPID  Vary  Cfg.  Type  Cmg  Shared  PCHID', '='.repeat(43)];
  toolIo().stdout(`${[...head, ...rows].join('\n')}\n`);
  return 0;
}

/**
 * `zhypinfo -j` (qclib): the virtualization layers as JSON, CPC first; the reference takes the
 * CPC's name and sequence code and the LPAR's name from it (zvmsdk utils get_zhypinfo).
 */
export async function zhypinfo(args: string[]): Promise<number> {
  if (!args.includes('-j')) {
    toolIo().stderr('zhypinfo: only -j is simulated\n');
    return 1;
  }
  const { cpc } = await adminGet<Machine>('/admin/fcp');
  const layers = {
    'Layer 0': {
      layer_type_num: '1',
      layer_type: 'CEC',
      layer_name: cpc.name,
      sequence_code: cpc.sn,
    },
    'Layer 1': { layer_type_num: '2', layer_type: 'LPAR', layer_name: cpc.lpar },
  };
  toolIo().stdout(`${JSON.stringify(layers, null, 2)}\n`);
  return 0;
}
