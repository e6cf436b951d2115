// Reads pi's settings and trust files (never writes them) to tell whether keel is registered and trusted.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";

export interface Registration {
  project: boolean;
  global: boolean;
  projectSettings: string;
  globalSettings: string;
}

export function projectSettingsPath(projectRoot: string): string {
  return join(projectRoot, ".pi", "settings.json");
}

export function globalSettingsPath(agentDir: string): string {
  return join(agentDir, "settings.json");
}

/** Whether the extension folder appears in the project's or the user's pi packages. */
export function findRegistration(projectRoot: string, agentDir: string, extensionDir: string): Registration {
  const projectSettings = projectSettingsPath(projectRoot);
  const globalSettings = globalSettingsPath(agentDir);
  return {
    project: listsPackage(projectSettings, extensionDir),
    global: listsPackage(globalSettings, extensionDir),
    projectSettings,
    globalSettings,
  };
}

function listsPackage(settingsFile: string, packageDir: string): boolean {
  const settings = readJson(settingsFile);
  const packages = Array.isArray(settings?.packages) ? settings.packages : [];
  const wanted = resolve(packageDir);
  return packages.some((entry: unknown) => {
    const source = typeof entry === "string" ? entry : (entry as { source?: unknown })?.source;
    return typeof source === "string" && resolve(dirname(settingsFile), source) === wanted;
  });
}

/** pi trusts a project by a saved decision for it or a parent, or by `defaultProjectTrust: "always"`. */
export function isProjectTrusted(projectRoot: string, agentDir: string): boolean {
  const settings = readJson(globalSettingsPath(agentDir));
  if (settings?.defaultProjectTrust === "always") return true;
  const trust = readJson(join(agentDir, "trust.json")) ?? {};
  let dir = resolve(projectRoot);
  for (;;) {
    if (trust[dir] === true) return true;
    if (trust[dir] === false) return false;
    const parent = dirname(dir);
    if (parent === dir || !dir.includes(sep)) return false;
    dir = parent;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: pi's settings files are free-form JSON.
function readJson(file: string): any {
  if (!existsSync(file)) return undefined;
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}
