// Adding a rule to a project's contract or the personal layer: one service for the CLI and /keel. A rule is
// never replaced unless the caller asks (`replace`); without an explicit id, the rule gets its slug, made
// unique (`-2`, `-3`, …) so two rules that slug alike both stay. Text is redacted before it is cut to length.
import { fail, ok, type Result } from "../../core/result.ts";
import { redact } from "../../core/secrets.ts";
import { shortForTerminal } from "../../core/terminal-text.ts";
import { oneLine, slug } from "../text.ts";
import { RULE_TEXT_MAX } from "./layers.ts";

export interface RuleRequest {
  text: string;
  /** An explicit id; without one, a free id is derived from the text. */
  id?: string;
  /** Reword the rule with this id if it exists. */
  replace?: boolean;
}

export interface PlannedRule {
  id: string;
  text: string;
  replaces: boolean;
}

const ID_SHAPE = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/** Decides id and text for a new rule against the ids already taken in its layer. */
export function planRule(request: RuleRequest, taken: ReadonlyMap<string, string>): Result<PlannedRule> {
  const text = oneLine(redact(request.text), RULE_TEXT_MAX);
  if (text === "") return fail("the rule is empty");
  const explicit = request.id?.trim();
  if (explicit !== undefined && explicit !== "") {
    if (!ID_SHAPE.test(explicit))
      return fail(
        `the rule id "${shortForTerminal(explicit, 40)}" must be 1-64 lower-case letters, digits, '.', '_' or '-'`,
      );
    const existing = taken.get(explicit);
    if (existing !== undefined && !request.replace)
      return fail(
        `a rule "${explicit}" already exists ("${shortForTerminal(existing, 60)}"); pass --replace to reword it or pick another id`,
      );
    return ok({ id: explicit, text, replaces: existing !== undefined });
  }
  const base = slug(text);
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  return ok({ id, text, replaces: false });
}
