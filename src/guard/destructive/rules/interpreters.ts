// Rules for interpreter one-liners and here-document scripts: a library call that deletes a tree is judged
// by the path it names like `rm -r` is (a computed path asks), and code that deletes every file of a
// listing or glob asks. Shell strings inside the code are screened as commands by the invocation reader.
import { deletesEveryMatch, treeDeletes } from "../interpreters/code-scan.ts";
import { inlineCode } from "../interpreters/inline-code.ts";
import { found, type Rule } from "./args.ts";
import { treeDelete } from "./files.ts";

const interpreterCode: Rule = (argv, { source }, view) => {
  const code = inlineCode(argv, source);
  if (!code) return undefined;
  for (const call of treeDeletes(code)) {
    if (call.target === undefined)
      return found("code-tree-delete", `${argv[0]} code calls ${call.call} on a path it computes`);
    const finding = treeDelete(call.target, view);
    if (finding) return found("code-tree-delete", `${argv[0]} code calls ${call.call} on ${call.target}`);
  }
  return deletesEveryMatch(code)
    ? found("code-mass-delete", `${argv[0]} code deletes every file of a listing or glob`)
    : undefined;
};

export const INTERPRETER_RULES: Rule[] = [interpreterCode];
