import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { OpenApiDocumentFactory } from './openapi.document.js';
import { RouteFactsReader } from './route-facts.reader.js';

/** Builds the OpenAPI document from the routes of the application. */
@Module({
  imports: [DiscoveryModule],
  providers: [RouteFactsReader, OpenApiDocumentFactory],
})
export class OpenApiModule {}
