// A small seeded generator for the fuzz suites: the same seed gives the same cases on every machine.
export interface Random {
  int(max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  text(max: number): string;
}

/** xorshift32 from `seed`. */
export function seeded(seed: number): Random {
  let x = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
  const int = (max: number) => Math.floor(next() * max);
  const ALPHABET = [
    ..."abcXYZ019 -_./:=\"'{}[],\\\n\t",
    "\u001b",
    "\u0007",
    "\u009b",
    "\u202e",
    "é",
    "😀",
    "\u0000",
  ];
  return {
    int,
    pick: (items) => items[int(items.length)] as (typeof items)[number],
    chance: (p) => next() < p,
    text: (max) => Array.from({ length: int(max + 1) }, () => ALPHABET[int(ALPHABET.length)]).join(""),
  };
}

/** A random JSON-like value: scalars, wrong types, deep nesting or long text. */
export function randomValue(r: Random): unknown {
  switch (r.int(10)) {
    case 0:
      return null;
    case 1:
      return r.int(2) === 0 ? r.int(1e9) - 5e8 : 1e308;
    case 2:
      return r.chance(0.5);
    case 3:
      return r.text(40);
    case 4:
      return "x".repeat(r.int(200_000));
    case 5:
      return JSON.parse(`${"[".repeat(2000)}${"]".repeat(2000)}`);
    case 6:
      return { id: r.text(5), type: r.text(5), nested: [r.text(5)] };
    case 7:
      return Array.from({ length: r.int(5) }, () => r.text(8));
    case 8:
      return "line\n".repeat(r.int(50_000));
    default:
      return undefined;
  }
}
