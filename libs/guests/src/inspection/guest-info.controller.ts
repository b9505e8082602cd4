import { Controller, Get, Param } from '@nestjs/common';
import { type Envelope, type Userid, UseridPipe, UseStatusRule } from '#envelope';
import { GUEST_INFO_OUTPUT, ONLINE_CPU_NUM_OUTPUT, OS_INFO_OUTPUT } from './guest-info.openapi.js';
import { GuestInfoService, type GuestInfo, type OsInfo } from './guest-info.service.js';

/** Spec §4.5: guest information answered at once (no operation). */
@Controller('guests/:userid')
export class GuestInfoController {
  constructor(private readonly info: GuestInfoService) {}

  @Get('info')
  @GUEST_INFO_OUTPUT
  @UseStatusRule('notFound')
  get(@Param('userid', UseridPipe) userid: Userid): Promise<Envelope<GuestInfo>> {
    return this.info.info(userid);
  }

  @Get('os_info')
  @OS_INFO_OUTPUT
  @UseStatusRule('notFound')
  osInfo(@Param('userid', UseridPipe) userid: Userid): Promise<Envelope<OsInfo>> {
    return this.info.osInfo(userid);
  }

  @Get('online_cpu_num')
  @ONLINE_CPU_NUM_OUTPUT
  @UseStatusRule('notFound')
  onlineCpuNum(@Param('userid', UseridPipe) userid: Userid): Promise<Envelope<number>> {
    return this.info.onlineCpuNum(userid);
  }
}
