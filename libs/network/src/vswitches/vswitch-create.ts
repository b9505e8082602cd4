import type { VswitchCreatePayload } from '#jobs';
import type { CreateVswitchDto } from './dto/create-vswitch.dto.js';

const TRUE = [true, 'True', 'TRUE', 'true', '1', 'ON', 'On', 'on', 'YES', 'Yes', 'yes'];

/**
 * The create payload of a validated body: keywords in CP's full upper-case spelling, real
 * devices blank separated (absent when none). A router with ETHERNET (the default network
 * type) is accepted and ignored: the spec says to leave it out there, but the reference's
 * own clients always send one and the hypervisor ignores routing on a layer-2 switch
 * (docs/vswitches.md).
 */
export function createPayload(dto: CreateVswitchDto): VswitchCreatePayload {
  const networkType = (dto.network_type ?? 'ETHERNET').toUpperCase();
  const rdevs = (dto.rdev ?? '').split(/\s+/).filter(Boolean);
  const vid =
    typeof dto.vid === 'string' ? (dto.vid.toUpperCase() as 'UNAWARE' | 'AWARE') : dto.vid;
  return {
    name: dto.name.toUpperCase(),
    ...(rdevs.length ? { rdev: rdevs.join(' ').toUpperCase() } : {}),
    ...(dto.controller && dto.controller !== '*'
      ? { controller: dto.controller.toUpperCase() }
      : {}),
    ...(dto.connection ? { connection: dto.connection.toUpperCase() } : {}),
    networkType,
    ...(dto.router && networkType === 'IP' ? { router: dto.router.toUpperCase() } : {}),
    ...(vid !== undefined ? { vid } : {}),
    ...(dto.port_type ? { portType: dto.port_type.toUpperCase() } : {}),
    ...(dto.gvrp ? { gvrp: dto.gvrp.toUpperCase() } : {}),
    ...(dto.queue_mem !== undefined ? { queueMem: dto.queue_mem } : {}),
    ...(dto.native_vid !== undefined && dto.native_vid !== null
      ? { nativeVid: dto.native_vid }
      : {}),
    persist: dto.persist === undefined || TRUE.includes(dto.persist),
  };
}
