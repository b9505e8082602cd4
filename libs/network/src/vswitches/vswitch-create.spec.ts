import type { CreateVswitchDto } from './dto/create-vswitch.dto.js';
import { createPayload } from './vswitch-create.js';

const dto = (over: Partial<CreateVswitchDto>): CreateVswitchDto => ({ name: 'vsw1', ...over });

describe('createPayload', () => {
  it('spells keywords in full upper case and applies the reference defaults', () => {
    expect(
      createPayload(
        dto({
          rdev: ' 1111  2a2 ',
          controller: 'dtcvsw1',
          connection: 'DISCONnect',
          network_type: 'ip',
          router: 'PRIrouter',
          vid: 'aware',
          port_type: 'trunk',
          gvrp: 'nogvrp',
          queue_mem: 4,
          native_vid: 12,
          persist: 'no',
        }),
      ),
    ).toEqual({
      name: 'VSW1',
      rdev: '1111 2A2',
      controller: 'DTCVSW1',
      connection: 'DISCONNECT',
      networkType: 'IP',
      router: 'PRIROUTER',
      vid: 'AWARE',
      portType: 'TRUNK',
      gvrp: 'NOGVRP',
      queueMem: 4,
      nativeVid: 12,
      persist: false,
    });
    expect(createPayload(dto({ rdev: null, controller: '*', native_vid: null }))).toEqual({
      name: 'VSW1',
      networkType: 'ETHERNET',
      persist: true,
    });
  });

  it('accepts a router on an ETHERNET switch and ignores it (the reference sends one)', () => {
    for (const over of [
      { router: 'NONROUTER' },
      { router: 'PRIrouter', network_type: 'ETHernet' },
    ]) {
      expect(createPayload(dto(over))).toEqual({
        name: 'VSW1',
        networkType: 'ETHERNET',
        persist: true,
      });
    }
  });
});
