import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { stopTracing } from './tracing.js';

/** Exports the spans still buffered when the application shuts down (the api's SIGTERM). */
@Injectable()
export class TracingShutdown implements OnApplicationShutdown {
  onApplicationShutdown(): Promise<void> {
    return stopTracing();
  }
}
