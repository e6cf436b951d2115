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

/** Kinds a controller or the next run recreates: deleting one loses nothing. */
const RECREATED = /^(pods?|po|jobs?|events?|ev|replicasets?|rs|nodes?|no|leases?)$/;

const kubectl: Rule = ([name, ...args]) => {
  if (name !== "kubectl" && name !== "oc" && name !== "k") return undefined;
  const [verb, kinds] = positionals(args, KUBE_VALUED);
  if (verb === "drain" && args.includes("--delete-emptydir-data"))
    return found("k8s-delete-workload", `${name} drain deletes the node's emptyDir data`);
  if (verb !== "delete" || isDryRun(args)) return undefined;
  if (hasFlag(args, "A", ["--all", "--all-namespaces"]))
    return found("k8s-delete-all", `${name} delete --all removes every matching resource`);
  const kind = (kinds ?? "").split(",").find((part) => WIDE_KINDS.test(part.split("/")[0] ?? ""));
  if (kind) return found("k8s-delete-namespace", `${name} delete ${kind} removes it and everything in it`);
  if (hasFlag(args, "f", ["--filename", "-k", "--kustomize"]))
    return found("k8s-delete-workload", `${name} delete removes everything its manifests describe`);
  const first = (kinds ?? "").split(",")[0]?.split("/")[0] ?? "";
  return first !== "" && !RECREATED.test(first)
    ? found("k8s-delete-workload", `${name} delete ${first} removes it`)
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
  return massRemoval(name, group, verb, args);
};

/** `docker rm -f $(docker ps -aq)`, `… | xargs docker rm`, `image prune -a`, `container prune`. */
function massRemoval(name: string, group: string | undefined, verb: string | undefined, args: string[]) {
  const removes =
    group === "rm" ||
    group === "rmi" ||
    (/^(container|image|network)$/.test(group ?? "") && /^(rm|remove)$/.test(verb ?? ""));
  if (removes && args.some((word) => word.includes("__keel_sub_")))
    return found(
      "container-mass-remove",
      `${name} ${group} removes every container or image a command lists`,
    );
  if (verb === "prune" && (group === "container" || hasFlag(args, "a", ["--all"])))
    return found(
      "container-mass-remove",
      `${name} ${group} prune removes every stopped container or unused image`,
    );
  if (group === "rm" && hasFlag(args, "a", ["--all"]))
    return found("container-mass-remove", `${name} rm --all removes every container`);
  return undefined;
}

const fedRemoval: Rule = ([name, ...args], { fed }) =>
  fed &&
  name !== undefined &&
  CONTAINER_TOOLS.has(name) &&
  /^(rm|rmi)$/.test(args.find((arg) => !arg.startsWith("-")) ?? "")
    ? found("container-mass-remove", `${name} removes every container or image it is handed`)
    : undefined;

export const CLUSTER_RULES: Rule[] = [kubectl, helm, containers, fedRemoval];
