// Packs "hosting", "forges" and "registries": the CLIs agents use daily for hosting platforms and SaaS
// services, code forges, and package or image registries.
import type { Pack } from "./types.ts";

export const HOSTING_PACK: Pack = {
  id: "hosting",
  title: "hosting platforms and SaaS CLIs",
  tools: [
    "heroku",
    "fly",
    "flyctl",
    "doctl",
    "hcloud",
    "linode-cli",
    "exoscale",
    "scw",
    "pscale",
    "neonctl",
    "turso",
    "supabase",
  ],
  rules: [
    {
      id: "platform-delete",
      reason: "deletes, destroys or turns off what it names on a hosted service",
      alternative: "list it first and check it is not in use; export its data",
      dangerous: ["vercel remove web --yes", "heroku config:unset API_KEY", "stripe prices delete price_1"],
      harmless: ["vercel list", "heroku config", "stripe prices list"],
    },
    {
      id: "cloud-delete",
      reason: "destroys an app or server",
      alternative: "scale it down instead, or snapshot it first",
      dangerous: ["fly apps destroy web -y", "doctl compute droplet delete web-2"],
      harmless: ["fly apps list", "doctl compute droplet list"],
    },
    {
      id: "db-reset",
      reason: "deletes the database's data",
      alternative: "take a dump first",
      dangerous: ["supabase db reset"],
      harmless: ["supabase db dump -f dump.sql"],
    },
  ],
};

export const FORGES_PACK: Pack = {
  id: "forges",
  title: "code forges",
  tools: ["gh", "glab", "tea", "hub", "bb"],
  rules: [
    {
      id: "platform-delete",
      reason: "deletes a repository, release, secret or other forge data",
      alternative: "archive instead of deleting, or check the name first",
      dangerous: ["gh repo delete acme/old --yes", "glab release delete v0.1"],
      harmless: ["gh repo view acme/old", "glab release view v0.1"],
    },
  ],
};

export const REGISTRIES_PACK: Pack = {
  id: "registries",
  title: "package and image registries",
  tools: [
    "npm",
    "pnpm",
    "yarn",
    "bun",
    "cargo",
    "gem",
    "twine",
    "dotnet",
    "nuget",
    "crane",
    "skopeo",
    "oras",
    "regctl",
  ],
  rules: [
    {
      id: "package-unpublish",
      reason: "removes published versions others may depend on",
      alternative: "deprecate the version instead",
      dangerous: ["npm unpublish left-pad@1.0.0"],
      harmless: ["npm unpublish left-pad@1.0.0 --dry-run"],
    },
    {
      id: "platform-delete",
      reason: "yanks a version or deletes an image or package",
      alternative: "deprecate or retag instead",
      dangerous: ["cargo yank --version 0.3.0", "crane delete ghcr.io/acme/app:v1"],
      harmless: ["cargo search serde", "crane ls ghcr.io/acme/app"],
    },
    {
      id: "registry-access",
      reason: "removes a maintainer or a published tag",
      alternative: "check who still needs it",
      dangerous: ["npm owner rm bob left-pad", "cargo owner --remove bob"],
      harmless: ["npm owner ls left-pad", "cargo owner --list"],
    },
  ],
};
