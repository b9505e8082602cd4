import { Controller, Get } from '@nestjs/common';
import { type Envelope, UseStatusRule, ok } from '#envelope';
import { serviceVersion } from '#config';
import { VERSION_OUTPUT } from './version.openapi.js';

/** GET /: API and service versions (spec §9). Needs a token, as in the reference. */
@Controller()
export class VersionController {
  @Get()
  @VERSION_OUTPUT
  @UseStatusRule('always200')
  version(): Envelope {
    return ok({
      api_version: '1.0',
      min_version: '1.0',
      max_version: '1.0',
      version: serviceVersion(),
    });
  }
}
