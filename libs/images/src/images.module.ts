import { Module } from '@nestjs/common';
import { ImageStoreModule } from './image-store.module.js';
import { ImagesController } from './images.controller.js';
import { ImagesService } from './images.service.js';

/** Api side of the images feature. */
@Module({
  imports: [ImageStoreModule],
  controllers: [ImagesController],
  providers: [ImagesService],
})
export class ImagesModule {}
