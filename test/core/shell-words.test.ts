// The shell-word reader: here-documents and here-strings become stdin text, substitutions keep their
// command's words, compound-command words fall away, and quoted text stays one word.
import { describe, expect, it } from "vitest";
import { parseCommands } from "../../src/core/shell/shell-words.ts";

describe("parseCommands", () => {
  it("lifts here-document bodies into the reading command's stdin", () => {
    const [psql, ls] = parseCommands("psql app <<'SQL'\nDROP TABLE t;\nSQL\nls -l");
    expect(psql).toMatchObject({ argv: ["psql", "app"], stdin: "DROP TABLE t;" });
    expect(ls?.argv).toEqual(["ls", "-l"]);
  });

  it("strips leading tabs for <<- and reads here-strings", () => {
    expect(parseCommands("cat <<-END\n\tx\n\tEND")[0]?.stdin).toBe("\tx");
    expect(parseCommands("redis-cli <<< 'FLUSHALL'")[0]?.stdin).toBe("FLUSHALL");
  });

  it("hands echoed text to the piped command", () => {
    const commands = parseCommands("echo -n 'FLUSHDB' | redis-cli");
    expect(commands[1]).toMatchObject({ argv: ["redis-cli"], piped: true, stdin: "FLUSHDB" });
  });

  it("keeps a substitution as one unknown word and reads its script apart", () => {
    const commands = parseCommands('chown -R $(whoami) / && echo "`date`"');
    expect(commands.map((command) => command.argv)).toEqual([
      ["chown", "-R", "$__keel_sub_0", "/"],
      ["echo", "$__keel_sub_1"],
      ["whoami"],
      ["date"],
    ]);
    expect(parseCommands("echo '$(rm -rf ~)'").map((command) => command.argv)).toEqual([
      ["echo", "$(rm -rf ~)"],
    ]);
  });

  it("records truncating and appending redirects apart, and drops fd duplications", () => {
    const [command] = parseCommands("run > out.txt 2>&1 >> all.log");
    expect(command).toMatchObject({
      argv: ["run"],
      writesTo: ["out.txt", "all.log"],
      truncates: ["out.txt"],
    });
  });
});
