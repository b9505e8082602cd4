import { IsOptional, IsString } from 'class-validator';

/** GET /guests/nics filters (reference schema: userid, nic_id, vswitch strings). */
export class NicsQuery {
  @IsOptional() @IsString() userid?: string;
  @IsOptional() @IsString() nic_id?: string;
  @IsOptional() @IsString() vswitch?: string;
}
