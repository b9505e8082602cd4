import { Module } from '@nestjs/common';
import { FilesController } from './files.controller.js';
import { FilesService } from './files.service.js';

/** Api side of the files feature (no operations: nothing reaches the hypervisor). */
@Module({ controllers: [FilesController], providers: [FilesService] })
export class FilesModule {}
