import type { JobName, JobPayload } from './job-catalogue.js';

/** One step an operation would run, and the hypervisor functions it would call. */
export interface PlanStep {
  name: string;
  calls: string[];
}

/** A kind's steps for a payload, without running anything (dry run, issue #61). */
export type JobPlan<N extends JobName> = (p: JobPayload<N>) => PlanStep[];

const step = (name: string, ...calls: string[]): PlanStep => ({ name, calls });

// management-guest work: the script runs in the management guest, which calls no SMAPI
const IN_GUEST = 'management guest: execute in guest';
const DIRECTORY_EDIT = ['Image_Lock_DM', 'Image_Query_DM', 'Image_Replace_DM', 'Image_Unlock_DM'];

const powerOn = () => [step('activate', 'Image_Activate')];
const powerOff = () => [step('deactivate', 'Image_Deactivate')];

/**
 * The steps of every kind of the catalogue as its handler names them; a missing kind is a
 * compile error, so a new kind cannot be submitted without a plan.
 */
export const JOB_PLANS: { [N in JobName]: JobPlan<N> } = {
  'guest.create': (p) => [
    step('define user', 'Image_Create_DM'),
    step('record guest'),
    ...p.disks.flatMap((d) => [
      step(`create disk ${d.vdev}`, 'Image_Disk_Create_DM'),
      ...(d.format !== 'none' ? [step(`format disk ${d.vdev}`, IN_GUEST)] : []),
    ]),
  ],
  'guest.delete': () => [
    step('log off', 'Image_Deactivate'),
    step('revoke from vswitches', 'Virtual_Network_Vswitch_Query', 'Virtual_Network_Vswitch_Set'),
    step('release FCPs'),
    step('delete user', 'Image_Delete_DM'),
    step('forget guest'),
  ],
  'guest.start': powerOn,
  'guest.stop': powerOff,
  'guest.softstop': () => [
    step('deactivate', 'Image_Deactivate'),
    step('wait off', 'Image_Status_Query'),
  ],
  'guest.pause': () => [step('pause', 'Image_Pause')],
  'guest.unpause': () => [step('unpause', 'Image_Pause')],
  'guest.reboot': () => [step('reboot os', IN_GUEST)],
  'guest.reset': () => [...powerOff(), step('wait off', 'Image_Status_Query'), ...powerOn()],
  'guest.console-output': () => [step('collect console output', 'management guest: console log')],
  'guest.resize-cpus': () => [step('lock directory', ...DIRECTORY_EDIT)],
  'guest.resize-mem': () => [step('lock directory', ...DIRECTORY_EDIT)],
  'guest.add-disks': (p) =>
    p.disks.flatMap((d) => [
      step(`create disk ${d.vdev}`, 'Image_Disk_Create_DM'),
      ...(d.format !== 'none' ? [step(`format disk ${d.vdev}`, IN_GUEST)] : []),
    ]),
  'guest.delete-disks': (p) => p.vdevs.map((v) => step(`delete disk ${v}`, 'Image_Disk_Delete_DM')),
  'guest.config-disks': () => [step('run guest configuration', IN_GUEST)],
  'guest.grow-root-volume': () => [step('run guest configuration', IN_GUEST)],
  'guest.live-resize-cpus': () => [
    step('define cpus', 'Image_Query_DM', IN_GUEST),
    step('rescan cpus', IN_GUEST),
    step('enable cpus', IN_GUEST),
  ],
  'guest.live-resize-mem': () => [
    step('define standby storage', 'Image_Query_DM', IN_GUEST),
    step('online memory', IN_GUEST),
  ],
  'guest.deploy': () => [
    step('copy image', 'management guest: punch file'),
    step('record os version'),
  ],
  'guest.capture': () => [
    step('capture disk image', 'Image_Query_DM', IN_GUEST, 'management guest: create disk image'),
  ],
  'guest.live-migrate': () => [
    step('relocate test', 'VMRELOCATE'),
    step('relocate', 'VMRELOCATE'),
    step('mark migrated'),
  ],
  'volume.attach': (p) => [
    step('count connections'),
    ...(p.isRootVolume
      ? []
      : [
          step('dedicate FCPs', ...p.fcps.map((f) => `Image_Device_Dedicate_DM ${f}`)),
          step('configure volume in guest', 'management guest: punch file', IN_GUEST),
        ]),
  ],
  'volume.detach': (p) => [
    step('count connections'),
    ...(p.isRootVolume
      ? []
      : [
          step('configure volume in guest', 'management guest: punch file', IN_GUEST),
          step('undedicate FCPs', ...p.fcps.map((f) => `Image_Device_Undedicate_DM ${f}`)),
        ]),
  ],
  'volume.refresh-bootmap': () => [step('refresh bootmap', 'management guest: refresh bootmap')],
  'image.import': () => [step('copy image into the repository'), step('record image')],
  'image.export': () => [step('copy image out of the repository')],
  'vswitch.create': () => [step('create vswitch', 'Virtual_Network_Vswitch_Create_Extended')],
  'vswitch.update': () => [step('change vswitch', 'Virtual_Network_Vswitch_Set_Extended')],
  'vswitch.delete': () => [step('delete vswitch', 'Virtual_Network_Vswitch_Delete_Extended')],
  'nic.create': (p) => {
    const vdev = p.vdev ?? '(next free)';
    return [
      step(`define NIC ${vdev} in directory`, 'Virtual_Network_Adapter_Create_Extended_DM'),
      ...(p.active
        ? [step(`define NIC ${vdev} in running guest`, 'Virtual_Network_Adapter_Create_Extended')]
        : []),
      step(`record NIC ${vdev}`),
    ];
  },
  'nic.delete': (p) => [
    ...(p.active
      ? [step(`delete NIC ${p.vdev} in running guest`, 'Virtual_Network_Adapter_Delete')]
      : []),
    step(`delete NIC ${p.vdev} from directory`, 'Virtual_Network_Adapter_Delete_DM'),
    step(`remove NIC ${p.vdev} record`),
  ],
  'nic.couple': (p) => [
    step(`couple NIC ${p.vdev}`, 'Virtual_Network_Adapter_Connect_Vswitch_DM'),
    ...(p.active
      ? [step(`couple NIC ${p.vdev} in running guest`, 'Virtual_Network_Adapter_Connect_Vswitch')]
      : []),
    step(`record NIC ${p.vdev} coupled`),
  ],
  'nic.uncouple': (p) => [
    ...(p.active
      ? [step(`uncouple NIC ${p.vdev} in running guest`, 'Virtual_Network_Adapter_Disconnect')]
      : []),
    step(`uncouple NIC ${p.vdev}`, 'Virtual_Network_Adapter_Disconnect_DM'),
    step(`record NIC ${p.vdev} uncoupled`),
  ],
  'interface.create': (p) => [
    ...p.networks.map((_, i) =>
      step(`create NIC of network ${i}`, 'Virtual_Network_Adapter_Create_Extended_DM'),
    ),
    step('apply network configuration in guest', 'management guest: punch file', IN_GUEST),
  ],
  'interface.delete': (p) => [
    step('apply network configuration in guest', IN_GUEST),
    step(`delete NIC ${p.vdev}`, 'Virtual_Network_Adapter_Delete_DM'),
  ],
  'operations.prune': () => [step('delete ended operations past retention')],
  'operations.undo': () => [step('run the undo of the operation')],
  'drift.check': () => [
    step('compare hypervisor and database', 'Image_Name_Query_DM', 'System_WWPN_Query'),
  ],
  'drift.adopt': () => [step('adopt drift item')],
  'drift.forget': () => [step('forget drift item')],
};

/** The plan of one kind for its payload. */
export function planOf<N extends JobName>(kind: N, payload: JobPayload<N>): PlanStep[] {
  return (JOB_PLANS[kind] as JobPlan<N>)(payload);
}
