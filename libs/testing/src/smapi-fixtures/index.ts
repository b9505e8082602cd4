import { ADAPTER_FIXTURES } from './adapter.fixtures.js';
import { IMAGE_DIRECTORY_FIXTURES } from './image-directory.fixtures.js';
import { IMAGE_DISK_FIXTURES } from './image-disk.fixtures.js';
import { IMAGE_POWER_FIXTURES } from './image-power.fixtures.js';
import { SYSTEM_FIXTURES } from './system.fixtures.js';
import { VSWITCH_FIXTURES } from './vswitch.fixtures.js';
import type { WireFixture } from './wire.fixture.js';

export type { WireFixture } from './wire.fixture.js';
export { CALLER, REQUEST_ID } from './wire.bytes.js';

/** Every fixture, by function group (LAYOUTS.md names the reference file of each). */
export const SMAPI_FIXTURES: readonly WireFixture[] = [
  ...IMAGE_DIRECTORY_FIXTURES,
  ...IMAGE_POWER_FIXTURES,
  ...IMAGE_DISK_FIXTURES,
  ...SYSTEM_FIXTURES,
  ...VSWITCH_FIXTURES,
  ...ADAPTER_FIXTURES,
];
