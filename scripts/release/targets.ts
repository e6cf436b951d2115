// The platforms `npm run release` builds, each with the npm package that ships its Bun runtime (pinned by
// version and integrity: the compile embeds that runtime instead of downloading one) and the executable format
// its binary must have.

export type ExeFormat = "elf" | "macho" | "pe";
export type ExeArch = "x64" | "arm64";

export interface ReleaseTarget {
  /** File name part: dist/release/keel-<name>[.exe]. */
  name: string;
  /** Bun's --target. */
  bunTarget: string;
  /** npm package holding that Bun runtime, and the runtime's path inside it. */
  runtimePackage: string;
  runtimePath: string;
  /** sha512 integrity of the package's tarball at the pinned Bun version (as in package-lock.json). */
  integrity: string;
  format: ExeFormat;
  arch: ExeArch;
}

/** The Bun release every runtime package is pinned to; must equal package.json's devDependencies.bun. */
export const RUNTIME_VERSION = "1.4.5";

export const RELEASE_TARGETS: readonly ReleaseTarget[] = [
  {
    name: "linux-x64",
    bunTarget: "bun-linux-x64",
    runtimePackage: "@oven/bun-linux-x64",
    runtimePath: "bin/bun",
    integrity:
      "sha512-IWX9BELoGHAUtMonkeSaNaZwXzRk+oDw6Mk+HBFXd3KHYIBNBsIGRupMZPcgNoDbJpLu6gAJjIoIVPZtt1aJ1g==",
    format: "elf",
    arch: "x64",
  },
  {
    name: "linux-x64-baseline",
    bunTarget: "bun-linux-x64-baseline",
    runtimePackage: "@oven/bun-linux-x64-baseline",
    runtimePath: "bin/bun",
    integrity:
      "sha512-s8yMwYcFnnrA178gji0gZbkE2WVDej/Ti1x770oPfihxyRxSMNhGhiAQNXV53aDeraZxksdvKV/RAdQBCd0qPA==",
    format: "elf",
    arch: "x64",
  },
  {
    name: "linux-arm64",
    bunTarget: "bun-linux-arm64",
    runtimePackage: "@oven/bun-linux-aarch64",
    runtimePath: "bin/bun",
    integrity:
      "sha512-4BXmsSKnjOrlGWqZV4x/oWa7AVoR+B6lCXddMzOAXBIm3t50eslg9wb66gmtW1AamEQ1l1CDvmmruysEhqOWMg==",
    format: "elf",
    arch: "arm64",
  },
  {
    name: "darwin-x64",
    bunTarget: "bun-darwin-x64",
    runtimePackage: "@oven/bun-darwin-x64",
    runtimePath: "bin/bun",
    integrity:
      "sha512-qkLPMGHZM9NI6CeHTWwVezzmlo6cC4Ta7yUAjYIWXS366qQcOlcp75t2uZyiuVRBMPS0h9qE0tCcvCHGaFqjJg==",
    format: "macho",
    arch: "x64",
  },
  {
    name: "darwin-arm64",
    bunTarget: "bun-darwin-arm64",
    runtimePackage: "@oven/bun-darwin-aarch64",
    runtimePath: "bin/bun",
    integrity:
      "sha512-4MIFXHmctH2EhAxLXm2/qxNtv17dFtLJylvaOCsrgq6KSqHTs6eW5YSrJjRbJxYUJaR901fsN8JfZOa+CsWpWQ==",
    format: "macho",
    arch: "arm64",
  },
  {
    name: "windows-x64",
    bunTarget: "bun-windows-x64",
    runtimePackage: "@oven/bun-windows-x64",
    runtimePath: "bin/bun.exe",
    integrity:
      "sha512-FNvply651vcE/GHgNWz6mZvhmkwBuu8Hw54oNzA+CQog+HW+542rXQmZqNHRkFxazD9L3xi+iTtvO3engAgJfw==",
    format: "pe",
    arch: "x64",
  },
];

export function binaryName(target: ReleaseTarget): string {
  return `keel-${target.name}${target.format === "pe" ? ".exe" : ""}`;
}
