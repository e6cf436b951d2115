// How a UI route refuses a request: it throws Hono's HTTPException with the status and one sentence, and the
// app's one onError turns it into a short, uncached `keel: …` text answer (anything else is a logged 500).
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { describeError } from "../core/errors.ts";

/** Stops the request with `status` and `message` (a sentence for people, no internals). */
export function refuse(status: 400 | 403 | 404, message: string): never {
  throw new HTTPException(status, { message });
}

/** The app's one error handler: refusals answer as themselves, failures as a logged 500. */
export function answerError(error: Error, c: Context, log: (line: string) => void): Response {
  c.header("Cache-Control", "no-store");
  if (error instanceof HTTPException)
    return c.text(`keel: ${error.message}`, error.status as ContentfulStatusCode);
  log(`keel ui: ${c.req.method} ${c.req.path} failed: ${describeError(error)}`);
  return c.text(`keel: ${describeError(error)}`, 500);
}
