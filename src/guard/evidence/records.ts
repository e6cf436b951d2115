// Reading recorded evidence runs (newest first, or one by number) for the surfaces; writing them is verify.ts's.
export { type EvidenceRow, getEvidence, listEvidence } from "../../store/guard-evidence.ts";
