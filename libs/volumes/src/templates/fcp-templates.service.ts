import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Envelope, isUserid, ok, toUserid } from '#envelope';
import { expandFcpList, FcpListSyntaxError } from '../domain/fcp-list.js';
import { boolish, literalList } from '../domain/request-values.js';
import { VolumeErrors } from '../domain/volume-errors.js';
import type { CreateFcpTemplateBody, EditFcpTemplateBody } from '../dto/fcp-template.dto.js';
import { FcpHardware, type HostFacts } from '../fcp/fcp-hardware.service.js';
import {
  FcpRepository,
  type FcpRow,
  FcpTemplateRepository,
  inUse,
  type TemplateRecord,
} from '#persistence';
import { templateRaw, templateStatistics } from './template-statistics.js';

type Query = Record<string, unknown>;

const LIST_KEYS = ['template_id_list', 'assigner_id', 'host_default', 'storage_providers'];
const DETAIL_KEYS = ['template_id_list', 'raw', 'statistics', 'sync_with_zvm', 'sync_with_hv'];

/** A query value given once (Fastify gives repeated keys as arrays; the last one wins). */
const single = (v: unknown): unknown => (Array.isArray(v) ? (v as unknown[]).at(-1) : v);

function parsePaths(text: string): string[][] {
  try {
    return expandFcpList(text);
  } catch (e) {
    if (e instanceof FcpListSyntaxError) throw VolumeErrors.badFcpDevices(e.message);
    throw e;
  }
}

/**
 * FCP multipath templates (reference §8.4): database records, answered at once. The FCP rows
 * of a template get their hardware facts from the hypervisor whenever a template is written.
 */
@Injectable()
export class FcpTemplatesService {
  constructor(
    private readonly repo: FcpRepository,
    private readonly templateRows: FcpTemplateRepository,
    private readonly hw: FcpHardware,
  ) {}

  async create(body: CreateFcpTemplateBody): Promise<Envelope> {
    const paths = parsePaths(body.fcp_devices ?? '');
    const min = body.min_fcp_paths_count === undefined ? -1 : Number(body.min_fcp_paths_count);
    if (min > paths.length) throw VolumeErrors.minPaths(min, paths.length);
    const t: TemplateRecord = {
      id: randomUUID(),
      name: body.name,
      description: body.description ?? '',
      isDefault: boolish(body.host_default) ?? false,
      minFcpPathsCount: min,
      paths,
      storageProviders: [...new Set(body.storage_providers ?? [])],
    };
    const before = await this.pchidUse(t.id);
    await this.templateRows.saveTemplate(t, { replacePaths: true, replaceSps: true });
    await this.hw.sync();
    const fcps = await this.fcpMap();
    const all = this.pchidsOf(t, fcps);
    return ok({
      fcp_template: {
        ...(await this.base(t, fcps)),
        pchids: { add: { all, first_used_by_templates: all.filter((p) => !before.has(p)) } },
      },
    });
  }

  async edit(id: string, body: EditFcpTemplateBody): Promise<Envelope> {
    const old = await this.templateRows.template(id);
    if (!old) throw VolumeErrors.templateNotFound(id);
    const paths = body.fcp_devices === undefined ? old.paths : parsePaths(body.fcp_devices);
    const t: TemplateRecord = {
      ...old,
      name: body.name ?? old.name,
      description: body.description ?? old.description,
      isDefault: boolish(body.host_default) ?? old.isDefault,
      minFcpPathsCount:
        body.min_fcp_paths_count === undefined
          ? old.minFcpPathsCount
          : Number(body.min_fcp_paths_count),
      paths,
      storageProviders:
        body.storage_providers === undefined
          ? old.storageProviders
          : [...new Set(body.storage_providers)],
    };
    if (t.minFcpPathsCount > paths.length)
      throw VolumeErrors.minPaths(t.minFcpPathsCount, paths.length);
    if (body.fcp_devices !== undefined) {
      const allocated = (await this.repo.fcps(old.paths.flat())).filter((f) => inUse(f, id));
      if (allocated.length && paths.length !== old.paths.length) {
        throw VolumeErrors.editInUse(
          id,
          'the number of FCP paths cannot change while FCPs are allocated from it',
        );
      }
      const kept = new Set(paths.flat());
      const removed = allocated.filter((f) => !kept.has(f.fcpId)).map((f) => f.fcpId.toUpperCase());
      if (removed.length) {
        throw VolumeErrors.editInUse(
          id,
          `FCP devices ${removed.join(', ')} are allocated and cannot be removed`,
        );
      }
    }
    const fcpsBefore = await this.fcpMap();
    const oldPchids = this.pchidsOf(old, fcpsBefore);
    const othersBefore = await this.pchidUse(id);
    await this.templateRows.saveTemplate(t, {
      replacePaths: body.fcp_devices !== undefined,
      replaceSps: body.storage_providers !== undefined,
    });
    if (body.fcp_devices !== undefined) await this.hw.sync();
    const fcps = await this.fcpMap();
    const all = this.pchidsOf(t, fcps);
    const added = all.filter((p) => !oldPchids.includes(p));
    const deleted = oldPchids.filter((p) => !all.includes(p));
    const othersAfter = await this.pchidUse(id);
    return ok({
      fcp_template: {
        ...(await this.base(t, fcps)),
        pchids: {
          add: { all: added, first_used_by_templates: added.filter((p) => !othersBefore.has(p)) },
          delete: {
            all: deleted,
            not_exist_in_any_template: deleted.filter((p) => !othersAfter.has(p)),
          },
          all,
        },
      },
    });
  }

