// Pack "interpreters": inline code for Python, Node/Deno/Bun, Perl, Ruby and PHP that deletes trees or every
// file of a listing (shell strings inside such code are screened by the other packs).
import type { Pack } from "./types.ts";

export const INTERPRETERS_PACK: Pack = {
  id: "interpreters",
  title: "interpreter one-liners",
  rules: [
    {
      id: "code-tree-delete",
      reason: "inline code deletes a folder tree",
      alternative: "print the path the code would delete first",
      dangerous: [
        "python3 -c \"import shutil; shutil.rmtree('src')\"",
        "ruby -e 'FileUtils.rm_rf(Dir.home)'",
      ],
      harmless: [
        "python3 -c \"import shutil; print(shutil.disk_usage('.'))\"",
        "node -e \"require('fs').rmSync('dist', {recursive: true})\"",
      ],
    },
    {
      id: "code-mass-delete",
      reason: "inline code deletes every file of a listing or glob",
      alternative: "print the list first",
      dangerous: ["python3 -c \"import os,glob; [os.remove(p) for p in glob.glob('*')]\""],
      harmless: ["python3 -c \"import glob; print(glob.glob('*'))\""],
    },
  ],
};
