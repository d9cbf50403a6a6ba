#!/usr/bin/env bash
# Regenerates the theme golden files from the built binary. Review the diff by eye before
# committing: these files are what ThemeGoldenTests compares the output with, byte for byte.
# Usage: swift build && Tests/Fixtures/themes/regenerate.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$here/../../.."
pickers="${PICKERS:-$root/.build/debug/pickers}"
export FONTCONFIG_FILE="$root/Tests/Fixtures/fonts.conf"
for format in $("$pickers" theme --format list | cut -d' ' -f1); do
  "$pickers" theme --accent system-blue --scheme dark --format "$format" \
    -o "$here/system-blue-dark.$format"
done
for format in json css; do
  "$pickers" theme --accent system-blue --scheme both --format "$format" \
    -o "$here/system-blue-both.$format"
done
