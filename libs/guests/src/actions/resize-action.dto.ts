import { IsDefined, IsInt, Matches, Max, Min } from 'class-validator';
import { MEMORY_SIZE } from '#jobs';

/** resize_cpus / live_resize_cpus: `cpu_cnt` must be a JSON integer 1–64 (reference §3). */
export class ResizeCpusActionDto {
  @IsDefined() @IsInt() @Min(1) @Max(64) cpu_cnt!: number;
}

/** resize_mem / live_resize_mem: `size` is 1–4 digits then M or G, e.g. `4096M`, `4G`. */
export class ResizeMemActionDto {
  @IsDefined() @Matches(MEMORY_SIZE) size!: string;
}
