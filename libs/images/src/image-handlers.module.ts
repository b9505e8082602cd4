import { Module } from '@nestjs/common';
import { ExportImageHandler } from './handlers/export-image.handler.js';
import { ImportImageHandler } from './handlers/import-image.handler.js';
import { ImageStoreModule } from './image-store.module.js';

const HANDLERS = [ImportImageHandler, ExportImageHandler];

/** Worker side of the images feature: the operation handlers (and the image store). */
@Module({ imports: [ImageStoreModule], providers: HANDLERS, exports: HANDLERS })
export class ImageHandlersModule {}
