/** The simulated machine: what System_Info_Query reports besides what the users consume. */
export const SYSTEM = {
  hypervisorVersion: 'z/VM 7.2.0',
  cecModel: '8561',
  manufacturer: 'IBM',
  /** When CP was generated, as QUERY CPLEVEL prints it. */
  cpGenerated: '01/05/26 09:00:00 UTC',
  architecture: 's390x',
  cpus: 16,
  memoryMb: 262_144,
  domain: 'hvsim.example.com',
} as const;
