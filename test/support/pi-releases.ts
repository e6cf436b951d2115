// The pi releases keel is tested against: the pinned devDependency (node_modules/.bin/pi) and the older releases
// of the matrix, each installed from its own file: package under test/pi-releases/ so that every release keeps
// its own `pi` bin (three aliased copies in one node_modules/.bin would overwrite each other's link).
import { join } from "node:path";
import { BIN_DIR, REPO_ROOT } from "./cli.ts";

export interface PiRelease {
  version: string;
  bin: string;
}

export const PINNED_PI: PiRelease = { version: "1.6.0", bin: join(BIN_DIR, "pi") };

export const OLDER_PI_RELEASES: PiRelease[] = ["0.87.1", "1.3.0"].map((version) => ({
  version,
  bin: join(REPO_ROOT, "test/pi-releases", version, "node_modules/.bin/pi"),
}));
