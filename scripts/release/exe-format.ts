// Reads an executable's header bytes: ELF, Mach-O (64-bit, thin) or PE, and the CPU it is built for. The release
// script refuses a binary whose header does not match its target.
import type { ExeArch, ExeFormat } from "./targets.ts";

export interface ExeHeader {
  format: ExeFormat;
  arch: ExeArch | "other";
}

const ELF_MACHINE: Record<number, ExeArch> = { 62: "x64", 183: "arm64" };
const MACHO_CPU: Record<number, ExeArch> = { 16777223: "x64", 16777228: "arm64" };
const PE_MACHINE: Record<number, ExeArch> = { 34404: "x64", 43620: "arm64" };

/** The format and CPU a file's first bytes declare, or undefined when it is none of the three. */
export function readExeHeader(bytes: Uint8Array): ExeHeader | undefined {
  if (bytes.length < 64) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // ELF: 0x7f "ELF", 64-bit class, little-endian data, e_machine at 18.
  if (view.getUint32(0) === 0x7f454c46 && bytes[4] === 2 && bytes[5] === 1) {
    return { format: "elf", arch: ELF_MACHINE[view.getUint16(18, true)] ?? "other" };
  }
  // Mach-O 64-bit little-endian: magic 0xfeedfacf, cputype at 4.
  if (view.getUint32(0, true) === 0xfeedfacf) {
    return { format: "macho", arch: MACHO_CPU[view.getUint32(4, true)] ?? "other" };
  }
  // PE: "MZ", e_lfanew at 0x3c pointing at "PE\0\0", then the COFF machine field.
  if (bytes[0] === 0x4d && bytes[1] === 0x5a) {
    const pe = view.getUint32(0x3c, true);
    if (pe + 6 <= bytes.length && view.getUint32(pe) === 0x50450000) {
      return { format: "pe", arch: PE_MACHINE[view.getUint16(pe + 4, true)] ?? "other" };
    }
  }
  return undefined;
}
