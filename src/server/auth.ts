// Who may talk to the local UI server: a Host check against DNS rebinding, then a per-server random token
// (query, bearer header or cookie, compared in constant time). Security headers are set in app.ts.
import type { Context, MiddlewareHandler } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { nodeCrypto } from "../core/builtins.ts";

export interface AuthOptions {
  token: string;
  /** The port the server listens on; a function because port 0 is resolved only after listening. */
  port: () => number;
}

/** A fresh access token: 32 random bytes, base64url. */
export function createToken(): string {
  return nodeCrypto().randomBytes(32).toString("base64url");
}

/** The Host header values a browser sends to this server; anything else is a rebinding attempt. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/** Cookies ignore ports, so each server's cookie carries its port in the name. */
export function tokenCookieName(port: number): string {
  return `keel_token_${port}`;
}

/** Checks equality without leaking where two strings differ. */
export function tokensMatch(given: string, expected: string): boolean {
  const a = nodeCrypto().createHash("sha256").update(given).digest();
  const b = nodeCrypto().createHash("sha256").update(expected).digest();
  return nodeCrypto().timingSafeEqual(a, b);
}

/** Rejects a missing Host (400), foreign Host headers (403) and requests without the token (401); a query token sets the cookie. */
export function requireLocalToken(options: AuthOptions): MiddlewareHandler {
  return async (c, next) => {
    const port = options.port();
    const header = c.req.header("host");
    // HTTP/1.0 allows a request without Host; it cannot be checked against rebinding, so it is refused.
    if (header === undefined || header.trim() === "")
      return denied(c, 400, "This keel server needs a Host header (use HTTP/1.1 or a browser).");
    const host = header.trim().toLowerCase();
    if (!allowedHosts(port).includes(host))
      return denied(c, 403, "This keel server only answers on 127.0.0.1.");
    const cookieName = tokenCookieName(port);
    const fromQuery = c.req.query("token");
    const candidates = [fromQuery, bearerToken(c.req.header("authorization")), getCookie(c, cookieName)];
    const accepted = candidates.find((value) => value !== undefined && tokensMatch(value, options.token));
    if (accepted === undefined) {
      return denied(c, 401, "This keel UI needs its access token: open the link that `keel ui` printed.");
    }
    if (fromQuery !== undefined && accepted === fromQuery) {
      setCookie(c, cookieName, options.token, { httpOnly: true, sameSite: "Strict", path: "/" });
    }
    await next();
  };
}

function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1];
}

const TITLES = { 400: "400 Bad Request", 401: "401 Unauthorized", 403: "403 Forbidden" } as const;

function denied(c: Context, status: 400 | 401 | 403, message: string): Response {
  const title = TITLES[status];
  const body = `<!doctype html><html><head><meta charset="utf-8"><title>keel: ${title}</title></head><body><h1>${title}</h1><p>${message}</p></body></html>`;
  c.header("Cache-Control", "no-store");
  if (status === 401) c.header("WWW-Authenticate", 'Bearer realm="keel"');
  return c.html(body, status);
}
