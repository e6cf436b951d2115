// Reading the loop brake's persisted streaks across a project's sessions for the surfaces (`keel loops`).
export { listProjectLoops } from "../../store/guard-loops.ts";
