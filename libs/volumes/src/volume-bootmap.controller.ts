import { Body, Controller, Put } from '@nestjs/common';
import { Errors, type Envelope } from '#envelope';
import type { RefreshBootmapPayload } from '#jobs';
import {
  type Accepted,
  OperationsService,
  OpRequest,
  type OperationRequest,
  SubmitsOperation,
} from '#operations';
import { rhcosNetwork } from './domain/rhcos-network.js';
import { RefreshBootmapBody, type RefreshBootmapInfoDto } from './dto/refresh-bootmap.dto.js';

const bare = (hex: string) => hex.toLowerCase().replace(/^0x/, '');

/**
 * The operation's payload. Guest networks make it an RHCOS boot volume, which needs the
 * ignition file (transportfiles): volume rs 10 otherwise, before anything runs.
 */
function payloadOf(i: RefreshBootmapInfoDto): RefreshBootmapPayload {
  const networks = i.guest_networks ?? [];
  if (networks.length > 0 && !i.transportfiles) {
    throw Errors.volume(10, 'Ignition file (transportfiles) is required when deploying RHCOS');
  }
  return {
    fcps: [...new Set(i.fcpchannel.map((f) => f.toLowerCase().padStart(4, '0')))],
    wwpns: [...new Set(i.wwpn.map(bare))],
    lun: bare(i.lun),
    wwid: i.wwid ?? '',
    ...(i.transportfiles ? { transportfiles: i.transportfiles } : {}),
    ...(networks.length > 0 ? rhcosNetwork(networks) : {}),
    ...(i.fcp_template_id ? { fcpTemplateId: i.fcp_template_id } : {}),
  };
}

/** Spec §4.11: PUT /volumes/volume_refresh_bootmap, an operation on the management guest. */
@Controller('volumes/volume_refresh_bootmap')
export class VolumeBootmapController {
  constructor(private readonly ops: OperationsService) {}

  @Put()
  @SubmitsOperation()
  refresh(
    @Body() body: RefreshBootmapBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.ops.submit('volume.refresh-bootmap', payloadOf(body.info), req);
  }
}
