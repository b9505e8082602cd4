import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { type Envelope, UseStatusRule } from '#envelope';
import { type Accepted, OpRequest, type OperationRequest, SubmitsOperation } from '#operations';
import { ExportImageBody } from './dto/export-image.dto.js';
import { ImportImageBody } from './dto/import-image.dto.js';
import type { ImageView } from './image.store.js';
import { IMAGES_OUTPUT, ROOT_DISK_SIZE_OUTPUT } from './images.openapi.js';
import { ImagesService } from './images.service.js';

/** Spec §4.9. Import and export are operations; reads and delete answer at once. */
@Controller('images')
export class ImagesController {
  constructor(private readonly images: ImagesService) {}

  @Get()
  @IMAGES_OUTPUT
  @UseStatusRule('notFound')
  list(@Query('imagename') imagename: unknown): Promise<Envelope<ImageView[]>> {
    return this.images.query(imagename);
  }

  @Post()
  @HttpCode(200) // the spec answers 200 to every success
  @UseStatusRule('alreadyExists')
  @SubmitsOperation()
  import(
    @Body() body: ImportImageBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.images.import(body.image, req);
  }

  /** The default rule, so an unknown image is a 500 here, as the reference answers. */
  @Get(':name/root_disk_size')
  @ROOT_DISK_SIZE_OUTPUT
  rootDiskSize(@Param('name') name: string): Promise<Envelope<string>> {
    return this.images.rootDiskSize(name);
  }

  @Delete(':name')
  delete(@Param('name') name: string): Promise<Envelope> {
    return this.images.delete(name);
  }

  @Put(':name')
  @UseStatusRule('notFound')
  @SubmitsOperation()
  export(
    @Param('name') name: string,
    @Body() body: ExportImageBody,
    @OpRequest() req: OperationRequest,
  ): Promise<Envelope | Accepted> {
    return this.images.export(name, body.location, req);
  }
}
