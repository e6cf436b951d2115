// The CSRF token on every UI mutation: a POST carries the page's CSRF token, derived from the access token so it
// needs no storage. Runs after auth.ts, which holds the server's one Host/Origin policy (Origin and
// Sec-Fetch-Site included) and the token gate; safe methods pass untouched. The API paths (MCP at /mcp) take no
// form posts: there a request that authenticates with `Authorization: Bearer <access token>` needs no CSRF
// token (a browser never attaches that header to a cross-site request by itself); one that relies on the
// cookie still does, so it is refused.
import type { Context, MiddlewareHandler } from "hono";
import { nodeCrypto } from "../core/builtins.ts";
import { bearerToken, isSafeMethod, tokensMatch } from "./auth.ts";
import { refuse } from "./refusal.ts";

export const CSRF_FIELD = "_csrf";
export const CSRF_HEADER = "x-keel-csrf";

/** The CSRF token the server's pages embed in their forms: an HMAC of a fixed label under the access token. */
export function csrfTokenFor(accessToken: string): string {
  return nodeCrypto().createHmac("sha256", accessToken).update("keel-ui-csrf").digest("base64url");
}

export function requireCsrfToken(options: { token: string; apiPaths: readonly string[] }): MiddlewareHandler {
  const expected = csrfTokenFor(options.token);
  return async (c, next) => {
    if (isSafeMethod(c.req.method)) return next();
    if (options.apiPaths.includes(c.req.path)) {
      const bearer = bearerToken(c.req.header("authorization"));
      if (bearer !== undefined && tokensMatch(bearer, options.token)) return next();
    }
    const given = c.req.header(CSRF_HEADER) ?? (await formField(c, CSRF_FIELD));
    if (given === undefined || !tokensMatch(given, expected))
      return refuse(403, "missing or wrong CSRF token: reload the page and try again");
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
