// How each command-running wrapper spells its own options, and reading them to find the command it runs:
// which short and long options take a value, how many operands come before the command, and which option
// carries a whole shell string (`env -S`, `su -c`, `flock -c`, `npx -c`).

export interface WrapperSpec {
  /** Short option letters that take a value (`-u root`, `-uroot`). */
  values: string;
  /** Long options that take a value as the next word (`--user root`); `--user=root` needs no listing. */
  long?: string[];
  /** Operands before the command: timeout's duration, chroot's directory, ssh's host, exec's container. */
  operands?: number;
  /** The option whose value is a shell string to screen (without its dash: "c", "--command"). */
  payload?: string[];
  /** Short flags that mean the wrapper runs nothing (`sudo -l`, `command -v`). */
  inert?: string;
  /** Runs with superuser rights. */
  sudo?: boolean;
  /** The command's operands come from input (xargs, parallel), so its targets are unknown. */
  fed?: boolean;
  /** The remaining words form one shell string (watch and ssh hand them to a shell). */
  joinsRest?: boolean;
  /** Only the words after `--` are the command (kubectl exec). */
  afterDashes?: boolean;
}

const LAUNCHERS: WrapperSpec = { values: "p", long: ["--package"], payload: ["c", "--call"] };
const PLAIN: WrapperSpec = { values: "" };
/** `docker run [options] image [command…]`: the options that take a value, then the image. */
const CONTAINER_RUN: WrapperSpec = {
  values: "eEvpwulmhc",
  long: [
    "--env",
    "--env-file",
    "--volume",
    "--publish",
    "--workdir",
    "--user",
    "--label",
    "--memory",
    "--hostname",
    "--name",
    "--network",
    "--net",
    "--entrypoint",
    "--mount",
    "--platform",
    "--add-host",
    "--cpus",
    "--restart",
    "--pull",
    "--device",
    "--tmpfs",
    "--shm-size",
    "--cap-add",
    "--cap-drop",
    "--log-driver",
    "--dns",
    "--ulimit",
  ],
  operands: 1,
};

const CONTAINER_EXEC: WrapperSpec = {
  values: "euw",
  long: ["--env", "--env-file", "--user", "--workdir", "--detach-keys", "--index"],
  operands: 1,
};

export const WRAPPER_SPECS: Record<string, WrapperSpec> = {
  sudo: {
    values: "ugCDhprtTU",
    long: ["--user", "--group", "--close-from", "--chdir", "--host", "--prompt", "--role", "--type"],
    inert: "elvK",
    sudo: true,
  },
  doas: { values: "uC", sudo: true },
  run0: { values: "u", long: ["--user"], sudo: true },
  env: { values: "uCS", long: ["--unset", "--chdir", "--split-string"], payload: ["S", "--split-string"] },
  nice: { values: "n", long: ["--adjustment"] },
  ionice: { values: "cnp", long: ["--class", "--classdata", "--pid"] },
  nohup: PLAIN,
  setsid: PLAIN,
  busybox: PLAIN,
  builtin: PLAIN,
  unbuffer: PLAIN,
  chronic: PLAIN,
  time: { values: "fo", long: ["--format", "--output"] },
  timeout: { values: "sk", long: ["--signal", "--kill-after"], operands: 1 },
  stdbuf: { values: "ioe", long: ["--input", "--output", "--error"] },
  chroot: { values: "", long: ["--userspec", "--groups"], operands: 1 },
  flock: {
    values: "wEc",
    long: ["--timeout", "--conflict-exit-code"],
    operands: 1,
    payload: ["c", "--command"],
  },
  exec: { values: "a" },
  command: { values: "", inert: "vV" },
  su: {
    values: "gGsw",
    long: ["--group", "--shell", "--whitelist-environment"],
    operands: 2,
    payload: ["c", "--command"],
  },
  runuser: { values: "ugGs", long: ["--user", "--group", "--shell"], payload: ["c", "--command"] },
  xargs: {
    values: "adEILnPs",
    long: ["--arg-file", "--delimiter", "--eof", "--max-lines", "--max-args", "--max-procs", "--max-chars"],
    fed: true,
  },
  watch: { values: "nq", long: ["--interval", "--equexit"], joinsRest: true },
  ssh: { values: "BbcDEeFIiJLlmOoPpQRSWw", operands: 1, joinsRest: true },
  npx: LAUNCHERS,
  bunx: LAUNCHERS,
  pnpx: LAUNCHERS,
  uvx: { values: "", long: ["--from", "--with", "--python"] },
  "pnpm exec": PLAIN,
  "pnpm dlx": PLAIN,
  "yarn exec": PLAIN,
  "yarn dlx": PLAIN,
  "bun x": PLAIN,
  "bundle exec": PLAIN,
  "poetry run": PLAIN,
  "pipenv run": PLAIN,
  "pipx run": PLAIN,
  "uv run": { values: "p", long: ["--with", "--python", "--project", "--directory"] },
  "docker exec": CONTAINER_EXEC,
  "docker run": CONTAINER_RUN,
  "podman run": CONTAINER_RUN,
  "docker compose run": CONTAINER_RUN,
  "docker-compose run": CONTAINER_RUN,
  "podman exec": CONTAINER_EXEC,
  "nerdctl exec": CONTAINER_EXEC,
  "docker compose exec": CONTAINER_EXEC,
  "docker-compose exec": CONTAINER_EXEC,
  "kubectl exec": { values: "", afterDashes: true },
  "oc exec": { values: "", afterDashes: true },
};

