import { Injectable } from '@nestjs/common';
import { AppConfig } from '#config';
import { type Envelope, ok, type Userid } from '#envelope';
import {
  FcpRaceLostError,
  FcpRepository,
  type FcpRow,
  FcpTemplateRepository,
  type TemplateRecord,
} from '#persistence';
import { boolish } from '../domain/request-values.js';
import { VolumeErrors } from '../domain/volume-errors.js';
import { FcpHardware } from '../fcp/fcp-hardware.service.js';
import { allocateFcps, allocateSameIndex } from './fcp.allocator.js';
import { parsePchidInfo } from './pchid-info.js';

/** Parameters of GET /volumes/conn/{userid}, from the JSON body or the query string. */
export interface ConnectorParams {
  reserve?: unknown;
  fcp_template_id?: unknown;
  storage_provider?: unknown;
  pchid_info?: unknown;
}

/**
 * get_volume_connector (reference §8.1, §8.5): reserves one free FCP per path for a guest, or
 * releases the guest's unused ones. Allocations run one at a time in this process and each
 * write is conditional on the FCP still being free, so two guests never share an FCP even with
 * several api processes.
 */
@Injectable()
export class ConnectorService {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly repo: FcpRepository,
    private readonly templateRows: FcpTemplateRepository,
    private readonly hw: FcpHardware,
    private readonly cfg: AppConfig,
  ) {}

  connector(assigner: Userid, params: ConnectorParams): Promise<Envelope> {
    const reserve = boolish(params.reserve);
    if (reserve === undefined) {
      throw VolumeErrors.badField(
        'reserve',
        params.reserve ?? null,
        "'reserve' is a required boolean",
      );
    }
    const run = () => (reserve ? this.reserve(assigner, params) : this.release(assigner, params));
    const next = this.queue.then(run, run);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async template(params: ConnectorParams): Promise<TemplateRecord> {
    const given = typeof params.fcp_template_id === 'string' ? params.fcp_template_id : '';
    if (given !== '') {
      const t = await this.templateRows.template(given);
      if (!t) throw VolumeErrors.connector(`FCP Multipath Template ${given} does not exist`);
      return t;
    }
    const sp = typeof params.storage_provider === 'string' ? params.storage_provider : undefined;
    const id = await this.templateRows.defaultTemplateId(sp);
    const t = id ? await this.templateRows.template(id) : undefined;
    if (!t) {
      throw VolumeErrors.connector(
        'no FCP Multipath Template given and no default one for the host or storage provider',
      );
    }
    return t;
  }

  private async reserve(assigner: string, params: ConnectorParams): Promise<Envelope> {
    const t = await this.template(params);
    const ids = t.paths.flat();
    const mine = (await this.repo.fcps(ids)).filter(
      (f) =>
        f.assignerId === assigner && f.tmplId === t.id && (f.connections !== 0 || f.reserved !== 0),
    );
    if (mine.length > 0) {
      if (mine.some((f) => !f.wwpnNpiv || !f.wwpnPhy)) {
        throw VolumeErrors.connector(`FCP devices of ${assigner} lack WWPNs`);
      }
      return ok(await this.answer(assigner, t, mine, false));
    }
    const info = parsePchidInfo(params.pchid_info);
    await this.hw.sync();
    if (info) {
      const used = [...new Set((await this.repo.fcps(ids)).map((f) => f.pchid).filter(Boolean))];
      const missing = used.filter((p) => !(p in info));
      if (missing.length) throw VolumeErrors.pchidInfo(missing);
    }
    for (let attempt = 0; ; attempt += 1) {
      try {
        const chosen = await this.repo.reserveChosen(assigner, t.id, ids, (rows) => {
          const paths = t.paths.map((p) =>
            p.map((id) => rows.get(id)).filter((f): f is FcpRow => !!f),
          );
          return this.cfg.GET_FCP_PAIR_WITH_SAME_INDEX === 1
            ? allocateSameIndex(paths, info)
            : allocateFcps(paths, t.minFcpPathsCount, info);
        });
        if (!Array.isArray(chosen)) return ok(await this.empty(assigner, t, chosen.reason));
        return ok(await this.answer(assigner, t, chosen, true));
      } catch (e) {
        if (!(e instanceof FcpRaceLostError) || attempt >= 3) throw e;
      }
    }
  }

  private async release(assigner: string, params: ConnectorParams): Promise<Envelope> {
    const id = typeof params.fcp_template_id === 'string' ? params.fcp_template_id : '';
    if (id === '') {
      throw VolumeErrors.connector('fcp_template_id is required to release FCP devices');
    }
    const t = await this.templateRows.template(id);
    if (!t) throw VolumeErrors.connector(`FCP Multipath Template ${id} does not exist`);
    const mine = (await this.repo.fcps(t.paths.flat())).filter(
      (f) => f.assignerId === assigner && f.tmplId === t.id && f.reserved !== 0,
    );
    const released: FcpRow[] = [];
    for (const f of mine) {
      if (f.connections !== 0) continue; // still carries volumes: stays reserved
      if (await this.repo.releaseUnused(assigner, t.id, f.fcpId)) released.push(f);
    }
    await this.hw.sync();
    if (mine.length === 0)
      return ok(await this.empty(assigner, t, 'no FCP devices are reserved for the guest'));
    return ok(await this.answer(assigner, t, mine, released.length > 0));
  }

  private async answer(assigner: string, t: TemplateRecord, fcps: FcpRow[], changed: boolean) {
    const host = await this.hw.host();
    const sorted = [...fcps].sort((a, b) => a.fcpId.localeCompare(b.fcpId));
    const pchidMap: Record<string, string[]> = {};
    for (const f of sorted) (pchidMap[f.pchid] ??= []).push(f.fcpId.toUpperCase());
    const ids = sorted.map((f) => f.fcpId);
    return {
      zvm_fcp: ids,
      // The spec's name of the same list (interface §4.11).
      hv_fcp: ids,
      wwpns: sorted.map((f) => f.wwpnNpiv),
      phy_to_virt_initiators: Object.fromEntries(sorted.map((f) => [f.wwpnNpiv, f.wwpnPhy])),
      host: `${host.hypervisor_hostname}_${assigner}`,
      fcp_paths: sorted.length,
      fcp_template_id: t.id,
      ...host,
      pchid_fcp_map: pchidMap,
      is_reserved_changed: changed,
    };
  }

  private async empty(assigner: string, t: TemplateRecord, reason: string) {
    const host = await this.hw.host();
    return {
      zvm_fcp: [],
      hv_fcp: [],
      wwpns: [],
      phy_to_virt_initiators: {},
      host: '',
      fcp_paths: 0,
      fcp_template_id: t.id,
      ...host,
      pchid_fcp_map: {},
      is_reserved_changed: false,
      empty_fcp_list_reason: `${assigner}: ${reason}`,
    };
  }
}
