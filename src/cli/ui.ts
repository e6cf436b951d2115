// `keel ui`: placeholder until the web UI lands.
import type { Register } from "./program.ts";

export const registerUi: Register = (program) => {
  program.command("ui").description("open keel's local web UI");
};
