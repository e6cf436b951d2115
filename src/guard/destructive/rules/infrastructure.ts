// Rules for infrastructure teardown: terraform/tofu/terragrunt/cdktf destroy and apply -destroy, pulumi
// destroy and stack rm, cdk/serverless/sam teardown, and the cloud CLIs' project, resource-group, stack,
// database and cluster deletions. Plans, previews, listings and dry runs pass.
import { found, hasFlag, isDryRun, positionals, type Rule } from "./args.ts";

const TERRAFORM = new Set(["terraform", "tofu", "terragrunt", "cdktf", "terraform-bin"]);

const terraform: Rule = ([name, ...args]) => {
  if (name === undefined || !TERRAFORM.has(name)) return undefined;
  const words = positionals(args, new Set(["-var", "-var-file", "-target"]));
  const verb = words[0] === "run-all" || words[0] === "run" ? words[1] : words[0];
  if (verb === "destroy" || verb === "destroy-all")
    return found("iac-destroy", `${name} destroy tears down every managed resource`);
  if (verb === "apply" && hasFlag(args, "", ["-destroy", "--destroy"]))
    return found("iac-destroy", `${name} apply -destroy tears down every managed resource`);
  if (
    (verb === "workspace" && words[1] === "delete") ||
    (verb === "state" && /^(rm|remove)$/.test(words[1] ?? ""))
  )
    return found("iac-state-delete", `${name} ${verb} ${words[1]} deletes state it cannot rebuild`);
  return undefined;
};

const pulumi: Rule = ([name, ...args]) => {
  if (name !== "pulumi" || isDryRun(args)) return undefined;
  const [verb, object] = positionals(args, new Set(["-s", "--stack", "-C", "--cwd"]));
  if (verb === "destroy" || verb === "down")
    return found("iac-destroy", "pulumi destroy tears down the stack");
  if (verb === "stack" && (object === "rm" || object === "remove"))
    return found("iac-destroy", "pulumi stack rm deletes the stack and its state");
  return undefined;
};

const teardowns: Rule = ([name, ...args]) => {
  const [verb, object] = positionals(
    args,
    new Set(["--stage", "-s", "--region", "-r", "--profile", "--app"]),
  );
  if (((name === "cdk" || name === "aws-cdk") && verb === "destroy") || (name === "sam" && verb === "delete"))
    return found("iac-destroy", `${name} ${verb} deletes the deployed stacks`);
  if ((name === "serverless" || name === "sls") && verb === "remove")
    return found("iac-destroy", `${name} remove deletes the deployed service`);
  if (name === "eksctl" && verb === "delete" && object === "cluster")
    return found("cloud-delete", "eksctl deletes a cluster");
  if (
    (name === "heroku" && verb === "apps:destroy") ||
    ((name === "fly" || name === "flyctl") && verb === "apps" && object === "destroy")
  )
    return found("cloud-delete", `${name} destroys an app`);
  return undefined;
};

const AWS_VALUED = new Set(["--profile", "--region", "--endpoint-url", "--output", "--query"]);
const AWS_TEARDOWN =
  /^(delete-queue|purge-queue|delete-topic|batch-delete-image|delete-recovery-point|delete-parameters?|delete-cache-cluster|delete-replication-group|delete-bucket|delete-distribution|delete-api|delete-rest-api|delete-stream|delete-state-machine|delete-role|delete-user|delete-policy|delete-key-pair|delete-snapshot|delete-db-snapshot|delete-image|deregister-image|delete-service|delete-stack|delete-db-(instance|cluster)|delete-table|delete-cluster|delete-repository|delete-file-system|delete-volume|delete-secret|delete-function|delete-log-group|delete-hosted-zone|delete-user-pool|delete-domain|schedule-key-deletion|terminate-instances|delete-vpc|delete-nodegroup|delete-backup-vault)$/;

const awsTeardown: Rule = ([name, ...args]) => {
  if (name !== "aws" || isDryRun(args) || args.includes("--generate-cli-skeleton")) return undefined;
  const verb = positionals(args, AWS_VALUED)[1];
  return verb && AWS_TEARDOWN.test(verb)
    ? found("cloud-delete", `aws ${verb} deletes cloud resources`)
    : undefined;
};

const GCLOUD_VALUED = new Set([
  "--project",
  "--format",
  "--account",
  "--zone",
  "--region",
  "--configuration",
]);

const gcloud: Rule = ([name, ...args]) => {
  if (name !== "gcloud" || isDryRun(args)) return undefined;
  const words = positionals(args, GCLOUD_VALUED);
  const at = words.indexOf("delete");
  if (at < 0 || at > 4 || words[0] === "storage" || words[0] === "help") return undefined;
  const what = words.slice(0, at).join(" ") || "resource";
  return found(words[0] === "projects" ? "cloud-project-delete" : "cloud-delete", `gcloud deletes ${what}`);
};

const AZ_VALUED = new Set([
  "-n",
  "--name",
  "-g",
  "--resource-group",
  "--subscription",
  "-o",
  "--output",
  "--query",
]);

/** CLIs whose resource deletions are spelled `<tool> <group…> delete|purge`. */
const DELETE_VERB_CLIS = new Set(["az", "doctl", "hcloud", "linode-cli", "exoscale", "scw"]);

/** Deleting one named blob or file is routine, like `aws s3 rm` of one object; batches and containers are not. */
const SINGLE_ITEMS = new Set(["storage blob", "storage file", "storage fs file"]);

const deleteVerb: Rule = ([name, ...args]) => {
  if (name === undefined || !DELETE_VERB_CLIS.has(name) || isDryRun(args)) return undefined;
  const words = positionals(args, AZ_VALUED);
  const at = words.findIndex((word) => /^(delete|delete-batch|purge|rm)$/.test(word));
  if (at < 0 || at > 4) return undefined;
  const what = words.slice(0, at).join(" ");
  if (SINGLE_ITEMS.has(what) && words[at] === "delete") return undefined;
  const rule = name === "az" && what === "group" ? "cloud-resource-group-delete" : "cloud-delete";
  return found(rule, `${name} ${what} ${words[at]} deletes cloud resources`);
};

export const INFRASTRUCTURE_RULES: Rule[] = [terraform, pulumi, teardowns, awsTeardown, gcloud, deleteVerb];
