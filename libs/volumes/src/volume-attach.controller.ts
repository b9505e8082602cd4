import { Body, Controller, Delete, HttpCode, Post } from '@nestjs/common';
import { type Envelope, toUserid } from '#envelope';
import type { VolumeConnectionPayload } from '#jobs';
import {
  type Accepted,
  OperationsService,
  OpRequest,
  type OperationRequest,
  SubmitsOperation,
} from '#operations';
import { boolish } from './domain/request-values.js';
import { VolumeBody, type VolumeConnectionDto } from './dto/volume-connection.dto.js';

/** The payload of attach and detach: ids normalised as the reference does before starting. */
function payloadOf(c: VolumeConnectionDto): VolumeConnectionPayload {
  return {
    assignerId: toUserid(c.assigner_id),
    fcps: [...new Set((c.zvm_fcp ?? c.hv_fcp ?? []).map((f) => f.toLowerCase()))],
    ...(c.fcp_template_id ? { fcpTemplateId: c.fcp_template_id } : {}),
    targetWwpns: c.target_wwpn.map((w) => w.toLowerCase()),
    targetLun: c.target_lun.toLowerCase(),
    osVersion: c.os_version.toLowerCase(),
    multipath: boolish(c.multipath) ?? false,
    ...(c.mount_point ? { mountPoint: c.mount_point } : {}),
    isRootVolume: boolish(c.is_root_volume) ?? false,
    updateConnectionsOnly: boolish(c.update_connections_only) ?? false,
    doRollback: boolish(c.do_rollback) ?? true,
  };
}

/** Spec §4.4: volume attach and detach, each an operation on the guest's queue. */
@Controller('guests/volumes')
export class VolumeAttachController {
  constructor(private readonly ops: OperationsService) {}

  @Post()
  @HttpCode(200)
  @SubmitsOperation()
  attach(
    @Body() body: VolumeBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.ops.submit('volume.attach', payloadOf(body.info.connection), req);
  }

  @Delete()
  @SubmitsOperation()
  detach(
    @Body() body: VolumeBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.ops.submit('volume.detach', payloadOf(body.info.connection), req);
  }
}
