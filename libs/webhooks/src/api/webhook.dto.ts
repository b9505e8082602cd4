import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MaxLength,
  ValidateNested,
  type ValidationArguments,
} from 'class-validator';
import { pyRepr } from '#envelope';
import { SUBSCRIBABLE } from '../domain/events.js';

const notOneOf = ({ value }: ValidationArguments): string =>
  `${pyRepr(value)} is not one of ${pyRepr(SUBSCRIBABLE)}`;

/** The fields of a subscription. */
export class WebhookDto {
  @IsString() @MaxLength(2048) url!: string;

  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SUBSCRIBABLE.length)
  @IsIn(SUBSCRIBABLE, { each: true, message: notOneOf })
  events!: string[];

  /** Operation kinds (`guest.deploy`, …); none: every kind. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @Matches(/^[a-z-]+\.[a-z-]+$/, { each: true })
  kinds?: string[];

  /** Guest userids the operations target; none: every operation. */
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(1000)
  @Matches(/^[A-Za-z0-9@#$+-]{1,8}$/, { each: true })
  userids?: string[];
}

/** POST /webhooks body: the fields wrapped in `webhook`. */
export class CreateWebhookBody {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => WebhookDto)
  webhook!: WebhookDto;
}

/** GET /webhooks/{id}/deliveries paging, as /operations pages. */
export class DeliveriesQuery {
  @IsOptional() @Type(() => Number) @IsInt() @Min(1) @Max(1000) limit?: number;
  @IsOptional() @IsString() cursor?: string;
}
