/** Module ids of the reference (zvmsdk/returncode.py ModRCs). */
export const ModID = {
  SMT: 1,
  GUEST: 10,
  NETWORK: 20,
  VOLUME: 30,
  IMAGE: 40,
  MONITOR: 50,
  FILE: 60,
  SDKSERVER: 100,
  SDKCLIENT: 110,
  REST: 120,
  SDK: 400,
} as const;

export type ModIDValue = (typeof ModID)[keyof typeof ModID];
