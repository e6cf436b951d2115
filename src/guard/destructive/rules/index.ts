// Every per-command rule, by family; the screen runs them in this order on each invocation (the rule for tools
// no other rule knows comes last).
import type { Rule } from "./args.ts";
import { STORAGE_RULES } from "./cloud-storage.ts";
import { CLUSTER_RULES } from "./clusters.ts";
import { DATABASE_RULES } from "./databases.ts";
import { DISK_RULES } from "./disks.ts";
import { FILE_RULES } from "./files.ts";
import { GIT_RULES } from "./git.ts";
import { HTTP_RULES } from "./http.ts";
import { INFRASTRUCTURE_RULES } from "./infrastructure.ts";
import { INTERPRETER_RULES } from "./interpreters.ts";
import { OVERWRITE_RULES } from "./overwrite.ts";
import { PLATFORM_RULES } from "./platforms.ts";
import { RESOURCE_VERB_RULES } from "./resource-verbs.ts";
import { SYSTEM_RULES } from "./system.ts";
import { WINDOWS_RULES } from "./windows.ts";

export type { Finding, Rule } from "./args.ts";

export const COMMAND_RULES: Rule[] = [
  ...FILE_RULES,
  ...GIT_RULES,
  ...DISK_RULES,
  ...DATABASE_RULES,
  ...STORAGE_RULES,
  ...INFRASTRUCTURE_RULES,
  ...CLUSTER_RULES,
  ...SYSTEM_RULES,
  ...INTERPRETER_RULES,
  ...OVERWRITE_RULES,
  ...WINDOWS_RULES,
  ...HTTP_RULES,
  ...PLATFORM_RULES,
  ...RESOURCE_VERB_RULES,
];
