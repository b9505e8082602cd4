import { Module } from '@nestjs/common';
import { IMAGE_HANDLERS } from './image-handlers.js';
import { ImageStoreModule } from './image-store.module.js';

const HANDLERS = Object.values(IMAGE_HANDLERS);

/** Worker side of the images feature: the operation handlers (and the image store). */
@Module({ imports: [ImageStoreModule], providers: HANDLERS, exports: HANDLERS })
export class ImageHandlersModule {}
