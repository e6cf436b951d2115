// The one error boundary of the pi adapter: a handler body that fails becomes a short notification and
// pi receives `undefined`, so keel never throws into pi.
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import { describeError } from "../src/core/errors.ts";

export async function guarded<T>(
  ctx: ExtensionContext,
  what: string,
  body: () => Promise<T>,
): Promise<T | undefined> {
  try {
    return await body();
  } catch (error) {
    ctx.ui.notify(`keel: ${what} failed: ${describeError(error)}`, "warning");
    return undefined;
  }
}
