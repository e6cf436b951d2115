// Rules for HTTP DELETE requests sent from the shell: curl (-X/--request DELETE), wget (--method DELETE),
// HTTPie and xh/curlie (`http DELETE url`), and the forge CLIs' raw API calls (`gh api -X DELETE`).
// Reads, posts and help pass.
import { found, optionValue, type Rule } from "./args.ts";

const HTTPIE = new Set(["http", "https", "xh", "xhs", "curlie"]);
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const httpDelete: Rule = ([name, ...args]) => {
  if (name === "curl") {
    const verb = optionValue(args, ["-X", "--request"]);
    return verb?.toUpperCase() === "DELETE" ? found("http-delete", "curl sends a DELETE request") : undefined;
  }
  if (name === "wget") {
    const verb = optionValue(args, ["--method"]);
    return verb?.toUpperCase() === "DELETE" ? found("http-delete", "wget sends a DELETE request") : undefined;
  }
  if (name !== undefined && HTTPIE.has(name)) {
    const verb = args.find(
      (arg, i) =>
        /^[A-Za-z]+$/.test(arg) && /^[\w.:/-]+$/.test(args[i + 1] ?? "") && METHODS.has(arg.toUpperCase()),
    );
    return verb?.toUpperCase() === "DELETE"
      ? found("http-delete", `${name} sends a DELETE request`)
      : undefined;
  }
  if ((name === "gh" || name === "glab") && args[0] === "api") {
    const verb = optionValue(args, ["-X", "--method"]);
    return verb?.toUpperCase() === "DELETE"
      ? found("http-delete", `${name} api sends a DELETE request`)
      : undefined;
  }
  return undefined;
};

export const HTTP_RULES: Rule[] = [httpDelete];
