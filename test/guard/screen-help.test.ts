// Asking for help, a version, a manual page or where a tool lives is never destructive, whatever the tool.
import { describe, expect, it } from "vitest";
import { asksForHelp } from "../../src/guard/destructive/help.ts";
import { screenCommand } from "../../src/guard/destructive/screen.ts";
import { itPasses } from "../support/screen-cases.ts";

describe("help and version forms", () => {
  itPasses([
    "terraform destroy --help",
    "terraform destroy -help",
    "helm uninstall -h",
    "kubectl delete namespace --help",
    "aws s3 rb help",
    "gcloud projects delete --help",
    "az group delete -h",
    "git filter-branch --help",
    "git help push",
    "mkfs.ext4 --version",
    "crontab --help",
    "rm --help",
    "sudo dd --help",
    "help exec",
    "man wipefs",
    "which dropdb",
    "type -a shred",
    "command -v mkfs",
    "whereis sgdisk",
  ]);

  it("reads a trailing -h as a flag for tools where it is one", () => {
    expect(asksForHelp(["chown", "-R", "bob", "/", "-h"])).toBe(false);
    expect(screenCommand("chown -R bob / -h")).toMatchObject({ destructive: true });
    expect(asksForHelp(["helm", "uninstall", "web", "-h"])).toBe(true);
  });

  it("does not read --help inside a quoted argument as a help request", () => {
    expect(screenCommand("psql -c 'DROP TABLE x -- --help'")).toMatchObject({ rule: "sql-destructive" });
  });
});
