// Rules for disks and volumes: making filesystems on devices, signature and partition-table wipes, writing
// raw data onto a device (dd, redirects), shredding, discarding blocks, destroying pools and volumes.
// Their listing forms (`fdisk -l`, `sgdisk -p`, `wipefs` without -a, `parted print`) pass.
import { found, hasFlag, type Rule } from "./args.ts";

export const BLOCK_DEVICE = /^\/dev\/(sd|hd|vd|xvd|nvme|mmcblk|disk|md|dm-|mapper\/|loop|rdisk)/;

/** On a device (or a variable that may name one); `mkswap /swapfile` and `mkfs.ext4 disk.img` pass. */
const makeFilesystem: Rule = ([name, ...args]) => {
  if (name === undefined || !/^(mkfs(\..+)?|mke2fs|mkswap|mkdosfs|mkntfs)$/.test(name)) return undefined;
  return args.some((arg) => arg.startsWith("/dev/") || arg.startsWith("$"))
    ? found(`disk-${name.split(".")[0]}`, `${name} destroys data on its target`)
    : undefined;
};

const LISTING = [
  "-l",
  "--list",
  "-s",
  "--show-size",
  "-d",
  "--dump",
  "-J",
  "--json",
  "-p",
  "--print",
  "-v",
  "--verify",
  "-V",
  "--version",
];
const SGDISK_WRITES =
  /^(-[A-Za-z]*[ZzodnN][A-Za-z]*|--zap(-all)?|--clear|--delete|--new|--largest-new|--mbrtogpt)(=.*)?$/;
const PARTED_WRITES = /^(mklabel|mktable|rm|mkpart|mkpartfs|resizepart|rescue)$/;

const partitions: Rule = ([name, ...args]) => {
  switch (name) {
    case "wipefs":
      return hasFlag(args, "a", ["--all", "--offset"]) || hasFlag(args, "o")
        ? hasFlag(args, "n", ["--no-act"])
          ? undefined
          : found("disk-wipefs", "wipefs erases filesystem and partition-table signatures")
        : undefined;
    case "sgdisk":
    case "gdisk":
      return args.some((arg) => SGDISK_WRITES.test(arg)) ||
        (name === "gdisk" && !args.some((arg) => LISTING.includes(arg)))
        ? found("disk-partition-table", `${name} rewrites or destroys the partition table`)
        : undefined;
    case "fdisk":
    case "sfdisk":
    case "cfdisk":
      return args.some((arg) => LISTING.includes(arg))
        ? undefined
        : found("disk-partition-table", `${name} rewrites the partition table`);
    case "parted":
      return args.some((arg) => PARTED_WRITES.test(arg))
        ? found("disk-partition-table", "parted rewrites the partition table")
        : undefined;
    default:
      return undefined;
  }
};

const eraseTools: Rule = ([name, ...args]) => {
  if (name === "shred" || name === "blkdiscard")
    return found(`disk-${name}`, `${name} destroys data on its target`);
  if (name === "hdparm" && args.some((arg) => arg.startsWith("--security-erase")))
    return found("disk-secure-erase", "hdparm erases the whole drive");
  if (name === "cryptsetup" && args.some((arg) => /^(luksFormat|erase|luksErase)$/.test(arg)))
    return found("disk-cryptsetup", "cryptsetup formats or erases the volume's keys");
  if ((name === "zfs" || name === "zpool") && args.some((arg) => arg === "destroy" || arg === "labelclear"))
    return found("disk-pool-destroy", `${name} destroys a pool or dataset`);
  if (name !== undefined && /^(lvremove|vgremove|pvremove)$/.test(name))
    return found("disk-volume-remove", `${name} removes a logical volume layer`);
  if (name === "dd") {
    const target = args.find((arg) => arg.startsWith("of="))?.slice(3);
    if (target && BLOCK_DEVICE.test(target)) return found("dd-device", `dd overwrites the device ${target}`);
  }
  return undefined;
};

const redirects: Rule = (_argv, { source }) => {
  const device = source.writesTo.find((target) => BLOCK_DEVICE.test(target));
  return device ? found("redirect-device", `output written onto the device ${device}`) : undefined;
};

/** macOS diskutil's erasing verbs (`eraseDisk`, `zeroDisk`, `secureErase`, `apfs deleteVolume` …). */
const DISKUTIL_ERASE =
  /^(erase(disk|volume|cd)?|zerodisk|randomdisk|secureerase|reformat|partitiondisk|delete(container|volume)|splitpartition|mergepartitions)$/i;

const diskutil: Rule = ([name, ...args]) => {
  if (name !== "diskutil") return undefined;
  const verb = args.filter((arg) => !arg.startsWith("-")).find((arg) => DISKUTIL_ERASE.test(arg));
  return verb ? found("disk-diskutil", `diskutil ${verb} erases a disk or volume`) : undefined;
};

export const DISK_RULES: Rule[] = [makeFilesystem, partitions, eraseTools, redirects, diskutil];
