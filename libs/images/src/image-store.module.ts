import { Global, Module } from '@nestjs/common';
import { ImageStore } from './image.store.js';

/**
 * The image repository for any module of the process (guest deploy and capture use it too).
 * Global: imported once, by ImagesModule (api) or ImageHandlersModule (worker).
 */
@Global()
@Module({ providers: [ImageStore], exports: [ImageStore] })
export class ImageStoreModule {}
