/** A piece of a file-system signature: bytes to write at an offset of the disk. */
export interface SignaturePart {
  offset: number;
  bytes: Buffer;
}

const EXT_SUPERBLOCK = 1024;
const EXT_MAGIC = 0xef53;
/** s_feature_compat HAS_JOURNAL (ext3, ext4) and s_feature_incompat EXTENTS (ext4). */
const HAS_JOURNAL = 0x4;
const EXTENTS = 0x40;

const label = (vdev: string, max: number): Buffer =>
  Buffer.from(`HV${vdev}`.slice(0, max).padEnd(max, '\0'), 'latin1');

function ext(kind: 'ext2' | 'ext3' | 'ext4', vdev: string): SignaturePart[] {
  const sb = Buffer.alloc(136);
  sb.writeUInt16LE(EXT_MAGIC, 56); // s_magic
  sb.writeUInt32LE(1, 76); // s_rev_level: dynamic, so the feature words count
  sb.writeUInt32LE(kind === 'ext2' ? 0 : HAS_JOURNAL, 92);
  sb.writeUInt32LE(kind === 'ext4' ? EXTENTS : 0, 96);
  label(vdev, 16).copy(sb, 120); // s_volume_name
  return [{ offset: EXT_SUPERBLOCK, bytes: sb }];
}

function xfs(vdev: string): SignaturePart[] {
  const sb = Buffer.alloc(120);
  sb.write('XFSB', 0, 'latin1'); // sb_magicnum
  sb.writeUInt32BE(4096, 4); // sb_blocksize
  label(vdev, 12).copy(sb, 108); // sb_fname
  return [{ offset: 0, bytes: sb }];
}

function swap(vdev: string): SignaturePart[] {
  const header = Buffer.alloc(44);
  header.writeUInt32LE(1, 0); // version
  label(vdev, 16).copy(header, 28); // volume name
  return [
    { offset: 1024, bytes: header },
    { offset: 4096 - 10, bytes: Buffer.from('SWAPSPACE2', 'latin1') },
  ];
}

/**
 * Where `mkfs`/`mkswap` would leave their marks (superblock magic and a label `HV<vdev>`), so a
 * formatted disk is recognisable (e.g. by blkid) and not all zeros. The simulator writes the
 * file system over the whole minidisk; no partition table.
 */
export function fsSignature(format: string, vdev: string): SignaturePart[] {
  switch (format) {
    case 'ext2':
    case 'ext3':
    case 'ext4':
      return ext(format, vdev);
    case 'xfs':
      return xfs(vdev);
    case 'swap':
      return swap(vdev);
    default:
      return [];
  }
}
