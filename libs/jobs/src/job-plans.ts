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
const PUNCH = 'management guest: punch file';
const DIRECTORY_EDIT = [
  step('lock directory', 'Image_Lock_DM'),
  step('replace directory', 'Image_Replace_DM'),
];

/** The NIC steps of nic.create and interface.create (NicSteps.create). */
const nicCreate = (vdev: string, active: boolean): PlanStep[] => [
  step(`define NIC ${vdev} in directory`, 'Virtual_Network_Adapter_Create_Extended_DM'),
  ...(active
    ? [step(`define NIC ${vdev} in running guest`, 'Virtual_Network_Adapter_Create_Extended')]
    : []),
  step(`record NIC ${vdev}`),
];

/** The NIC steps of nic.delete and interface.delete (NicSteps.delete). */
const nicDelete = (vdev: string, active: boolean): PlanStep[] => [
  step(`delete NIC ${vdev} in directory`, 'Virtual_Network_Adapter_Delete_DM'),
  step(`remove NIC ${vdev} record`),
  ...(active
    ? [step(`delete NIC ${vdev} in running guest`, 'Virtual_Network_Adapter_Delete')]
    : []),
];

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
    step('delete user', 'Image_Delete_DM'),
    step('revoke from vswitches', 'Virtual_Network_Vswitch_Query', 'Virtual_Network_Vswitch_Set'),
    step('release FCPs'),
    step('forget guest'),
  ],
  'guest.start': powerOn,
  'guest.stop': powerOff,
  'guest.softstop': () => [
    step('shutdown os', IN_GUEST),
    step('deactivate', 'Image_Deactivate'),
    step('wait off', 'CP QUERY USER'),
  ],
  'guest.pause': () => [step('pause', 'Image_Pause')],
  'guest.unpause': () => [step('unpause', 'Image_Pause')],
  'guest.reboot': () => [step('reboot os', IN_GUEST)],
  'guest.reset': () => [...powerOff(), step('wait off', 'CP QUERY USER'), ...powerOn()],
  'guest.console-output': () => [step('collect console output', 'management guest: console log')],
  'guest.resize-cpus': () => [...DIRECTORY_EDIT],
  'guest.resize-mem': () => [...DIRECTORY_EDIT],
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
  'guest.deploy': () => [step('copy image', PUNCH), step('record os version')],
  'guest.capture': () => [
    step('capture disk', 'Image_Query_DM', 'management guest: create disk image'),
    step('record image'),
    step('restart guest', 'Image_Activate'),
  ],
  'guest.live-migrate': (p) =>
    p.action === 'test'
      ? [step('relocate test', 'VMRELOCATE TEST')]
      : [step('relocate', 'VMRELOCATE MOVE'), step('mark migrated')],
  'volume.attach': (p) => [
    step('count connections'),
    ...(p.isRootVolume
      ? []
      : [
          step('dedicate FCPs', ...p.fcps.map((f) => `Image_Device_Dedicate_DM ${f}`)),
          step('configure volume in guest', PUNCH, IN_GUEST),
        ]),
  ],
  'volume.detach': (p) => [
    step('count connections'),
    ...(p.isRootVolume || p.updateConnectionsOnly
      ? []
      : [
          step('remove volume in guest', PUNCH, IN_GUEST),
          step('undedicate FCPs', ...p.fcps.map((f) => `Image_Device_Undedicate_DM ${f}`)),
        ]),
  ],
  'volume.refresh-bootmap': () => [step('refresh bootmap', 'management guest: refresh bootmap')],
  'image.import': () => [step('fetch'), step('record')],
  'image.export': () => [step('copy')],
  'vswitch.create': () => [step('define vswitch', 'Virtual_Network_Vswitch_Create_Extended')],
  'vswitch.update': (p) => [
    step(`${p.change} ${p.userid}`, 'Virtual_Network_Vswitch_Set_Extended'),
  ],
  'vswitch.delete': () => [step('delete vswitch', 'Virtual_Network_Vswitch_Delete_Extended')],
  'nic.create': (p) => nicCreate(p.vdev ?? '(next free)', p.active),
  'nic.delete': (p) => nicDelete(p.vdev, p.active),
  'nic.couple': (p) => [
    step(`couple NIC ${p.vdev} in directory`, 'Virtual_Network_Adapter_Connect_Vswitch_DM'),
    ...(p.active
      ? [step(`couple NIC ${p.vdev} in running guest`, 'Virtual_Network_Adapter_Connect_Vswitch')]
      : []),
    step(`record NIC ${p.vdev} coupling`),
  ],
  'nic.uncouple': (p) => [
    step(`uncouple NIC ${p.vdev} in directory`, 'Virtual_Network_Adapter_Disconnect_DM'),
    step(`record NIC ${p.vdev} uncoupled`),
    ...(p.active
      ? [step(`uncouple NIC ${p.vdev} in running guest`, 'Virtual_Network_Adapter_Disconnect')]
      : []),
  ],
  'interface.create': (p) => [
    ...p.networks.flatMap((_, i) => nicCreate(`(NIC of network ${i})`, p.active)),
    step('punch network.doscript', PUNCH),
    ...(p.active ? [step('apply network configuration in guest', IN_GUEST)] : []),
  ],
  'interface.delete': (p) => [
    ...nicDelete(p.vdev, p.active),
    step(`punch DEL${p.vdev.toUpperCase().padStart(4, '0')}.sh`, PUNCH),
    ...(p.active ? [step('apply network configuration in guest', IN_GUEST)] : []),
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
