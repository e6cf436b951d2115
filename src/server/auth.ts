// Who may talk to the local UI server (pages and MCP): the one Host/Origin policy against DNS rebinding and
// other sites, then a per-server random token (query, bearer header or cookie, compared in constant time).
// The CSRF token on mutations is checked after this (csrf.ts); security headers are set in app.ts.
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

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Methods that change nothing; everything else is a mutation (CSRF-checked, same-origin only). */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method.toUpperCase());
}

/**
 * The server's one Host/Origin policy, for every request (pages, static files, /mcp), or why it is refused.
 * - Host must name this server (DNS rebinding).
 * - Origin, when sent, must be this server's own. Pages are served with Referrer-Policy no-referrer, so a
 *   browser's own form posts say `Origin: null`; that passes only when the browser also vouches the request is
 *   same-origin (Sec-Fetch-Site). Clients that send no Origin (MCP hosts, curl) are unaffected.
 * - A mutation the browser marks as cross-site or same-site (another port, another local server) is refused.
 */
export function originRefusal(
  headers: { host?: string; origin?: string; site?: string },
  method: string,
  port: number,
): string | undefined {
  if (!allowedHosts(port).includes((headers.host ?? "").toLowerCase()))
    return "This keel server only answers on 127.0.0.1.";
  const { origin, site } = headers;
  const nullFromSameOrigin = origin === "null" && site === "same-origin";
  if (origin !== undefined && !nullFromSameOrigin && !allowedOrigins(port).includes(origin.toLowerCase()))
    return "cross-origin request refused: this keel server answers only its own pages.";
  if (!isSafeMethod(method) && site !== undefined && site !== "same-origin" && site !== "none")
    return "cross-site request refused.";
  return undefined;
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

/**
 * Rejects a missing Host (400), what the Host/Origin policy refuses (403) and requests without the token (401); a
 * query token sets the cookie.
 */
export function requireLocalToken(options: AuthOptions): MiddlewareHandler {
  return async (c, next) => {
    const port = options.port();
    const header = c.req.header("host");
    // HTTP/1.0 allows a request without Host; it cannot be checked against rebinding, so it is refused.
    if (header === undefined || header.trim() === "")
      return denied(c, 400, "This keel server needs a Host header (use HTTP/1.1 or a browser).");
    const refusal = originRefusal(
      { host: header.trim(), origin: c.req.header("origin"), site: c.req.header("sec-fetch-site") },
      c.req.method,
      port,
    );
    if (refusal !== undefined) return denied(c, 403, refusal);
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

/** The token of an `Authorization: Bearer` header, if any. */
export function bearerToken(header: string | undefined): string | undefined {
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
