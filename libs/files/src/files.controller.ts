import type { Readable } from 'node:stream';
import {
  Body,
  Controller,
  Headers,
  HttpCode,
  Post,
  Put,
  type StreamableFile,
} from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { Envelope } from '#envelope';
import { ExportFileBody } from './dto/export-file.dto.js';
import { type FileImportOutput, FilesService } from './files.service.js';
import { JsonBodyAnyType } from './json-body-any-type.decorator.js';
import { BodyStream, StreamBody } from './stream-body.decorator.js';

/** Spec §4.12: file import (upload) and export (download); synchronous. */
@Controller('files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Put()
  @StreamBody()
  upload(
    @BodyStream() body: Readable,
    @Headers('content-length') length?: string,
  ): Promise<Envelope<FileImportOutput>> {
    return this.files.import(body, length);
  }

  @Post()
  @JsonBodyAnyType()
  @HttpCode(200) // the spec answers 200 to every success
  @ApiResponse({
    status: 200,
    description: 'The file itself, not an envelope (errors are envelopes)',
    content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
  })
  download(@Body() body: ExportFileBody): Promise<StreamableFile> {
    return this.files.export(body.source_file);
  }
}
