// Rules for object storage and file syncs: recursive deletes and bucket removal (aws s3, gsutil, gcloud
// storage, az storage, mc, rclone, s3cmd, azcopy) and syncs that delete what the source lacks (rsync --delete,
// aws s3 sync --delete, gsutil rsync -d, rclone sync, mc mirror --remove). Dry runs pass.
import { found, hasFlag, isDryRun, positionals, type Rule } from "./args.ts";

const AWS_VALUED = new Set([
  "--profile",
  "--region",
  "--endpoint-url",
  "--output",
  "--query",
  "--exclude",
  "--include",
]);
const AWS_STORAGE_DELETES = /^(delete-bucket|delete-objects|delete-bucket-policy)$/;

const aws: Rule = ([name, ...args]) => {
  if (name !== "aws" || isDryRun(args)) return undefined;
  const [service, verb] = positionals(args, AWS_VALUED);
  if (service === "s3") {
    if (verb === "rb") return found("bucket-remove", "aws s3 rb removes a bucket");
    if (verb === "rm" && hasFlag(args, "", ["--recursive"]))
      return found("storage-recursive-delete", "aws s3 rm --recursive deletes every object under the prefix");
    if (verb === "sync" && hasFlag(args, "", ["--delete"]))
      return found("sync-delete", "aws s3 sync --delete removes what the source lacks");
  }
  if (service === "s3api" && verb && AWS_STORAGE_DELETES.test(verb))
    return found("bucket-remove", `aws s3api ${verb} deletes bucket data`);
  return undefined;
};

const gsutil: Rule = ([name, ...args]) => {
  if (name !== "gsutil") return undefined;
  const words = positionals(args, new Set(["-o", "-h", "-u", "-p"]));
  const verb = words[0];
  const rest = args.slice(args.indexOf(verb ?? "") + 1);
  if (verb === "rb") return found("bucket-remove", "gsutil rb removes a bucket");
  if (
    verb === "rm" &&
    (hasFlag(rest, "r") || hasFlag(rest, "R") || hasFlag(rest, "a") || wholeBucket(words.slice(1)))
  )
    return found("storage-recursive-delete", "gsutil rm deletes every object it matches");
  if (verb === "rsync" && hasFlag(rest, "d") && !hasFlag(rest, "n"))
    return found("sync-delete", "gsutil rsync -d removes what the source lacks");
  return undefined;
};

/** `gs://bucket`, `gs://bucket/**`, `s3://bucket/*`: the whole bucket. */
function wholeBucket(targets: string[]): boolean {
  return targets.some(
    (target) => /^[a-z0-9]+:\/\/[^/]+(\/\*{1,2})?\/?$/.test(target) || target.endsWith("/**"),
  );
}

const gcloudStorage: Rule = ([name, ...args]) => {
  if (name !== "gcloud" || isDryRun(args)) return undefined;
  const words = positionals(args, new Set(["--project", "--format", "--account"]));
  const [group, verb, object] = /^(alpha|beta)$/.test(words[0] ?? "") ? words.slice(1) : words;
  if (group !== "storage") return undefined;
  if (verb === "rm" && (hasFlag(args, "r", ["--recursive"]) || wholeBucket(args)))
    return found("storage-recursive-delete", "gcloud storage rm deletes every object it matches");
  if (verb === "rsync" && args.includes("--delete-unmatched-destination-objects"))
    return found("sync-delete", "gcloud storage rsync removes what the source lacks");
  if (verb === "buckets" && object === "delete") return found("bucket-remove", "gcloud removes a bucket");
  return undefined;
};

const objectTools: Rule = ([name, ...args]) => {
  if (isDryRun(args)) return undefined;
  const verb = positionals(args, new Set(["--config", "-C"]))[0];
  if (name === "mc") {
    if (verb === "rb") return found("bucket-remove", "mc rb removes a bucket");
    if (verb === "rm" && hasFlag(args, "r", ["--recursive"]))
      return found("storage-recursive-delete", "mc rm --recursive");
    if (verb === "mirror" && args.includes("--remove"))
      return found("sync-delete", "mc mirror --remove deletes what the source lacks");
  }
  if (name === "rclone" && !hasFlag(args, "n")) {
    if (verb === "purge" || verb === "delete" || verb === "rmdirs")
      return found("storage-recursive-delete", `rclone ${verb} deletes every file under the path`);
    if (verb === "sync")
      return found("sync-delete", "rclone sync deletes destination files the source lacks");
  }
  if (name === "s3cmd") {
    if (verb === "rb") return found("bucket-remove", "s3cmd rb removes a bucket");
    if ((verb === "del" || verb === "rm") && hasFlag(args, "r", ["--recursive"]))
      return found("storage-recursive-delete", "s3cmd deletes every object under the prefix");
    if (verb === "sync" && args.includes("--delete-removed"))
      return found("sync-delete", "s3cmd sync --delete-removed");
  }
  if (name === "azcopy") {
    if ((verb === "remove" || verb === "rm") && args.some((arg) => /^--recursive(=true)?$/.test(arg)))
      return found("storage-recursive-delete", "azcopy removes every blob under the path");
    if (verb === "sync" && args.some((arg) => /^--delete-destination(=true)?$/i.test(arg)))
      return found("sync-delete", "azcopy sync deletes what the source lacks");
  }
  return undefined;
};

const rsync: Rule = ([name, ...args]) => {
  if (name !== "rsync" || hasFlag(args, "n", ["--dry-run", "--list-only"])) return undefined;
  const deletes = args.find((arg) => /^--(del|delete(-\w+)?)$/.test(arg));
  return deletes ? found("sync-delete", `rsync ${deletes} deletes files in the destination`) : undefined;
};

export const STORAGE_RULES: Rule[] = [aws, gsutil, gcloudStorage, objectTools, rsync];
