import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { AppConfig } from '#config';
import { HypervisorExchange } from './hypervisor.exchange.js';

/**
 * Pings the hypervisor link every HV_PROBE_INTERVAL_S, so the shared health counters notice a
 * link that went down (or came back) within seconds even when no operation is calling it.
 * Runs in the api only: one prober per api process is enough, workers count their real calls.
 */
@Injectable()
export class LinkProbe implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly log = new Logger(LinkProbe.name);
  private timer: NodeJS.Timeout | undefined;
  private up = true;

  constructor(
    private readonly cfg: AppConfig,
    private readonly exchange: HypervisorExchange,
  ) {}

  onApplicationBootstrap(): void {
    const everyMs = this.cfg.HV_PROBE_INTERVAL_S * 1000;
    if (everyMs <= 0) return;
    this.timer = setInterval(() => void this.probe(), everyMs);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  private async probe(): Promise<void> {
    const up = await this.exchange.ping();
    // Log transitions only: a down link would otherwise log every few seconds.
    if (up !== this.up) {
      if (up) this.log.log('hypervisor link is back');
      else this.log.warn('hypervisor link is down');
    }
    this.up = up;
  }
}
