import type { Envelope } from '#envelope';
import { CreateGuestPayload } from './payloads/create-guest.payload.js';
import { GuestTargetPayload } from './payloads/guest-target.payload.js';
import { LiveMigratePayload } from './payloads/live-migrate.payload.js';
import { ResizeCpusPayload, ResizeMemPayload } from './payloads/guest-resize.payload.js';
import {
  AddDisksPayload,
  ConfigDisksPayload,
  DeleteDisksPayload,
} from './payloads/guest-disks.payload.js';
import { GrowRootVolumePayload } from './payloads/grow-root.payload.js';
import { PruneOperationsPayload } from './payloads/prune-operations.payload.js';
import { UndoOperationPayload } from './payloads/undo-operation.payload.js';
import { DriftCheckPayload, DriftDecisionPayload } from './payloads/drift.payloads.js';
import {
  CapturePayload,
  DeployPayload,
  ExportImagePayload,
  ImportImagePayload,
} from './payloads/image.payloads.js';
import { RefreshBootmapPayload, VolumeConnectionPayload } from './payloads/volume.payloads.js';
import {
  VswitchCreatePayload,
  VswitchNamePayload,
  VswitchUpdatePayload,
} from './payloads/vswitch.payloads.js';
import {
  CoupleNicPayload,
  CreateInterfacePayload,
  CreateNicPayload,
  DeleteInterfacePayload,
  DeleteNicPayload,
} from './payloads/nic.payloads.js';
import type { QueueName } from './queues.js';

type Class<T> = new () => T;

/** One entry of the catalogue; `R` is the type of the result envelope's `output`. */
export interface JobDefinition<P extends object, R> {
  readonly queue: QueueName;
  readonly payload: Class<P>;
  /** Guest userid the operation targets, read from the payload (per-guest history, locks). */
  readonly target: (p: P) => string | null;
  /** Attempts for retryable (transport) failures; hypervisor refusals never retry. */
  readonly attempts: number;
  /** Human summary for listings and the dashboard. */
  readonly title: string;
  /** Housekeeping run by the workers' schedule: no operation record, no client waits. */
  readonly system?: boolean;
  /** Phantom: carries the result type for typed callers. */
  readonly __result?: R;
}

function job<P extends object, R>(def: Omit<JobDefinition<P, R>, '__result'>): JobDefinition<P, R> {
  return def;
}

/**
 * An operation on one guest: targets the payload's userid, on the guest-lifecycle queue with
 * 3 attempts unless said otherwise (the fields 20-odd entries would otherwise repeat).
 */
function guestJob<P extends { userid: string }, R>(
  payload: Class<P>,
  title: string,
  opts: { queue?: QueueName; attempts?: number } = {},
): JobDefinition<P, R> {
  const { queue = 'guest-lifecycle', attempts = 3 } = opts;
  return job<P, R>({ queue, payload, target: (p) => p.userid, attempts, title });
}

/** A guest-lifecycle operation whose payload is just the userid and whose output is empty. */
const guestLifecycle = (title: string) =>
  guestJob<GuestTargetPayload, ''>(GuestTargetPayload, title);

/** Operation target (turn line, history key) of a vswitch. */
export const vswitchTarget = (name: string): string => `VSWITCH:${name.toUpperCase()}`;

/** Output of PUT /images/{name} (spec §4.9). */
export interface ImageExportResult {
  image_name: string;
  image_path: string;
  os_version: string;
  md5sum: string;
}

export interface DiskResult {
  vdev: string;
  size: string;
  format?: string;
  is_boot_disk?: boolean;
  disk_pool: string;
}

/** Output of drift.adopt and drift.forget: the item decided on, and how. */
export interface DriftDecisionResult {
  kind: string;
  id: string;
  decision: 'adopted' | 'forgotten';
}

/** Output of drift.check: the items found (forgotten ones left out), by kind. */
export type DriftCheckResult = Record<string, number>;

/** An operator's decision on a drift item: in its guest's line when it is about one. */
const driftJob = (title: string) =>
  job<DriftDecisionPayload, DriftDecisionResult>({
    queue: 'guest-lifecycle',
    payload: DriftDecisionPayload,
    target: (p) => p.userid ?? null,
    // it checks the item is still drift first: a retry after it acted would find it resolved
    attempts: 1,
    title,
  });

