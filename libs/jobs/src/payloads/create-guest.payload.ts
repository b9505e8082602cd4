import { Type } from 'class-transformer';
import {
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import type { Userid } from '#envelope';
import {
  CPU_SHARE,
  DIRECTORY_NAME,
  DIRECTORY_TEXT,
  DISK_POOL,
  IPL_FROM,
  MAX_CPUS,
  MAX_MEMORY_MB,
  MEMORY_SIZE,
  PCI_FUNCTION,
  USERID,
  VDEV,
} from './patterns.js';

/** One minidisk to allocate, fully resolved by the api (pool, vdev and units chosen). */
export class ResolvedDisk {
  @Matches(VDEV) vdev!: string;
  @IsIn(['3390', '9336']) deviceType!: '3390' | '9336';
  @Matches(DISK_POOL) diskPool!: string;
  /** Cylinders (3390) or 512-byte blocks (9336). */
  @IsInt() @Min(1) @Max(2 ** 31 - 1) units!: number;
  /** File system to make, or `none`. */
  @IsString() format!: string;
  /** What the client asked for, echoed in the result list. */
  @IsString() size!: string;
  @IsOptional() @IsBoolean() isBootDisk?: boolean;
  /** Whether the client named a format (the result echoes it only then). */
  @IsBoolean() formatGiven!: boolean;
}

/** guest.create: everything resolved from request + configuration, so a retry is identical. */
export class CreateGuestPayload {
  @Matches(USERID) userid!: Userid;
  @IsInt() @Min(1) @Max(MAX_CPUS) vcpus!: number;
  /** Initial memory in MB. */
  @IsInt() @Min(1) @Max(MAX_MEMORY_MB) memory!: number;
  @Matches(USERID) userProfile!: string;
  @IsInt() @Min(1) @Max(64) maxCpu!: number;
  @Matches(MEMORY_SIZE) maxMem!: string;
  @IsArray() @ValidateNested({ each: true }) @Type(() => ResolvedDisk) disks!: ResolvedDisk[];
  /** A vdev, CMS or a saved system's name, one word (upper case). */
  @IsOptional() @IsString() @Matches(IPL_FROM) iplFrom?: string;
  @IsOptional() @IsString() @Matches(DIRECTORY_TEXT) iplParam?: string;
  @IsOptional() @IsString() @Matches(DIRECTORY_TEXT) iplLoadparam?: string;
  @IsOptional() @IsString() @Matches(DIRECTORY_TEXT) account?: string;
  @IsArray() @Matches(DIRECTORY_TEXT, { each: true }) comments!: string[];
  @IsArray() @Matches(VDEV, { each: true }) dedicateVdevs!: string[];
  @IsOptional() @IsString() loaddevPortname?: string;
  @IsOptional() @IsString() loaddevLun?: string;
  @IsOptional() @IsString() loaddevAlterdev?: string;
  @IsInt() @Min(0) @Max(10_000) shareUnit!: number;
  /** CPU pool the guest is scheduled in (`COMMAND SCHEDULE * WITHIN POOL`). */
  @IsOptional() @Matches(DIRECTORY_NAME) cpuPool?: string;
  /** SHARE operands given by the client, replacing the default relative share. */
  @IsOptional() @Matches(CPU_SHARE) share?: string;
  /** Relocation domain (`COMMAND SET VMRELOCATE * DOMAIN`). */
  @IsOptional() @Matches(DIRECTORY_NAME) relocationDomain?: string;
  /** PCI function `<fid>:<vdev>` attached at logon (`COMMAND ATTACH PCIF`). */
  @IsOptional() @Matches(PCI_FUNCTION) pciFunction?: string;
  @IsOptional() @IsString() logonBy?: string;
}
