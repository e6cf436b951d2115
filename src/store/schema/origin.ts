// Who wrote a row: the one word for the person ("owner") and for the model ("agent"), shared by the contract,
// the journal and memory (memory adds "derived" for records keel indexes itself). Every table names it `origin`.

export const ORIGINS = ["owner", "agent"] as const;

/** The owner (the person using keel: CLI, `/keel` verbs, the UI) or the agent (model tools). */
export type Origin = (typeof ORIGINS)[number];
