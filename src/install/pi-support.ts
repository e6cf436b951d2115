// The pi releases keel supports: from the oldest release the pi-release matrix runs (0.87.1) through the minor
// line of the pinned development release (1.6.x). Pure: doctor turns the answer into a check.
import { parseVersion, versionAtLeast } from "./toolchain.ts";

export const OLDEST_PI = [0, 87, 1] as const;
/** The newest minor line tested; any 1.6 patch release is inside the range, 1.7.0 is not. */
export const NEWEST_PI_LINE = [1, 6] as const;
export const SUPPORTED_PI_RANGE = `${OLDEST_PI.join(".")} to ${NEWEST_PI_LINE.join(".")}.x`;

export type PiSupport = { level: "ok" | "warn"; detail: string };

/** Whether `pi --version`'s answer is inside the range keel is tested against, and what to say about it. */
export function piSupport(versionText: string): PiSupport {
  const version = parseVersion(versionText);
  if (!version) return { level: "warn", detail: `pi ${versionText}: version not recognised` };
  const name = version.join(".");
  if (!versionAtLeast(version, OLDEST_PI)) {
    return {
      level: "warn",
      detail: `pi ${name} is older than keel supports (${SUPPORTED_PI_RANGE}): update pi`,
    };
  }
  const nextLine = [NEWEST_PI_LINE[0], NEWEST_PI_LINE[1] + 1, 0];
  if (versionAtLeast(version, nextLine)) {
    return {
      level: "warn",
      detail: `pi ${name} is newer than keel has been tested with (${SUPPORTED_PI_RANGE}); it may work`,
    };
  }
  return { level: "ok", detail: `pi ${name} (supported: ${SUPPORTED_PI_RANGE})` };
}
