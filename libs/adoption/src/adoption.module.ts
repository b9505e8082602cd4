import { Module } from '@nestjs/common';
import { ImageStoreModule } from '#images';
import { FcpHardware } from '#volumes';
import { AdoptionService } from './adoption.service.js';

/** The adoption (issue #25); needs ConfigModule, PersistenceModule and HypervisorModule. */
@Module({
  imports: [ImageStoreModule],
  providers: [AdoptionService, FcpHardware],
  exports: [AdoptionService],
})
export class AdoptionModule {}
