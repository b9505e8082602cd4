import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import {
  type Envelope,
  pyRepr,
  readGetBody,
  type Userid,
  UseridPipe,
  UseStatusRule,
} from '#envelope';
import { ConnectorDocs } from './connector/connector.openapi.js';
import { type ConnectorParams, ConnectorService } from './connector/connector.service.js';
import { VolumeErrors } from './domain/volume-errors.js';
import { CreateFcpTemplateBody, EditFcpTemplateBody } from './dto/fcp-template.dto.js';
import { FcpUsageBody } from './dto/fcp-usage.dto.js';
import { FcpUsageService } from './fcp/fcp-usage.service.js';
import { TemplateDetailDocs, TemplateListDocs } from './templates/fcp-templates.openapi.js';
import { FcpTemplatesService } from './templates/fcp-templates.service.js';
import {
  CONNECTOR_OUTPUT,
  FCP_USAGE_OUTPUT,
  TEMPLATE_DETAILS_OUTPUT,
  TEMPLATES_OUTPUT,
} from './volumes.openapi.js';

/** An FCP device number in a path: exactly 4 hex digits (reference schema `fcp`). */
function fcpId(id: string): string {
  if (/^[0-9a-fA-F]{4}$/.test(id)) return id;
  const why =
    id.length < 4
      ? 'is too short'
      : id.length > 4
        ? 'is too long'
        : "does not match '^[0-9a-fA-F]{4}$'";
  throw VolumeErrors.badField('fcp_id', id, `${pyRepr(id)} ${why}`);
}

/**
 * Spec §4.11: FCP templates, FCP usage records and the volume connector. All of them only read
 * and write the database (and query the hypervisor's FCP inventory), so they answer at once.
 */
@Controller('volumes')
export class VolumesController {
  constructor(
    private readonly templates: FcpTemplatesService,
    private readonly usage: FcpUsageService,
    private readonly connectors: ConnectorService,
  ) {}

  @Post('fcptemplates')
  @HttpCode(200) // the spec answers 200 to every success
  createTemplate(@Body() body: CreateFcpTemplateBody): Promise<Envelope> {
    return this.templates.create(body);
  }

  @Get('fcptemplates')
  @UseStatusRule('notFound')
  @TemplateListDocs()
  @TEMPLATES_OUTPUT
  listTemplates(@Query() query: Record<string, unknown>): Promise<Envelope> {
    return this.templates.list(query);
  }

  @Get('fcptemplates/detail')
  @UseStatusRule('notFound')
  @TemplateDetailDocs()
  @TEMPLATE_DETAILS_OUTPUT
  templateDetails(@Query() query: Record<string, unknown>): Promise<Envelope> {
    return this.templates.detail(query);
  }

  @Put('fcptemplates/:id')
  editTemplate(@Param('id') id: string, @Body() body: EditFcpTemplateBody): Promise<Envelope> {
    return this.templates.edit(id, body);
  }

  @Delete('fcptemplates/:id')
  @UseStatusRule('notFound')
  deleteTemplate(@Param('id') id: string): Promise<Envelope> {
    return this.templates.delete(id);
  }

  @Get('fcp/:fcp_id')
  @FCP_USAGE_OUTPUT
  @UseStatusRule('notFound')
  getUsage(@Param('fcp_id') id: string): Promise<Envelope> {
    return this.usage.get(fcpId(id));
  }

  /** Always 200, even for an unknown FCP (the envelope still says 404), as the reference. */
  @Put('fcp/:fcp_id')
  @UseStatusRule('always200')
  setUsage(@Param('fcp_id') id: string, @Body() body: FcpUsageBody): Promise<Envelope> {
    return this.usage.set(fcpId(id), body.info);
  }

  /** Parameters in a JSON body wrapped in `info` (as existing clients send) or the query. */
  @Get('conn/:userid')
  @ConnectorDocs()
  @CONNECTOR_OUTPUT
  async connector(
    @Param('userid', UseridPipe) userid: Userid,
    @Query() query: Record<string, unknown>,
    @Req() req: FastifyRequest,
  ): Promise<Envelope> {
    const body = await readGetBody(req.raw);
    let params: ConnectorParams = query;
    if (body !== undefined) {
      const info: unknown =
        body && typeof body === 'object' ? (body as { info?: unknown }).info : undefined;
      if (!info || typeof info !== 'object' || Array.isArray(info)) {
        throw VolumeErrors.badField('info', body, "'info' is a required property");
      }
      params = { ...query, ...(info as ConnectorParams) };
    }
    return this.connectors.connector(userid, params);
  }
}
