import { IsInt, Matches, Max, Min } from 'class-validator';
import type { Userid } from '#envelope';
import { MEMORY_SIZE, USERID } from './patterns.js';

/** resize_cpus / live_resize_cpus: the CPU count wanted (reference §3: 1–64). */
export class ResizeCpusPayload {
  @Matches(USERID) userid!: Userid;
  @IsInt() @Min(1) @Max(64) cpuCnt!: number;
}

/** resize_mem / live_resize_mem: the memory wanted, e.g. `4G` (1–4 digits, then M or G). */
export class ResizeMemPayload {
  @Matches(USERID) userid!: Userid;
  @Matches(MEMORY_SIZE) size!: string;
}
