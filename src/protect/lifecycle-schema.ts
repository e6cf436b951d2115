// Structural checks for the protect lifecycle entries keel reads back from a session file (pending and
// verified), as TypeBox schemas: an entry that does not match, say one missing lostIds, is skipped instead of
// crashing the reader. The entries' meaning lives in lifecycle.ts.
import { Type } from "typebox";
import { Value } from "typebox/value";
import type { PendingVerification } from "./lifecycle.ts";
import type { VerificationSummary } from "./types.ts";

const Ids = Type.Array(Type.String());

export const VerificationSummarySchema = Type.Object({
  compactionId: Type.String(),
  at: Type.String(),
  preserved: Type.Number(),
  lost: Type.Number(),
  criticalFailures: Type.Number(),
  lostIds: Ids,
  recoveredIds: Ids,
});

export const PendingVerificationSchema = Type.Object({
  v: Type.Literal(1),
  compactionId: Type.String(),
  snapshot: Type.Array(
    Type.Object({ id: Type.String(), kind: Type.String(), content: Type.String(), critical: Type.Boolean() }),
  ),
});

export const isVerificationSummary = (value: unknown): value is VerificationSummary =>
  Value.Check(VerificationSummarySchema, value);

export const isPendingVerification = (value: unknown): value is PendingVerification =>
  Value.Check(PendingVerificationSchema, value);
