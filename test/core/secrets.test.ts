// The one redaction path against the secrets corpus: every format redacted wherever it sits in a line, every
// lookalike left byte for byte, and scrubbing twice changes nothing.
import { describe, expect, it } from "vitest";
import { redact, redactDeep, scrubSecrets } from "../../src/core/secrets.ts";
import { LOOKALIKES, SECRET_CORPUS } from "../fixtures/secrets/corpus.ts";

describe("secrets corpus", () => {
  it("holds at least 40 formats", () => {
    expect(SECRET_CORPUS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(SECRET_CORPUS.map((sample) => [sample.name, sample] as const))("redacts %s", (_name, sample) => {
    const out = scrubSecrets(`before ${sample.text} after`);
    for (const secret of sample.secrets) expect(out.text).not.toContain(secret);
    expect(out.findings.length).toBeGreaterThan(0);
    expect(out.text.startsWith("before ")).toBe(true);
    expect(redact(out.text)).toBe(out.text);
  });

  it.each(LOOKALIKES.map((text) => [text.slice(0, 50), text] as const))(
    "leaves a lookalike alone: %s",
    (_l, text) => {
      expect(scrubSecrets(text)).toEqual({ text, findings: [] });
    },
  );

  it("redacts strings nested in a request body", () => {
    const [sample] = SECRET_CORPUS;
    const body = { messages: [{ role: "user", content: [{ type: "text", text: sample?.text }] }] };
    expect(JSON.stringify(redactDeep(body))).not.toContain(sample?.secrets[0]);
  });
});
