// keel's version, read once from package.json at build time.
import pkg from "../../package.json" with { type: "json" };

export const KEEL_VERSION: string = pkg.version;