/** The spec for the wrapper at the head of `words` and how many words name it (`docker compose exec` is 3). */
export function wrapperAt(words: string[]): { spec: WrapperSpec; length: number } | undefined {
  for (const length of [3, 2, 1]) {
    const spec = WRAPPER_SPECS[words.slice(0, length).join(" ")];
    if (spec && words.length >= length) return { spec, length };
  }
  return undefined;
}

export type Opened = { kind: "argv"; argv: string[] } | { kind: "script"; script: string } | { kind: "none" };

/** Skips a wrapper's options and leading operands; returns the command it runs. */
export function openWrapper(args: string[], spec: WrapperSpec): Opened {
  if (spec.afterDashes) {
    const dashes = args.indexOf("--");
    return dashes < 0 ? { kind: "none" } : { kind: "argv", argv: args.slice(dashes + 1) };
  }
  let i = 0;
  let operands = spec.operands ?? 0;
  while (i < args.length) {
    const arg = args[i] as string;
    if (arg === "--") {
      i++;
      break;
    }
    if (arg.startsWith("-") && arg.length > 1) {
      const option = readOption(args, i, spec);
      if (option.payload !== undefined) return { kind: "script", script: option.payload };
      if (option.inert) return { kind: "none" };
      i = option.next;
    } else if (operands > 0) {
      operands--;
      i++;
    } else break;
  }
  while (operands-- > 0 && i < args.length) i++;
  const rest = args.slice(i);
  if (rest.length === 0) return { kind: "none" };
  return spec.joinsRest ? { kind: "script", script: rest.join(" ") } : { kind: "argv", argv: rest };
}

function readOption(args: string[], i: number, spec: WrapperSpec) {
  const arg = args[i] as string;
  const payloads = spec.payload ?? [];
  if (arg.startsWith("--")) {
    const [name, attached] = arg.split(/=(.*)/s) as [string, string | undefined];
    const takesValue = attached === undefined && (spec.long ?? []).includes(name);
    const value = attached ?? (takesValue || payloads.includes(name) ? args[i + 1] : undefined);
    if (payloads.includes(name)) return { next: i + 2, payload: value ?? "", inert: false };
    return { next: i + (takesValue ? 2 : 1), inert: false };
  }
  for (let k = 1; k < arg.length; k++) {
    const letter = arg[k] as string;
    if (spec.inert?.includes(letter)) return { next: i + 1, inert: true };
    if (!spec.values.includes(letter) && !payloads.includes(letter)) continue;
    const attached = arg.slice(k + 1);
    const value = attached !== "" ? attached : args[i + 1];
    if (payloads.includes(letter)) return { next: i + 2, payload: value ?? "", inert: false };
    return { next: i + (attached !== "" ? 1 : 2), inert: false };
  }
  return { next: i + 1, inert: false };
}
