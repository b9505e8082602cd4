import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Query,
} from '@nestjs/common';
import { type Envelope, Errors, ModID } from '#envelope';
import { CreateWebhookBody, DeliveriesQuery } from './webhook.dto.js';
import {
  CALLBACK_SECRET_OUTPUT,
  DELIVERIES_OUTPUT,
  WEBHOOKS_OUTPUT,
  WEBHOOK_CREATED_OUTPUT,
  WEBHOOK_OUTPUT,
  WEBHOOK_ROTATED_OUTPUT,
  WEBHOOK_TEST_OUTPUT,
} from './webhooks.openapi.js';
import { WebhooksService } from './webhooks.service.js';

const WebhookId = () =>
  Param(
    'id',
    new ParseUUIDPipe({ exceptionFactory: () => Errors.notExist(ModID.REST, 'Webhook') }),
  );

/** Subscriptions to operation endings (issue #27), and the per-request callback secret. */
@Controller('webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @HttpCode(200) // the spec answers 200 to every success
  @WEBHOOK_CREATED_OUTPUT
  create(@Body() body: CreateWebhookBody): Promise<Envelope> {
    return this.webhooks.create(body.webhook);
  }

  @Get()
  @WEBHOOKS_OUTPUT
  list(): Promise<Envelope> {
    return this.webhooks.list();
  }

  /** The secret that signs Callback-URL deliveries. */
  @Get('callback-secret')
  @CALLBACK_SECRET_OUTPUT
  callbackSecret(): Promise<Envelope> {
    return this.webhooks.callbackSecret();
  }

  @Post('callback-secret/rotate')
  @HttpCode(200)
  @CALLBACK_SECRET_OUTPUT
  rotateCallbackSecret(): Promise<Envelope> {
    return this.webhooks.rotateCallbackSecret();
  }

  @Get(':id')
  @WEBHOOK_OUTPUT
  get(@WebhookId() id: string): Promise<Envelope> {
    return this.webhooks.get(id);
  }

  @Delete(':id')
  delete(@WebhookId() id: string): Promise<Envelope> {
    return this.webhooks.remove(id);
  }

  /** A new secret; the old one keeps signing for WEBHOOK_SECRET_GRACE_S. */
  @Post(':id/rotate-secret')
  @HttpCode(200)
  @WEBHOOK_ROTATED_OUTPUT
  rotate(@WebhookId() id: string): Promise<Envelope> {
    return this.webhooks.rotate(id);
  }

  @Post(':id/test')
  @HttpCode(200)
  @WEBHOOK_TEST_OUTPUT
  test(@WebhookId() id: string): Promise<Envelope> {
    return this.webhooks.test(id);
  }

  @Get(':id/deliveries')
  @DELIVERIES_OUTPUT
  deliveries(@WebhookId() id: string, @Query() q: DeliveriesQuery): Promise<Envelope> {
    return this.webhooks.deliveryLog(id, q);
  }
}
