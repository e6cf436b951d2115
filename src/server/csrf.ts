// Cross-site request checks for every UI mutation: a POST must come from this server's own origin (Origin and
// Sec-Fetch-Site, when the browser sends them) and carry the page's CSRF token, derived from the access token so
// it needs no storage. Runs after the token gate in auth.ts; safe methods pass untouched.
import type { Context, MiddlewareHandler } from "hono";
import { nodeCrypto } from "../core/builtins.ts";
import { allowedHosts, tokensMatch } from "./auth.ts";

export const CSRF_FIELD = "_csrf";
export const CSRF_HEADER = "x-keel-csrf";
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The CSRF token the server's pages embed in their forms: an HMAC of a fixed label under the access token. */
export function csrfTokenFor(accessToken: string): string {
  return nodeCrypto().createHmac("sha256", accessToken).update("keel-ui-csrf").digest("base64url");
}

export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((host) => `http://${host}`);
}

export function requireSameOriginPost(options: { token: string; port: () => number }): MiddlewareHandler {
  const expected = csrfTokenFor(options.token);
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const site = c.req.header("sec-fetch-site");
    // Pages are served with Referrer-Policy no-referrer, so a browser's own form posts say `Origin: null`;
    // that is accepted only when the browser also vouches the request is same-origin.
    const nullFromSameOrigin = origin === "null" && site === "same-origin";
    if (
      origin !== undefined &&
      !nullFromSameOrigin &&
      !allowedOrigins(options.port()).includes(origin.toLowerCase())
    )
      return refuse(c, "cross-origin request refused");
    if (site !== undefined && site !== "same-origin" && site !== "none")
      return refuse(c, "cross-site request refused");
    const given = c.req.header(CSRF_HEADER) ?? (await formField(c, CSRF_FIELD));
    if (given === undefined || !tokensMatch(given, expected))
      return refuse(c, "missing or wrong CSRF token: reload the page and try again");
    return next();
  };
}

async function formField(c: Context, name: string): Promise<string | undefined> {
  const type = c.req.header("content-type") ?? "";
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)/i.test(type)) return undefined;
  const body = await c.req.parseBody();
  const value = body[name];
  return typeof value === "string" ? value : undefined;
}

function refuse(c: Context, message: string): Response {
  c.header("Cache-Control", "no-store");
  return c.text(`keel: ${message}`, 403);
}
