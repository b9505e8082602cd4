import { Type } from 'class-transformer';
import {
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import {
  CPU_SHARE,
  DIRECTORY_NAME,
  DIRECTORY_TEXT,
  IPL_FROM,
  MAX_CPUS,
  MAX_MEMORY_MB,
  MEMORY_SIZE,
  PCI_FUNCTION,
  USERID,
  VDEV,
} from '#jobs';

/** Free text reaching the user directory: one statement, never two. */
const TEXT = (field: string) => ({ message: `${field} must not contain control characters` });
const TEXT_EACH = (field: string) => ({ ...TEXT(field), each: true });
import { Boolish, Integerish } from '#envelope';

export const DISK_FORMATS = ['ext2', 'ext3', 'ext4', 'xfs', 'swap', 'none'] as const;

export class DiskSpecDto {
  @IsDefined()
  @IsString()
  @Matches(/^\s*\d{1,10}(\.\d{1,6})?\s*[mMgG]?\s*$/, {
    message: 'size must be <n>M, <n>G or a number of cylinders or blocks',
  })
  size!: string;
  @IsOptional()
  @IsIn(DISK_FORMATS, { message: `format must be one of ${DISK_FORMATS.join(', ')}` })
  format?: string;
  @IsOptional() @Boolish() @IsBoolean() is_boot_disk?: boolean;
  @IsOptional()
  @IsString()
  @Matches(VDEV, { message: 'vdev must be 1 to 4 hexadecimal digits' })
  vdev?: string;
  @IsOptional()
  @IsString()
  @Matches(/^\w+:\w+$/, { message: 'disk_pool must be <type>:<pool>' })
  disk_pool?: string;
}

export class LoaddevDto {
  @IsOptional() @IsString() @Matches(/^[0-9a-fA-F]{1,16}$/) portname?: string;
  @IsOptional() @IsString() @Matches(/^[0-9a-fA-F]{1,16}$/) lun?: string;
  @IsOptional()
  @IsString()
  @Matches(/^[0-9a-fA-F]{1,4}$/, { message: 'alterdev must be 1 to 4 hexadecimal digits' })
  alterdev?: string;
}

export class CreateGuestDto {
  @IsDefined()
  @IsString()
  @Matches(USERID, { message: "userid does not match '^[a-zA-Z0-9]{1,8}$'" })
  userid!: string;
  @IsDefined() @Integerish() @IsInt() @Min(1) @Max(MAX_CPUS) vcpus!: number;
  @IsDefined() @Integerish() @IsInt() @Min(1) @Max(MAX_MEMORY_MB) memory!: number;
  @IsOptional()
  @ValidateIf((_, v) => v !== null && v !== '')
  @IsString()
  @Matches(USERID)
  user_profile?: string | null;
  @IsOptional()
  @IsArray()
  @ValidateNested({ each: true })
  @Type(() => DiskSpecDto)
  disk_list?: DiskSpecDto[];
  @IsOptional() @IsInt() @Min(1) @Max(64) max_cpu?: number;
  @IsOptional()
  @IsString()
  @Matches(MEMORY_SIZE, { message: 'max_mem must be 1 to 4 digits and M or G' })
  max_mem?: string;
  @IsOptional()
  @IsString()
  @Length(0, 255)
  @Matches(IPL_FROM, { message: 'ipl_from must be one word, without blanks or control characters' })
  ipl_from?: string;
  @IsOptional()
  @IsString()
  @Length(0, 255)
  @Matches(DIRECTORY_TEXT, TEXT('ipl_param'))
  ipl_param?: string;
  @IsOptional()
  @IsString()
  @Length(0, 255)
  @Matches(DIRECTORY_TEXT, TEXT('ipl_loadparam'))
  ipl_loadparam?: string;
  @IsOptional() @IsArray() @ArrayUnique() @Matches(VDEV, { each: true }) dedicate_vdevs?: string[];
  @IsOptional() @IsObject() @ValidateNested() @Type(() => LoaddevDto) loaddev?: LoaddevDto;
  @IsOptional()
  @IsString()
  @Length(0, 128)
  @Matches(DIRECTORY_TEXT, TEXT('account'))
  account?: string;
  /** Spec name of the directory comments. */
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Matches(DIRECTORY_TEXT, TEXT_EACH('comment_list'))
  comment_list?: string[];
  /** Wire name the reference accepts for the same list. */
  @IsOptional()
  @IsArray()
  @IsString({ each: true })
  @Matches(DIRECTORY_TEXT, TEXT_EACH('comments'))
  comments?: string[];
  /** CPU pool to schedule the guest in (reference §3: 1 to 8 word characters). */
  @IsOptional()
  @IsString()
  @Matches(DIRECTORY_NAME, { message: 'cschedule must be 1 to 8 letters, digits or _' })
  cschedule?: string;
  /** SHARE setting, replacing the configured default relative share. */
  @IsOptional()
  @IsString()
  @Matches(CPU_SHARE, {
    message: 'cshare must be ABSolute <1-100>[.n]% or RELative <1-10000>',
  })
  cshare?: string;
  /** Relocation domain of the guest in an SSI cluster. */
  @IsOptional()
  @IsString()
  @Matches(DIRECTORY_NAME, { message: 'rdomain must be 1 to 8 letters, digits or _' })
  rdomain?: string;
  /**
   * PCI function to attach at logon, `<function id>:<vdev>`. The reference's schema
   * (`^\w{,9}$`) refuses the colon its own code requires, so it accepts no value; we accept
   * the form its code asks for.
   */
  @IsOptional()
  @IsString()
  @Matches(PCI_FUNCTION, { message: 'pcif must be <dev>:<dev>, 1 to 4 hexadecimal digits each' })
  pcif?: string;
}

/** POST /guests body: the fields wrapped in `guest`. */
export class CreateGuestBody {
  @IsDefined() @IsObject() @ValidateNested() @Type(() => CreateGuestDto) guest!: CreateGuestDto;
}
