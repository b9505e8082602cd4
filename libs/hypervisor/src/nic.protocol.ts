// NIC query shapes of the simulator transport's protocol (see protocol.ts).

/** One NIC of the running guest (Virtual_Network_Adapter_Query_Extended). */
export interface AdapterInfo {
  /** Device number, 4 upper-case hex digits. */
  vdev: string;
  type: 'QDIO';
  /** `02` coupled to a LAN/vswitch and usable, `00` not coupled. */
  status: string;
  /** `SYSTEM` for vswitches; '' while uncoupled. */
  lanOwner: string;
  lanName: string;
  /** 12 upper-case hex digits, no separators. */
  macAddress: string;
  /** The IP address the guest OS registered on the MAC, when it has one. */
  ipAddress?: string;
  ipVersion?: '4' | '6';
}

export interface AdapterQueryOutput {
  adapters: AdapterInfo[];
}

/** Counters of one NIC coupled to a vswitch (Virtual_Network_Vswitch_Query_Byte_Stats). */
export interface NicByteStats {
  userid: string;
  /** Device number, 4 upper-case hex digits. */
  vdev: string;
  framesRx: number;
  framesTx: number;
  framesRxDiscarded: number;
  framesTxDiscarded: number;
  framesRxErrors: number;
  framesTxErrors: number;
  bytesRx: number;
  bytesTx: number;
}

export interface VswitchByteStatsOutput {
  vswitches: { name: string; nics: NicByteStats[] }[];
}
