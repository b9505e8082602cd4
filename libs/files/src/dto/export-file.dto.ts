import { IsDefined, IsString, MinLength } from 'class-validator';

/** POST /files: which file of the file repository to send back. */
export class ExportFileBody {
  /** A path inside FILE_REPOSITORY: absolute, relative to it, or a `file://` URL. */
  @IsDefined() @IsString() @MinLength(1) source_file!: string;
}
