import { Injectable } from '@nestjs/common';
import { type Envelope, Errors, ok, toUserid } from '#envelope';
import { SystemsManagement, isSmapi } from '#hypervisor';
import type { VswitchUpdatePayload } from '#jobs';
import { requireManagedGuest } from '#guests';
import { type Accepted, type OperationRequest, OperationsService } from '#operations';
import { GuestsRepository } from '#persistence';
import type { CreateVswitchDto } from './dto/create-vswitch.dto.js';
import type { UpdateVswitchDto } from './dto/update-vswitch.dto.js';
import { createPayload } from './vswitch-create.js';
import { type VswitchView, vswitchView } from './vswitch-record.js';

/**
 * Vswitch reads (answered at once from the hypervisor) and changes (operations on the
 * `network` queue, one at a time per switch).
 */
@Injectable()
export class VswitchesService {
  constructor(
    private readonly hv: SystemsManagement,
    private readonly ops: OperationsService,
    private readonly guests: GuestsRepository,
  ) {}

  /** Names of the defined switches; none defined (212/40) is an empty list. */
  async list(): Promise<Envelope<string[]>> {
    try {
      return ok(await this.hv.vswitchNames());
    } catch (e) {
      if (isSmapi(e, [212, 40])) return ok([]);
      throw e;
    }
  }

  /** The detail record; SMT 212/40 (404 under the not-found rule) when missing. */
  async get(name: string): Promise<Envelope<VswitchView>> {
    return ok(vswitchView(await this.hv.vswitchQuery(name)));
  }

  create(dto: CreateVswitchDto, req: OperationRequest): Promise<Envelope | Accepted> {
    return this.ops.submit('vswitch.create', createPayload(dto), req);
  }

  /**
   * The first present form wins, as the reference reads them: grant > revoke > user VLAN. A grant
   * or a VLAN names a guest the service knows (404 otherwise, as the reference checks first).
   */
  async update(
    name: string,
    dto: UpdateVswitchDto,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const upper = name.toUpperCase();
    let payload: VswitchUpdatePayload;
    if (dto.grant_userid !== undefined) {
      payload = { name: upper, change: 'grant', userid: toUserid(dto.grant_userid) };
    } else if (dto.revoke_userid !== undefined) {
      payload = { name: upper, change: 'revoke', userid: toUserid(dto.revoke_userid) };
    } else if (dto.user_vlan_id !== undefined) {
      const { userid, vlanid } = dto.user_vlan_id;
      payload = { name: upper, change: 'vlan', userid: toUserid(userid), vlanId: vlanid };
    } else {
      // the reference answers 500 here (its handler returns nothing); a 400 says what is missing
      throw Errors.validation(
        "'grant_userid', 'revoke_userid' or 'user_vlan_id' is a required property",
      );
    }
    if (payload.change !== 'revoke') await requireManagedGuest(this.guests, payload.userid);
    return this.ops.submit('vswitch.update', payload, req);
  }

  delete(name: string, req: OperationRequest): Promise<Envelope | Accepted> {
    return this.ops.submit('vswitch.delete', { name: name.toUpperCase() }, req);
  }
}
