import { Injectable } from '@nestjs/common';
import { AppConfig } from '#config';
import { type Envelope, Errors, ok } from '#envelope';
import {
  SystemsManagement,
  CpQueries,
  isSmapi,
  SystemFacts,
  type VolumeSpaceOutput,
} from '#hypervisor';
import {
  diskFigures,
  diskPoolDetails,
  type DiskFigures,
  hypervisorVersion,
  ssiLines,
} from './host-figures.js';
import {
  checkPoolType,
  detailsFlag,
  oneQueryValue,
  POOL_NAME,
  poolGroup,
  VOLUME_NAME,
} from './host-query.js';

const NO_DISK: DiskFigures = { disk_total: 0, disk_used: 0, disk_available: 0 };

/** Spec §4.8: reads of the hypervisor host, answered at once (no operation). */
@Injectable()
export class HostService {
  constructor(
    private readonly cfg: AppConfig,
    private readonly hv: SystemsManagement,
    private readonly cp: CpQueries,
    private readonly system: SystemFacts,
  ) {}

  /** The configured default pool (first DISK_POOL), as the reference uses `[zvm] disk_pool`. */
  private get defaultPool(): string | undefined {
    return this.cfg.DISK_POOL[0];
  }

  /** Space of a pool; an undefined pool is the reference's SMT rc 5 rs 402. */
  private async space(poolname: string): Promise<VolumeSpaceOutput> {
    try {
      return await this.hv.volumeSpaceQuery(poolGroup(poolname));
    } catch (e) {
      if (isSmapi(e, [420, 8])) throw Errors.diskPoolNotFound(poolname);
      throw e;
    }
  }

  async info(): Promise<Envelope> {
    const pool = this.defaultPool;
    const [sys, disk] = await Promise.all([
      this.system.query(),
      pool ? this.space(pool).then(diskFigures) : Promise.resolve(NO_DISK),
    ]);
    return ok({
      ...disk,
      vcpus: sys.cpus,
      vcpus_used: sys.cpusUsed,
      // floats in the reference (MB of storage); JSON cannot tell 2048.0 from 2048
      memory_mb: sys.memoryMb,
      memory_mb_used: sys.memoryUsedMb,
      hypervisor_type: 'zvm',
      hypervisor_version: hypervisorVersion(sys.hypervisorVersion),
      hypervisor_hostname: sys.hostname,
      hv_host: sys.systemId,
      agent_userid: sys.userid,
      ipl_time: sys.ipl,
      cpu_info: { cec_model: sys.cecModel, architecture: sys.architecture },
    });
  }

  /** Every user the directory defines, managed by this service or not. */
  async guests(): Promise<Envelope<string[]>> {
    return ok(await this.hv.imageNameQueryDM());
  }

  async diskpool(poolnameRaw: unknown, detailsRaw: unknown): Promise<Envelope> {
    const poolname = oneQueryValue('poolname', poolnameRaw, POOL_NAME) ?? this.defaultPool;
    const details = detailsFlag(detailsRaw);
    if (!poolname) return ok(details ? {} : NO_DISK);
    // sic: the reference's api words it so (host_diskpool_get_info), without the space
    checkPoolType(
      poolname,
      () =>
        'Invalid disk pool type found in disk_pool, expectdisk_pool like ECKD:eckdpool or FBA:fbapool',
    );
    const space = await this.space(poolname);
    return ok(details ? { [space.pool]: diskPoolDetails(space) } : diskFigures(space));
  }

  /**
   * `{diskpool_volumes: "V1 V2"}`, the spec's shape, for the one pool asked for (or the default
   * pool); `{}` when none is configured. The current reference nests it under the pool's name,
   * which the spec does not document and its clients do not read (README, compatibility).
   */
  async diskpoolVolumes(poolnameRaw: unknown): Promise<Envelope> {
    const poolname = oneQueryValue('poolname', poolnameRaw, POOL_NAME) ?? this.defaultPool;
    if (!poolname) return ok({});
    checkPoolType(
      poolname,
      (type) => `Invalid disk pool type: "${type}". Expected "ECKD" or "FBA"`,
    );
    const space = await this.space(poolname);
    return ok({ diskpool_volumes: space.volumes.map((v) => v.volser).join(' ') });
  }

  /** Device type and size (in its units: cylinders or blocks, label area included). */
  async volume(volumenameRaw: unknown): Promise<Envelope> {
    const name = oneQueryValue('volumename', volumenameRaw, VOLUME_NAME);
    // the reference's api (host_get_volume_info) raises SDKInvalidInputFormat: rs 3, its text
    if (!name) throw Errors.input(3, 'Invalid volume input None, volume must be specified.');
    const space = await this.hv.volumeQuery(name.toUpperCase());
    const [vol] = space.volumes;
    return ok({ volume_type: space.deviceType, volume_size: vol ? vol.start + vol.size : 0 });
  }

  async ssi(): Promise<Envelope<string[]>> {
    return ok(ssiLines(await this.cp.querySsi()));
  }
}
