#!/bin/sh
# Installs a keel release binary: picks the file for this machine from a release folder or URL (as written by
# `npm run release`), checks it against that release's SHA256SUMS, and puts it on the PATH as `keel`.
# Usage: sh install.sh <release folder | https://… release URL> [--dir <bin folder>] [--force]
set -eu

say() { printf 'keel install.sh: %s\n' "$*"; }
die() { printf 'keel install.sh: %s\n' "$*" >&2; exit 1; }

source_="" dir="${KEEL_INSTALL_DIR:-$HOME/.local/bin}" force=0
while [ $# -gt 0 ]; do
  case "$1" in
    --dir) [ $# -ge 2 ] || die "--dir needs a folder"; dir="$2"; shift 2 ;;
    --force) force=1; shift ;;
    -h|--help)
      sed -n '2,4p' "$0" | sed 's/^# \{0,1\}//'
      exit 0 ;;
    -*) die "unknown option $1 (try --help)" ;;
    *) [ -z "$source_" ] || die "one release folder or URL, got a second: $1"; source_="$1"; shift ;;
  esac
done
[ -n "$source_" ] || die "name the release folder or URL (try --help)"

case "$(uname -s)" in
  Linux) os=linux ;;
  Darwin) os=darwin ;;
  *) die "no keel binary for $(uname -s) from this script: on Windows, take keel-windows-x64.exe by hand" ;;
esac
case "$(uname -m)" in
  x86_64|amd64) arch=x64 ;;
  aarch64|arm64) arch=arm64 ;;
  *) die "no keel binary for the $(uname -m) processor" ;;
esac
name="keel-$os-$arch"
# x64 CPUs without AVX2 need the baseline build.
if [ "$os-$arch" = linux-x64 ] && [ -r /proc/cpuinfo ] && ! grep -qw avx2 /proc/cpuinfo; then
  name="keel-linux-x64-baseline"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/keel-install.XXXXXX")"
trap 'rm -rf "$work"' EXIT INT TERM

fetch() { # fetch <name> <destination>
  case "$source_" in
    http://*|https://*)
      url="${source_%/}/$1"
      if command -v curl >/dev/null 2>&1; then curl -fsSL --proto '=https,http' -o "$2" "$url" || die "could not download $url"
      elif command -v wget >/dev/null 2>&1; then wget -q -O "$2" "$url" || die "could not download $url"
      else die "downloading needs curl or wget; or download the release folder and pass its path"; fi ;;
    *)
      [ -f "$source_/$1" ] || die "$source_/$1 does not exist"
      cp "$source_/$1" "$2" ;;
  esac
}

fetch SHA256SUMS "$work/SHA256SUMS"
fetch "$name" "$work/$name"
expected="$(awk -v n="$name" '$2 == n || $2 == "*" n { print $1 }' "$work/SHA256SUMS")"
[ -n "$expected" ] || die "SHA256SUMS has no line for $name"
if command -v sha256sum >/dev/null 2>&1; then actual="$(sha256sum "$work/$name" | awk '{ print $1 }')"
elif command -v shasum >/dev/null 2>&1; then actual="$(shasum -a 256 "$work/$name" | awk '{ print $1 }')"
else die "checking the download needs sha256sum or shasum"; fi
[ "$actual" = "$expected" ] || die "$name does not match SHA256SUMS (expected $expected, got $actual): not installed"

mkdir -p "$dir"
target="$dir/keel"
if [ -e "$target" ] && [ "$force" -ne 1 ] && ! cmp -s "$target" "$work/$name"; then
  die "$target already exists: pass --force to replace it"
fi
# Copy beside the target, then rename: a half-written keel never sits on the PATH.
cp "$work/$name" "$dir/.keel.partial.$$"
chmod 755 "$dir/.keel.partial.$$"
mv -f "$dir/.keel.partial.$$" "$target"
say "installed $name as $target ($("$target" --version 2>/dev/null || echo 'version unknown'))"

case ":$PATH:" in
  *":$dir:"*) ;;
  *) say "$dir is not on your PATH: add it, e.g. export PATH=\"$dir:\$PATH\"" ;;
esac
if ! command -v pi >/dev/null 2>&1; then
  say "keel works inside pi, which is not on the PATH: install it with Node >= 22.19 (npm install -g @earendil-works/pi-coding-agent), then run keel install in your project"
else
  say "next: cd into a project and run keel install, then keel doctor"
fi
