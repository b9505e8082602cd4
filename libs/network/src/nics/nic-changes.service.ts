import { Injectable } from '@nestjs/common';
import { type Envelope, Errors, pyRepr, type Userid } from '#envelope';
import { CpQueries } from '#hypervisor';
import { VDEV } from '#jobs';
import { type Accepted, type OperationRequest, OperationsService } from '#operations';
import { requireManagedGuest } from '#guests';
import { GuestsRepository } from '#persistence';
import type { CoupleNicDto, CreateNicDto, DeleteNicBody } from './dto/nic.dto.js';
import type { CreateInterfaceDto, DeleteInterfaceDto } from './dto/interface.dto.js';
import { requireActiveIf } from './handlers/nic-guards.js';

/** A `{vdev}` path segment: 1-4 hex digits. */
export function pathVdev(vdev: string): string {
  if (VDEV.test(vdev)) return vdev;
  throw Errors.validation(
    `Invalid input for field/attribute vdev. Value: ${pyRepr(vdev)}. ` +
      `${pyRepr(vdev)} does not match '${VDEV.source}'`,
  );
}

/**
 * NIC and interface changes (spec §4.6): checked here (guest managed → 404, `active` on a
 * logged-off guest → 409 rs 1), run as operations on the network queue in the guest's order.
 */
@Injectable()
export class NicChangesService {
  constructor(
    private readonly guests: GuestsRepository,
    private readonly cp: CpQueries,
    private readonly ops: OperationsService,
  ) {}

  private async guest(userid: Userid, active: boolean): Promise<Userid> {
    const id = (await requireManagedGuest(this.guests, userid)).userid;
    await requireActiveIf(this.cp, id, active);
    return id;
  }

  /** Output: the NIC's device number (the reference's answer, not the spec's empty one). */
  async create(
    userid: Userid,
    dto: CreateNicDto,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const active = dto.active ?? false;
    const id = await this.guest(userid, active);
    const mac = dto.mac_addr?.replace(/:/g, '').slice(6).toUpperCase();
    return this.ops.submit(
      'nic.create',
      {
        userid: id,
        ...(dto.vdev ? { vdev: dto.vdev } : {}),
        ...(dto.nic_id !== undefined ? { nicId: dto.nic_id } : {}),
        ...(mac ? { macId: mac } : {}),
        active,
      },
      req,
    );
  }

  /** The body must be JSON (`{}` at least), as the reference's clients send it. */
  async delete(
    userid: Userid,
    vdev: string,
    body: DeleteNicBody | undefined,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    if (body === undefined) throw Errors.malformedJson('Expecting value: line 1 column 1 (char 0)');
    const active = body.active ?? false;
    const id = await this.guest(userid, active);
    return this.ops.submit('nic.delete', { userid: id, vdev: pathVdev(vdev), active }, req);
  }

  async couple(
    userid: Userid,
    vdev: string,
    dto: CoupleNicDto,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const active = dto.active ?? false;
    const nic = pathVdev(vdev);
    const id = await this.guest(userid, active);
    if (!dto.couple) {
      return this.ops.submit('nic.uncouple', { userid: id, vdev: nic, active }, req);
    }
    return this.ops.submit(
      'nic.couple',
      {
        userid: id,
        vdev: nic,
        vswitch: (dto.vswitch ?? '').toUpperCase(),
        vlanId: dto.vlan_id ?? -1,
        active,
      },
      req,
    );
  }

  /**
   * Output: guest_networks with nic_vdev filled in (the reference's answer). In the reference's
   * order: the guest (404), then an empty list (input error 100/3), then the guest's state,
   * which its create_nic checks only once a network is there to make.
   */
  async createInterface(
    userid: Userid,
    dto: CreateInterfaceDto,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const active = dto.active ?? false;
    const id = (await requireManagedGuest(this.guests, userid)).userid;
    if (dto.guest_networks.length === 0) {
      throw Errors.input(
        3,
        'API guest_create_network_interface: Network information is required but not provided',
      );
    }
    await requireActiveIf(this.cp, id, active);
    return this.ops.submit(
      'interface.create',
      { userid: id, osVersion: dto.os_version.toLowerCase(), networks: dto.guest_networks, active },
      req,
    );
  }

  async deleteInterface(
    userid: Userid,
    dto: DeleteInterfaceDto,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const active = dto.active ?? false;
    const id = await this.guest(userid, active);
    return this.ops.submit(
      'interface.delete',
      { userid: id, osVersion: dto.os_version.toLowerCase(), vdev: dto.vdev, active },
      req,
    );
  }
}
