/** The simulated machine: what System_Info_Query reports besides what the users consume. */
export const SYSTEM = {
  hypervisorVersion: 'z/VM 7.2.0',
  cecModel: '8561',
  architecture: 's390x',
  cpus: 16,
  memoryMb: 262_144,
  domain: 'hvsim.example.com',
} as const;
