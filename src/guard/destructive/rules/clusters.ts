// Rules for clusters and containers: kubectl/oc deletion of namespaces, projects, volumes, CRDs or `--all`,
// helm release uninstalls, and container prunes or teardowns that take volumes with them.
import { found, hasFlag, isDryRun, positionals, type Rule } from "./args.ts";

const KUBE_VALUED = new Set([
  "-n",
  "--namespace",
  "--context",
  "--kubeconfig",
  "--cluster",
  "-l",
  "--selector",
  "-o",
  "--output",
  "--grace-period",
  "--timeout",
  "-f",
  "--filename",
  "--field-selector",
]);
const WIDE_KINDS =
  /^(namespaces?|ns|projects?|pv|pvc|persistentvolumes?|persistentvolumeclaims?|crds?|customresourcedefinitions?)$/;

const kubectl: Rule = ([name, ...args]) => {
  if (name !== "kubectl" && name !== "oc" && name !== "k") return undefined;
  const [verb, kinds] = positionals(args, KUBE_VALUED);
  if (verb !== "delete" || isDryRun(args)) return undefined;
  if (hasFlag(args, "A", ["--all", "--all-namespaces"]))
    return found("k8s-delete-all", `${name} delete --all removes every matching resource`);
  const kind = (kinds ?? "").split(",").find((part) => WIDE_KINDS.test(part.split("/")[0] ?? ""));
  return kind
    ? found("k8s-delete-namespace", `${name} delete ${kind} removes it and everything in it`)
    : undefined;
};

const helm: Rule = ([name, ...args]) => {
  if (name !== "helm" || isDryRun(args)) return undefined;
  const verb = positionals(args, new Set(["-n", "--namespace", "--kube-context", "--kubeconfig"]))[0];
  return verb && /^(uninstall|delete|del|un)$/.test(verb)
    ? found("helm-uninstall", "helm uninstall removes the release and its resources")
    : undefined;
};

const CONTAINER_TOOLS = new Set(["docker", "podman", "nerdctl", "docker-compose", "podman-compose"]);

const containers: Rule = ([name, ...args]) => {
  if (name === undefined || !CONTAINER_TOOLS.has(name) || isDryRun(args)) return undefined;
  const words = positionals(
    args,
    new Set(["-f", "--file", "-p", "--project-name", "-H", "--host", "--context"]),
  );
  const [group, verb] = name.endsWith("-compose") ? ["compose", words[0]] : words;
  if (group === "volume" && (verb === "prune" || verb === "rm" || verb === "remove"))
    return found("container-volumes", `${name} volume ${verb} deletes volume data`);
  if (group === "system" && verb === "prune" && args.includes("--volumes"))
    return found("container-volumes", `${name} system prune --volumes deletes volume data`);
  if (group === "system" && verb === "reset")
    return found("container-volumes", `${name} system reset deletes all storage`);
  if (group === "compose" && (verb === "down" || verb === "rm") && hasFlag(args, "v", ["--volumes"]))
    return found("container-volumes", `${name} compose ${verb} -v deletes the project's volumes`);
  return undefined;
};

export const CLUSTER_RULES: Rule[] = [kubectl, helm, containers];
