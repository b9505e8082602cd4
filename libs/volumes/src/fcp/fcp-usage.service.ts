import { Injectable } from '@nestjs/common';
import { type Envelope, ok, toUserid } from '#envelope';
import { VolumeErrors } from '../domain/volume-errors.js';
import type { FcpUsageDto } from '../dto/fcp-usage.dto.js';
import { FcpRepository } from '#persistence';

/** The usage record of one FCP (reference get/set_fcp_usage): [assigner, reserved, connections, template]. */
@Injectable()
export class FcpUsageService {
  constructor(private readonly repo: FcpRepository) {}

  async get(fcpId: string): Promise<Envelope<[string, number, number, string]>> {
    const f = await this.repo.fcp(fcpId.toLowerCase());
    if (!f) throw VolumeErrors.fcpNotFound(fcpId);
    return ok([f.assignerId, f.reserved, f.connections, f.tmplId]);
  }

  async set(fcpId: string, dto: FcpUsageDto): Promise<Envelope> {
    const done = await this.repo.setUsage(fcpId.toLowerCase(), {
      assignerId: dto.userid ? toUserid(dto.userid) : '',
      reserved: dto.reserved,
      connections: dto.connections,
      tmplId: dto.fcp_template_id ?? '',
    });
    if (!done) throw VolumeErrors.fcpNotFound(fcpId);
    return ok();
  }
}
