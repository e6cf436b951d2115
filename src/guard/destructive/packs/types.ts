// The shape of a rule pack: one ecosystem's rules as data. Each rule has its plain reason, a safer way to get
// the same done, whether the screen refuses it outright, and the examples that are its tests.

export interface PackRule {
  id: string;
  /** What goes wrong, in plain words. */
  reason: string;
  /** A safer way to get what the command was for. */
  alternative: string;
  /** Refused outright by hosts that can refuse (`keel hook`), instead of asked about. */
  deny?: boolean;
  /** Commands this rule must flag. */
  dangerous: string[];
  /** Lookalikes this rule must let pass. */
  harmless: string[];
}

export interface Pack {
  id: string;
  title: string;
  /** Commands whose findings belong here when a rule id is shared with another pack (`cloud-delete`). */
  tools?: string[];
  rules: PackRule[];
}
