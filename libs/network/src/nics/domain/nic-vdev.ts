import { Errors, ModID } from '#envelope';

const hex = (n: number): string => n.toString(16);

/** Whether `vdev` (3 devices from it) overlaps a NIC already at `used` (3 devices too). */
function overlaps(vdev: string, used: string): boolean {
  const v = parseInt(vdev, 16);
  const u = parseInt(used, 16);
  return Math.abs(v - u) <= 2;
}

/**
 * The device number of a new NIC, as the reference chooses it (smtclient _get_available_vdev,
 * reference §10 #9): the given one, unless it overlaps a NIC of the guest (409 rs 6); else the
 * configured default for the first NIC, then the highest existing number **as a string** + 3,
 * in lower-case hex without zero padding. A NIC needs 3 device numbers: past FFFD → 400.
 */
export function chooseNicVdev(
  userid: string,
  existing: readonly string[],
  given: string | undefined,
  defaultVdev: string,
): string {
  let vdev: string;
  if (existing.length === 0) vdev = given ?? defaultVdev;
  else if (given === undefined) {
    const highest = existing.reduce((a, b) => (b > a ? b : a));
    vdev = hex(parseInt(highest, 16) + 3);
  } else {
    if (existing.some((u) => overlaps(given, u))) {
      throw Errors.conflict(
        ModID.NETWORK,
        6,
        `Failed to create nic ${given} for guest ${userid}: ` +
          `The specified virtual device number ${given} has already been used.`,
      );
    }
    vdev = given;
  }
  if (vdev.length > 4 || hex(parseInt(vdev, 16) + 2).length > 4) {
    throw Errors.input(3, `Virtual device number ${vdev} is not valid`);
  }
  return vdev;
}