/** A NIC or interface change of one guest, on the network queue in the guest's order. */
const nicJob = <P extends { userid: string }, R>(payload: Class<P>, title: string, attempts = 3) =>
  guestJob<P, R>(payload, title, { queue: 'network', attempts });

/**
 * The job catalogue: job name → queue → payload → result. Producers and workers go through
 * it; nothing else spells a job or queue name. Names are `noun.verb`.
 */
export const JOB_CATALOGUE = {
  'guest.create': guestJob<CreateGuestPayload, DiskResult[]>(CreateGuestPayload, 'Create guest'),
  'guest.delete': guestLifecycle('Delete guest'),
  'guest.start': guestLifecycle('Start guest'),
  'guest.stop': guestLifecycle('Stop guest'),
  'guest.softstop': guestLifecycle('Shut down and stop guest'),
  'guest.pause': guestLifecycle('Pause guest'),
  'guest.unpause': guestLifecycle('Unpause guest'),
  'guest.reboot': guestLifecycle('Reboot guest OS'),
  'guest.reset': guestLifecycle('Reset guest'),
  'guest.console-output': guestJob<GuestTargetPayload, string>(
    GuestTargetPayload,
    'Collect guest console output',
  ),
  'guest.resize-cpus': guestJob<ResizeCpusPayload, ''>(
    ResizeCpusPayload,
    'Resize guest CPUs (directory)',
  ),
  'guest.add-disks': guestJob<AddDisksPayload, DiskResult[]>(
    AddDisksPayload,
    'Add minidisks to guest',
  ),
  'guest.delete-disks': guestJob<DeleteDisksPayload, ''>(
    DeleteDisksPayload,
    'Delete minidisks of guest',
  ),
  'guest.config-disks': guestJob<ConfigDisksPayload, ''>(
    ConfigDisksPayload,
    'Configure file systems and mount points of guest disks',
  ),
  'guest.grow-root-volume': guestJob<GrowRootVolumePayload, ''>(
    GrowRootVolumePayload,
    'Grow the root file system of guest',
  ),
  'guest.live-resize-cpus': guestJob<ResizeCpusPayload, ''>(
    ResizeCpusPayload,
    'Resize CPUs of running guest',
  ),
  'guest.live-resize-mem': guestJob<ResizeMemPayload, ''>(
    ResizeMemPayload,
    'Resize memory of running guest',
  ),
  'guest.resize-mem': guestJob<ResizeMemPayload, ''>(
    ResizeMemPayload,
    'Resize guest memory (directory)',
  ),
  'guest.deploy': guestJob<DeployPayload, ''>(DeployPayload, 'Deploy image to guest', {
    queue: 'guest-image',
    attempts: 2,
  }),
  'guest.capture': guestJob<CapturePayload, ''>(CapturePayload, 'Capture guest to image', {
    queue: 'guest-image',
    attempts: 2,
  }),
  // a MOVE whose answer was lost may have happened: retrying it would fail ("already on")
  'guest.live-migrate': guestJob<LiveMigratePayload, ''>(LiveMigratePayload, 'Live-migrate guest', {
    queue: 'guest-migration',
    attempts: 1,
  }),
  // On the guest's queue so attach/detach of one guest run one at a time (reference §8.2).
  'volume.attach': job<VolumeConnectionPayload, ''>({
    queue: 'guest-lifecycle',
    payload: VolumeConnectionPayload,
    target: (p) => p.assignerId,
    // the database phase is not idempotent outside its recorded step: retries resume after it
    attempts: 2,
    title: 'Attach volume to guest',
  }),
  'volume.detach': job<VolumeConnectionPayload, ''>({
    queue: 'guest-lifecycle',
    payload: VolumeConnectionPayload,
    target: (p) => p.assignerId,
    attempts: 2,
    title: 'Detach volume from guest',
  }),
  // No guest yet (boot from volume before deploy): serialised only by the management guest.
  'volume.refresh-bootmap': job<RefreshBootmapPayload, Record<string, string[]>>({
    queue: 'guest-lifecycle',
    payload: RefreshBootmapPayload,
    target: () => null,
    // the script gives its FCPs back on every exit, so running it again is safe
    attempts: 2,
    title: 'Refresh boot map of volume',
  }),
  'image.import': job<ImportImagePayload, ''>({
    queue: 'image-repository',
    payload: ImportImagePayload,
    target: () => null,
    attempts: 2,
    title: 'Import image',
  }),
  'image.export': job<ExportImagePayload, ImageExportResult>({
    queue: 'image-repository',
    payload: ExportImagePayload,
    target: () => null,
    attempts: 2,
    title: 'Export image',
  }),
  // Vswitches are system objects: serialised per switch through their own turn line (a `:`
  // cannot appear in a userid, so the key never meets a guest's).
  'vswitch.create': job<VswitchCreatePayload, ''>({
    queue: 'network',
    payload: VswitchCreatePayload,
    target: (p) => vswitchTarget(p.name),
    attempts: 3,
    title: 'Create vswitch',
  }),
  'vswitch.update': job<VswitchUpdatePayload, ''>({
    queue: 'network',
    payload: VswitchUpdatePayload,
    target: (p) => vswitchTarget(p.name),
    attempts: 3,
    title: 'Change vswitch access (grant, revoke, user VLAN)',
  }),
  'vswitch.delete': job<VswitchNamePayload, ''>({
    queue: 'network',
    payload: VswitchNamePayload,
    target: (p) => vswitchTarget(p.name),
    attempts: 3,
    title: 'Delete vswitch',
  }),
  'nic.create': nicJob<CreateNicPayload, string>(CreateNicPayload, 'Create guest NIC'),
  'nic.delete': nicJob<DeleteNicPayload, ''>(DeleteNicPayload, 'Delete guest NIC'),
  'nic.couple': nicJob<CoupleNicPayload, ''>(CoupleNicPayload, 'Couple NIC to vswitch'),
  'nic.uncouple': nicJob<CoupleNicPayload, ''>(CoupleNicPayload, 'Uncouple NIC from vswitch'),
  // one attempt: a retry would choose new device numbers for NICs the first attempt recorded
  'interface.create': nicJob<CreateInterfacePayload, Record<string, unknown>[]>(
    CreateInterfacePayload,
    'Create guest network interfaces',
    1,
  ),
  'interface.delete': nicJob<DeleteInterfacePayload, ''>(
    DeleteInterfacePayload,
    'Delete guest network interface',
  ),
  'operations.prune': job<PruneOperationsPayload, { deleted: number }>({
    queue: 'maintenance',
    payload: PruneOperationsPayload,
    target: () => null,
    attempts: 1,
    title: 'Prune ended operations past retention',
    system: true,
  }),
  // POST /operations/{id}/resolve: the api has no unwinder, a worker runs the undo
  'operations.undo': job<UndoOperationPayload, { undone: boolean }>({
    queue: 'maintenance',
    payload: UndoOperationPayload,
    target: () => null,
    attempts: 1,
    title: 'Retry the undo of a needs_attention operation',
    system: true,
  }),
  'drift.check': job<DriftCheckPayload, DriftCheckResult>({
    queue: 'maintenance',
    payload: DriftCheckPayload,
    target: () => null,
    attempts: 1,
    title: 'Compare the hypervisor with the database and log what changed',
    system: true,
  }),
  'drift.adopt': driftJob('Adopt a drift item: the database takes what the hypervisor has'),
  'drift.forget': driftJob('Forget a drift item: leave it as it is and stop reporting it'),
} as const;

export type JobCatalogue = typeof JOB_CATALOGUE;
export type JobName = keyof JobCatalogue;
export type JobPayload<N extends JobName> =
  JobCatalogue[N] extends JobDefinition<infer P, infer _R> ? P : never;
export type JobResult<N extends JobName> =
  JobCatalogue[N] extends JobDefinition<infer _P, infer R> ? R : never;
export type JobEnvelope<N extends JobName> = Envelope<JobResult<N>>;

export const JOB_NAMES = Object.keys(JOB_CATALOGUE) as JobName[];

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOB_CATALOGUE, name);
}

export function jobsOfQueue(queue: QueueName): JobName[] {
  return JOB_NAMES.filter((n) => JOB_CATALOGUE[n].queue === queue);
}
