// Table-driven cases for the destructive-command screen: each line flagged with its rule, or passed.
import { expect, it } from "vitest";
import { screenCommand } from "../../src/guard/destructive/screen.ts";

export function itFlags(cases: [line: string, rule: string][]): void {
  it.each(cases)("%s → %s", (line, rule) => {
    expect(screenCommand(line)).toMatchObject({ destructive: true, rule });
  });
}

export function itPasses(lines: string[]): void {
  it.each(lines)("passes %s", (line) => {
    expect(screenCommand(line)).toEqual({ destructive: false });
  });
}
