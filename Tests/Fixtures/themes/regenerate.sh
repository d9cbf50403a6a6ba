#!/usr/bin/env bash
# Regenerates the theme golden files from the built binary. Review the diff by eye before
# committing: these files are what ThemeGoldenTests compares the output with, byte for byte.
# alacritty and foot are written for a fixed client version, so the installed ones do not
# change the files. Usage: swift build && Tests/Fixtures/themes/regenerate.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
pickers="${PICKERS:-$root/.build/debug/pickers}"
export FONTCONFIG_FILE="$root/Tests/Fixtures/fonts.conf"
for format in $("$pickers" theme --format list | cut -d' ' -f1); do
  version=()
  case "$format" in
    alacritty) version=(--client-version 0.13) ;;
    foot) version=(--client-version 1.13) ;;
  esac
  "$pickers" theme --accent system-blue --scheme dark --format "$format" "${version[@]}" \
    -o "$here/system-blue-dark.$format"
done
for format in json css; do
  "$pickers" theme --accent system-blue --scheme both --format "$format" \
    -o "$here/system-blue-both.$format"
done
# foot's later spellings, and a light scheme for the section foot 1.26 names after it.
"$pickers" theme --accent system-blue --scheme dark --format foot --client-version 1.23 \
  -o "$here/system-blue-dark.foot-1.23"
"$pickers" theme --accent system-blue --scheme light --format foot --client-version 1.26 \
  -o "$here/system-blue-light.foot-1.26"
