import { Type } from 'class-transformer';
import {
  IsDefined,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  ValidateNested,
} from 'class-validator';
import { REMOTE_HOST } from '#jobs';
import { IMAGE_URL } from '../domain/image-url.js';
import { doesNotMatch } from './messages.js';

export class ExportLocationDto {
  /** `file:///<path>`: inside IMAGE_EXPORT_DIRS, or a path on remote_host. */
  @IsDefined()
  @IsString()
  @Matches(IMAGE_URL, { message: doesNotMatch(IMAGE_URL) })
  dest_url!: string;
  @IsOptional()
  @IsString()
  @Matches(REMOTE_HOST, { message: doesNotMatch(REMOTE_HOST) })
  remote_host?: string;
}

/** PUT /images/{name} body: the fields wrapped in `location`. */
export class ExportImageBody {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => ExportLocationDto)
  location!: ExportLocationDto;
}
