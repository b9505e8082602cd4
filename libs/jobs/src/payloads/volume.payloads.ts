import { ArrayMinSize, IsArray, IsBoolean, IsOptional, IsString, Matches } from 'class-validator';
import type { Userid } from '#envelope';
import { MOUNT_POINT, OS_VERSION, USERID } from './patterns.js';

/** One volume connection (spec §4.4), normalised: ids lower case, assigner upper case. */
export class VolumeConnectionPayload {
  @Matches(USERID) assignerId!: Userid;
  @IsArray() @ArrayMinSize(1) @Matches(/^[0-9a-f]{4}$/, { each: true }) fcps!: string[];
  @IsOptional() @IsString() fcpTemplateId?: string;
  @IsArray() @Matches(/^0x[0-9a-f]{16}$/, { each: true }) targetWwpns!: string[];
  @Matches(/^0x[0-9a-f]{16}$/) targetLun!: string;
  @Matches(OS_VERSION) osVersion!: string;
  @IsBoolean() multipath!: boolean;
  @IsOptional() @Matches(MOUNT_POINT) mountPoint?: string;
  @IsBoolean() isRootVolume!: boolean;
  @IsBoolean() updateConnectionsOnly!: boolean;
  /** Undo the completed phases in reverse when a later one fails (reference default true). */
  @IsBoolean() doRollback!: boolean;
}

/** volume_refresh_bootmap (spec §4.11): the root volume's paths, normalised lower case. */
export class RefreshBootmapPayload {
  @IsArray() @ArrayMinSize(1) @Matches(/^[0-9a-f]{4}$/, { each: true }) fcps!: string[];
  /** Target WWPNs without the `0x` prefix (as the management guest's script takes them). */
  @IsArray() @ArrayMinSize(1) @Matches(/^[0-9a-f]{16}$/, { each: true }) wwpns!: string[];
  /** LUN without the `0x` prefix. */
  @Matches(/^[0-9a-f]{16}$/) lun!: string;
  @IsString() wwid!: string;
  /** The RHCOS ignition file (the reference's transportfiles); absent when none. */
  @IsOptional() @IsString() transportfiles?: string;
  /** RHCOS network: first interface's `ip=` value and NIC ids; absent for other distros. */
  @IsOptional() @IsString() ipConfig?: string;
  @IsOptional() @IsString() nicId?: string;
  @IsOptional() @IsString() fcpTemplateId?: string;
}
