// Who may talk to the local UI server (pages and MCP): Host and Origin checks against DNS rebinding and other
// sites, then a per-server random token (query, bearer header or cookie, compared in constant time).
// Security headers are set in app.ts.
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

/** The origins of this server's own pages; a request from any other origin is refused. */
export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((host) => `http://${host}`);
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

/** Rejects foreign Host headers (403) and requests without the token (401); a query token sets the cookie. */
export function requireLocalToken(options: AuthOptions): MiddlewareHandler {
  return async (c, next) => {
    const port = options.port();
    const host = (c.req.header("host") ?? new URL(c.req.url).host).toLowerCase();
    if (!allowedHosts(port).includes(host))
      return denied(c, 403, "This keel server only answers on 127.0.0.1.");
    const origin = c.req.header("origin")?.toLowerCase();
    if (origin !== undefined && !allowedOrigins(port).includes(origin))
      return denied(c, 403, "This keel server does not answer requests from other sites.");
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

function denied(c: Context, status: 401 | 403, message: string): Response {
  const title = status === 401 ? "401 Unauthorized" : "403 Forbidden";
  const body = `<!doctype html><html><head><meta charset="utf-8"><title>keel: ${title}</title></head><body><h1>${title}</h1><p>${message}</p></body></html>`;
  c.header("Cache-Control", "no-store");
  if (status === 401) c.header("WWW-Authenticate", 'Bearer realm="keel"');
  return c.html(body, status);
}
