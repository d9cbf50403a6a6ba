#!/usr/bin/env bash
# Pictures benchmarks: one-line preview vs hb-view and ImageMagick, specimen of every family vs
# Pillow (and vs hb-view once per family), peak memory, and the in-process glyph rates.
#
#     bench/render_bench.sh            (needs hyperfine, hb-view, convert, python3 with Pillow)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/test-fonts >/dev/null  # the private test font folder fonts.conf lists
export FONTCONFIG_FILE="$PWD/Tests/Fixtures/fonts.conf"
export SWIFT_BACKTRACE=enable=no
OUT=bench/out/render
mkdir -p "$OUT"
swift build -c release --product pickers >/dev/null
swift build -c release --product render-bench >/dev/null
PICKERS=.build/release/pickers
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
TEXT="The quick brown fox jumps over the lazy dog"
PYTHON=${PYTHON:-python3}

echo "== one-line preview, 48 px (DejaVu Sans)"
hyperfine -N --warmup 5 --runs 40 --export-json "$OUT/preview.json" \
  "$PICKERS font preview 'DejaVu Sans' --text '$TEXT' --size 48 -o $OUT/pickers.png" \
  "$PICKERS font preview $FONT --no-fallback --text '$TEXT' --size 48 -o $OUT/pickers-path.png" \
  "hb-view --font-size=48 --output-format=png -o $OUT/hb-view.png $FONT '$TEXT'" \
  "convert -font $FONT -pointsize 48 label:'$TEXT' $OUT/convert.png"

echo "== specimen of every family"
"$PYTHON" bench/render_rows.py > "$OUT/rows.tsv"
FAMILIES=$(wc -l < "$OUT/rows.tsv")
echo "$FAMILIES families"
hyperfine -N --warmup 1 --runs 5 --export-json "$OUT/specimen.json" \
  "$PICKERS font specimen --all --text '$TEXT' --size 32 -o $OUT/specimen-pickers.png" \
  "$PYTHON bench/render_specimen.py $OUT/rows.tsv $OUT/specimen-pillow.png --size 32"
echo "== hb-view once per family (for the issue's comparison)"
start=$(date +%s.%N)
while IFS=$'\t' read -r _ file index; do
  hb-view --font-size=32 --face-index="$((index & 0xFFFF))" --output-format=png \
    -o "$OUT/hb-one.png" "$file" "$TEXT" 2>/dev/null || true
done < "$OUT/rows.tsv"
echo "hb-view x $FAMILIES: $(echo "$(date +%s.%N) - $start" | bc) s"

echo "== peak memory (maximum resident set size)"
for command in \
  "$PICKERS font specimen --all -o $OUT/specimen-default.png" \
  "$PICKERS font specimen --all --text '$TEXT' --size 32 -o $OUT/specimen-pickers.png" \
  "$PYTHON bench/render_specimen.py $OUT/rows.tsv $OUT/specimen-pillow.png --size 32" \
  "$PICKERS font preview 'DejaVu Sans' --text '$TEXT' --size 48 -o $OUT/pickers.png"; do
  kib=$( { eval /usr/bin/time -f '%M' "$command" >/dev/null; } 2>&1 | tail -1)
  echo "$((kib / 1024)) MiB  $command"
done

echo "== glyph rates (in process)"
.build/release/render-bench
