// Round two of the screen's rules, by kind rather than by text: any CLI's deleting subcommands and options,
// re-read text naming an outside command, rm asking first, restore tools that drop, diskutil's erasing verbs,
// JavaScript's recursive rm from any module, HTTPie with options first, PowerShell power and piped deletes.
import { describe, expect, it } from "vitest";
import { screenCommand } from "../../src/guard/destructive/screen.ts";

const flags = (line: string) => screenCommand(line).destructive;

describe("screen rules generalised by kind", () => {
  it("asks about a deleting subcommand or option of a CLI no pack names", () => {
    for (const line of [
      "lxc delete web --force",
      "multipass delete --purge dev-vm",
      "incus storage volume delete pool vol1",
      "mytool queue purgeAll",
      "acme-cli api:projects:destroy --id 7",
      "restic forget --prune --keep-last 1",
      "someadmin --drop-database shop",
    ])
      expect(screenCommand(line), line).toMatchObject({ destructive: true, pack: "any-cli" });
  });

  it("lets listings, dry runs, help, dependency removal and test filters pass", () => {
    for (const line of [
      "lxc list",
      "multipass info dev-vm",
      "mytool queue purgeAll --dry-run",
      "lxc delete --help",
      "yarn remove lodash",
      "poetry remove requests",
      "pytest -k delete_user",
      "jest -t 'destroy session'",
      "gh issue list --search delete",
    ])
      expect(flags(line), line).toBe(false);
  });

  it('reads positional parameters in eval and sh -c text as unknowable, but not exec "$@"', () => {
    expect(screenCommand("eval $@")).toMatchObject({ destructive: true, rule: "unknowable-command" });
    expect(screenCommand('sh -c "$1"')).toMatchObject({ destructive: true, rule: "unknowable-command" });
    expect(flags('exec "$@"')).toBe(false);
  });

  it("lets rm -i pass unless answers are piped in or -f comes later", () => {
    expect(flags("rm -ri olddir")).toBe(false);
    expect(flags("rm -r --interactive=once olddir")).toBe(false);
    expect(flags("yes | rm -ri ~")).toBe(true);
    expect(flags("rm -rif ~")).toBe(true);
  });

  it("catches restore tools that drop first, diskutil erasing, JS recursive rm, HTTPie DELETE after options", () => {
    for (const line of [
      "pg_restore -c -d shop backup.dump",
      "mongorestore --drop --db shop dump/shop",
      "diskutil secureErase 0 disk3",
      "diskutil apfs deleteContainer disk5",
      "node -e \"require('node:fs/promises').rm('data', { recursive: true })\"",
      "http --auth-type bearer --auth tok DELETE example.org/items/3",
    ])
      expect(flags(line), line).toBe(true);
    for (const line of ["pg_restore -l backup.dump", "diskutil info disk3", "node -e \"x.rm('a')\""])
      expect(flags(line), line).toBe(false);
  });

  it("reads PowerShell power cmdlets and a recursive listing piped into Remove-Item; /? is help", () => {
    expect(flags("Restart-Computer -Force")).toBe(true);
    expect(flags('powershell -Command "gci -Recurse C:\\data | Remove-Item -Force"')).toBe(true);
    expect(flags("launchctl reboot")).toBe(true);
    expect(flags("shutdown /?")).toBe(false);
  });
});
