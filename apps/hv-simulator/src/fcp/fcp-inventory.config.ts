import { readFileSync } from 'node:fs';
import { DEFAULT_FCP_INVENTORY, type FcpInventory } from '../state/fcp.inventory.js';

const HEX4 = /^[0-9A-Fa-f]{1,4}$/;
const HEX2 = /^[0-9A-Fa-f]{2}$/;
const WWPN = /^0x[0-9a-f]{16}$/;

/** A readable reason for the first thing wrong with an inventory file, or undefined. */
function problem(inv: FcpInventory): string | undefined {
  if (!Array.isArray(inv.channels) || inv.channels.length === 0) return 'channels: none given';
  for (const [i, ch] of inv.channels.entries()) {
    if (!HEX2.test(ch.chpid ?? '')) return `channels[${i}].chpid must be 2 hex digits`;
    if (!HEX4.test(ch.pchid ?? '')) return `channels[${i}].pchid must be 1-4 hex digits`;
    if (!HEX4.test(ch.first ?? '')) return `channels[${i}].first must be 1-4 hex digits`;
    if (!Number.isInteger(ch.count) || ch.count < 1) return `channels[${i}].count must be >= 1`;
    if (parseInt(ch.first, 16) + ch.count > 0x10000) return `channels[${i}] passes FFFF`;
  }
  if (!Array.isArray(inv.storageTargets)) return 'storageTargets must be a list';
  for (const [i, t] of inv.storageTargets.entries()) {
    if (!WWPN.test(t.wwpn ?? '')) return `storageTargets[${i}].wwpn must be 0x + 16 hex digits`;
    if (!Array.isArray(t.luns) || !t.luns.every((l) => WWPN.test(l)))
      return `storageTargets[${i}].luns must be 0x + 16 hex digits each`;
  }
  return undefined;
}

/**
 * The FCP inventory from a JSON file (SIM_FCP_INVENTORY), the default when no path is given.
 * Missing top-level keys take the default's value (`cpc`, `offline`, `usedOutside`,
 * `storageTargets`); WWPNs and LUNs are lower-cased, device numbers and userids upper-cased. Throws with the file and reason when bad.
 */
export function loadFcpInventory(path?: string): FcpInventory {
  if (!path) return DEFAULT_FCP_INVENTORY;
  let raw: Partial<FcpInventory>;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8')) as Partial<FcpInventory>;
  } catch (e) {
    throw new Error(`FCP inventory ${path}: ${(e as Error).message}`, { cause: e });
  }
  const inv: FcpInventory = {
    cpc: { ...DEFAULT_FCP_INVENTORY.cpc, ...(raw.cpc ?? {}) },
    channels: raw.channels ?? [],
    offline: raw.offline ?? [],
    usedOutside: Object.fromEntries(
      Object.entries(raw.usedOutside ?? {}).map(([d, u]) => [d.toUpperCase(), u.toUpperCase()]),
    ),
    storageTargets: (raw.storageTargets ?? DEFAULT_FCP_INVENTORY.storageTargets).map((t) => ({
      ...t,
      wwpn: String(t.wwpn).toLowerCase(),
      luns: (t.luns ?? []).map((l) => String(l).toLowerCase()),
      ...(t.bootLuns ? { bootLuns: t.bootLuns.map((l) => String(l).toLowerCase()) } : {}),
    })),
  };
  const why = problem(inv);
  if (why) throw new Error(`FCP inventory ${path}: ${why}`);
  return inv;
}
