import { Injectable } from '@nestjs/common';
import { AppConfig } from '#config';
import { type Envelope, Errors, ModID, type Userid } from '#envelope';
import { ImageErrors, ImageStore } from '#images';
import { type Accepted, type OperationRequest, OperationsService } from '#operations';
import type { CaptureActionDto, DeployActionDto } from './deploy-capture.dto.js';
import { GuestsRepository } from '#persistence';
import { requireManagedGuest } from '../managed/managed-guest.js';

/** The deploy and capture actions: checked here, run as operations on the guest-image queue. */
@Injectable()
export class GuestImageService {
  constructor(
    private readonly cfg: AppConfig,
    private readonly guests: GuestsRepository,
    private readonly images: ImageStore,
    private readonly ops: OperationsService,
  ) {}

  async deploy(
    userid: Userid,
    d: DeployActionDto,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    const id = (await requireManagedGuest(this.guests, userid)).userid;
    const skip = d.skipdiskcopy ?? false;
    const osVersion = skip
      ? d.image.toLowerCase()
      : (await this.images.require(d.image)).imageosdistro;
    if (osVersion.startsWith('rhcos') && !d.transportfiles) {
      throw Errors.guest(
        13,
        'Failed to deploy: the ignition file is required when deploying an RHCOS image',
      );
    }
    const payload = {
      userid: id,
      image: d.image,
      skipDiskCopy: skip,
      ...(d.transportfiles ? { transportfiles: d.transportfiles } : {}),
      ...(d.remotehost ? { remotehost: d.remotehost } : {}),
      ...(d.vdev ? { vdev: d.vdev.toUpperCase().padStart(4, '0') } : {}),
      ...(d.hostname ? { hostname: d.hostname } : {}),
    };
    return this.ops.submit('guest.deploy', payload, req);
  }

  async capture(
    userid: Userid,
    d: CaptureActionDto,
    req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    if (d.capture_type === 'alldisks')
      throw Errors.notImplemented(ModID.GUEST, 'capture of all disks');
    const id = (await requireManagedGuest(this.guests, userid)).userid;
    if (await this.images.find(d.image)) throw ImageErrors.exists(d.image);
    const payload = {
      userid: id,
      image: d.image,
      captureType: 'rootonly' as const,
      compressLevel: d.compress_level ?? this.cfg.DEFAULT_COMPRESS_LEVEL,
    };
    return this.ops.submit('guest.capture', payload, req);
  }
}
