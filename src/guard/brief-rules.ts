// The contract section of the brief, ranked by who wrote each rule: the owner (newest first), the team and
// the person (personal file) always, in full; then the seed rules, shortened to their ids and then collapsed
// to one pointer line when the section's space runs out; agent-written rules last, as space allows. Every
// cut is returned with its reason so `keel budget`, `/keel` and `keel contract list` can say it.
import type { ContractRule } from "./contract/seed.ts";

/** Characters the contract section aims to stay within; a person's rules may exceed it, nothing else may. */
export const CONTRACT_CHARS = 1800;
/** Agent rules shown at most, below the seeds. */
const AGENT_RULES = 5;

export interface BriefCut {
  section: string;
  what: string;
  why: string;
}

export interface RankedRules {
  lines: string[];
  cuts: BriefCut[];
}

type Line = (rule: ContractRule) => string;

const PEOPLE: ReadonlySet<string> = new Set(["owner", "team", "personal"]);

const size = (lines: string[]) => lines.reduce((sum, line) => sum + line.length + 3, 0);
const ids = (rules: ContractRule[]) => rules.map((r) => r.id).join(", ");

/** People's rules in the order they outrank each other: owner (newest first), team, personal. */
export function peopleRules(contract: ContractRule[]): ContractRule[] {
  const of = (origin: ContractRule["origin"]) => contract.filter((r) => r.origin === origin);
  return [...of("owner").reverse(), ...of("team"), ...of("personal")];
}

/** Seeds in full while they fit, then the last ones shortened to their ids, or all collapsed to one line. */
function seedLines(seeds: ContractRule[], room: number, line: Line): { lines: string[]; cut?: BriefCut } {
  const full = seeds.map(line);
  if (size(full) <= room) return { lines: full };
  for (let kept = seeds.length - 1; kept >= 0; kept--) {
    const short = seeds.slice(kept);
    const lines = [
      ...seeds.slice(0, kept).map(line),
      ...short.map((r) => `[${r.id}] (seed rule: keel_check)`),
    ];
    if (size(lines) <= room)
      return {
        lines,
        cut: {
          section: "contract",
          what: `${short.length} seed rule(s) shortened to their ids: ${ids(short)}`,
          why: "people's rules come first and the contract section was full",
        },
      };
  }
  return {
    lines: [
      `seed rules (${seeds.length}): ${ids(seeds)}; full text through keel_check or keel contract list`,
    ],
    cut: {
      section: "contract",
      what: `all ${seeds.length} seed rules collapsed to one line of ids`,
      why: "people's rules fill the contract section; they are never cut",
    },
  };
}

export function rankContractRules(contract: ContractRule[], line: Line): RankedRules {
  const people = peopleRules(contract).map(line);
  const seeds = contract.filter((r) => r.origin === "seed");
  const agent = contract.filter((r) => !PEOPLE.has(r.origin) && r.origin !== "seed");
  const seeded = seedLines(seeds, Math.max(0, CONTRACT_CHARS - size(people)), line);
  const cuts = seeded.cut ? [seeded.cut] : [];
  let room = CONTRACT_CHARS - size(people) - size(seeded.lines);
  const shownAgent: string[] = [];
  for (const rule of agent.slice(0, AGENT_RULES)) {
    const text = line(rule);
    if (text.length + 3 > room) break;
    shownAgent.push(text);
    room -= text.length + 3;
  }
  const hidden = agent.slice(shownAgent.length);
  const more = hidden.length > 0 ? [`  (+${hidden.length} agent rule(s) more: keel contract list)`] : [];
  if (hidden.length > 0)
    cuts.push({
      section: "contract",
      what: `${hidden.length} agent rule(s) left out: ${ids(hidden)}`,
      why: "agent rules rank below the seeds and the contract section was full",
    });
  return { lines: [...people, ...seeded.lines, ...shownAgent].map((l) => `- ${l}`).concat(more), cuts };
}
