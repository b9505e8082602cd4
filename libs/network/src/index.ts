// Networking (spec §4.6, §4.10): vswitches (./vswitches) and guest NICs and interfaces (./nics).
export {};