  async delete(id: string): Promise<Envelope> {
    if (!(await this.templateRows.template(id))) throw VolumeErrors.templateNotFound(id);
    const used = await this.templateRows.countAllocatedFrom(id);
    if (used > 0) throw VolumeErrors.deleteInUse(id);
    await this.templateRows.deleteTemplate(id);
    return ok();
  }

  /** GET /volumes/fcptemplates: one filter, by the reference's priority (§6). */
  async list(query: Query): Promise<Envelope> {
    this.onlyKeys(query, LIST_KEYS);
    const ids = await this.filteredIds(query);
    const templates = await this.existing(ids, query.template_id_list !== undefined);
    const fcps = await this.fcpMap();
    const out = [];
    for (const t of templates) out.push(await this.base(t, fcps));
    return ok({ fcp_templates: out });
  }

  /** GET /volumes/fcptemplates/detail: statistics default true, raw false. */
  async detail(query: Query): Promise<Envelope> {
    this.onlyKeys(query, DETAIL_KEYS);
    const flag = (key: string, dflt: boolean) => {
      const v = single(query[key]);
      if (v === undefined) return dflt;
      const b = boolish(v);
      if (b === undefined) throw VolumeErrors.badField(key, v, 'is not a boolean');
      return b;
    };
    const raw = flag('raw', false);
    const statistics = flag('statistics', true);
    if (flag('sync_with_zvm', false) || flag('sync_with_hv', false)) await this.hw.sync();
    const ids =
      query.template_id_list === undefined ? undefined : this.idList(query.template_id_list);
    const fcps = await this.fcpMap();
    const out = [];
    for (const t of await this.existing(ids, ids !== undefined)) {
      out.push({
        ...(await this.base(t, fcps)),
        ...(raw ? { raw: templateRaw(t, fcps) } : {}),
        ...(statistics ? { statistics: templateStatistics(t, fcps) } : {}),
        pchid_to_phy_wwpn: Object.fromEntries(
          t.paths
            .flat()
            .map((i) => fcps.get(i))
            .filter((f): f is FcpRow => !!f && f.pchid !== '')
            .map((f) => [f.pchid, f.wwpnPhy]),
        ),
      });
    }
    return ok({ fcp_templates: out });
  }

  /**
   * The templates of `ids` (all when undefined). When the ids were named by template_id_list,
   * the not-exist error names any that is unknown (other filters just select).
   */
  private async existing(ids: string[] | undefined, named: boolean): Promise<TemplateRecord[]> {
    const found = await this.templateRows.templates(ids);
    if (ids && named) {
      const known = new Set(found.map((t) => t.id));
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length) throw VolumeErrors.templatesNotFound(missing);
    }
    return found;
  }

  private onlyKeys(query: Query, allowed: string[]): void {
    for (const k of Object.keys(query))
      if (!allowed.includes(k)) throw VolumeErrors.unknownQuery(k);
  }

  private idList(v: unknown): string[] {
    const ids = literalList(single(v));
    if (!ids) throw VolumeErrors.badField('template_id_list', v, 'is not a list');
    return ids;
  }

  private async filteredIds(query: Query): Promise<string[] | undefined> {
    if (query.template_id_list !== undefined) return this.idList(query.template_id_list);
    const assigner = single(query.assigner_id);
    if (assigner !== undefined) {
      if (typeof assigner !== 'string' || !isUserid(assigner)) {
        throw VolumeErrors.badField('assigner_id', assigner, 'is not a userid');
      }
      return this.templateRows.templateIdsOfAssigner(toUserid(assigner));
    }
    if (query.storage_providers !== undefined) {
      const sps = literalList(single(query.storage_providers));
      if (!sps)
        throw VolumeErrors.badField('storage_providers', query.storage_providers, 'is not a list');
      return this.templateRows.templateIdsOfProviders(sps);
    }
    const hostDefault = single(query.host_default);
    if (hostDefault !== undefined) {
      const b = boolish(hostDefault);
      if (b === undefined)
        throw VolumeErrors.badField('host_default', hostDefault, 'is not a boolean');
      return (await this.templateRows.templates())
        .filter((t) => t.isDefault === b)
        .map((t) => t.id);
    }
    return undefined;
  }

  private async fcpMap(): Promise<Map<string, FcpRow>> {
    return new Map((await this.repo.fcps()).map((f) => [f.fcpId, f]));
  }

  private pchidsOf(t: TemplateRecord, fcps: Map<string, FcpRow>): string[] {
    const set = new Set<string>();
    for (const id of t.paths.flat()) {
      const p = fcps.get(id)?.pchid;
      if (p) set.add(p);
    }
    return [...set].sort();
  }

  /** PCHIDs used by templates other than `except`. */
  private async pchidUse(except: string): Promise<Set<string>> {
    const fcps = await this.fcpMap();
    const set = new Set<string>();
    for (const t of await this.templateRows.templates()) {
      if (t.id !== except) for (const p of this.pchidsOf(t, fcps)) set.add(p);
    }
    return set;
  }

  /** The listing entry (reference §8.4); -1 minimum paths shows as the path count. */
  private async base(t: TemplateRecord, fcps: Map<string, FcpRow>) {
    const host: HostFacts = await this.hw.host();
    return {
      id: t.id,
      name: t.name,
      description: t.description,
      host_default: t.isDefault,
      storage_providers: t.storageProviders,
      min_fcp_paths_count: t.minFcpPathsCount === -1 ? t.paths.length : t.minFcpPathsCount,
      ...host,
      pchids: this.pchidsOf(t, fcps),
    };
  }
}
