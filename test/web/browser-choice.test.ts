// Which Chromium the browser tests drive: an explicit path, the npm-shipped one, or the system's when present.
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { pickChromium } from "../support/browser.ts";

describe("the browser tests' Chromium", () => {
  it("refuses a KEEL_CHROMIUM path that does not exist, naming it", async () => {
    await expect(pickChromium("/nowhere/chromium", "/usr/bin/chromium")).rejects.toThrow(
      /\/nowhere\/chromium/,
    );
  });

  it("uses a named path as given", async () => {
    const choice = await pickChromium(process.execPath, "/nowhere/chromium");
    expect(choice).toMatchObject({ source: "env", executablePath: process.execPath });
  });

  it("without a system browser, unpacks the npm one: an executable with its swiftshader libraries beside it", async () => {
    const choice = await pickChromium(undefined, "/nowhere/chromium");
    expect(choice.source).toBe("npm");
    expect(statSync(choice.executablePath).mode & 0o111).not.toBe(0);
    expect(existsSync(join(choice.executablePath, "..", "libGLESv2.so"))).toBe(true);
    expect(choice.args).toContain("--no-sandbox");
    expect(choice.args).not.toContain("--disable-web-security");
    // A second call reuses the unpacked copy.
    expect((await pickChromium("npm", "/nowhere/chromium")).executablePath).toBe(choice.executablePath);
  });
});
