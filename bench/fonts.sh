#!/usr/bin/env bash
# Font catalog speed: pickers against fontconfig's own tools, side by side on one machine.
#
#   bench/fonts.sh [--quick]
#
# Pairs (ratio = pickers / anchor, below 1 is faster):
#   pickers font list              vs fc-list : family
#   pickers font list --lang ja    vs fc-list :lang=ja family
#   pickers font match PATTERN     vs fc-match PATTERN
# plus the cache-miss cost (PICKERS_NO_CACHE=1, every answer from fontconfig).
#
# Each pair runs in alternating order for several rounds (hyperfine, no shell, warm-up first),
# so drift on a busy machine hits both sides alike; callgrind instruction counts are added
# because they are stable where wall time is noisy. Results: a table on stdout and
# bench/out/fonts.json (hyperfine's JSON exports of every round are kept beside it).
#
# Environment: PICKERS (binary to test; default: a release build with the static Swift
# standard library), FONTCONFIG_FILE (default: the test font set), ROUNDS, RUNS.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
quick=0
[[ ${1:-} == --quick ]] && quick=1
rounds=${ROUNDS:-$((quick ? 1 : 5))}
runs=${RUNS:-$((quick ? 3 : 20))}
out=$root/bench/out
mkdir -p "$out"

for tool in hyperfine fc-list fc-match python3; do
  command -v "$tool" >/dev/null || { echo "bench/fonts.sh: needs $tool (apt-get install hyperfine fontconfig python3)" >&2; exit 1; }
done

if [[ -z ${PICKERS:-} ]]; then
  swift build -c release --static-swift-stdlib --product pickers >&2
  strip -o "$out/pickers" "$root/.build/release/pickers"
  PICKERS=$out/pickers
fi
[[ -n ${FONTCONFIG_FILE:-} ]] || "$root/scripts/test-fonts" >&2
export FONTCONFIG_FILE=${FONTCONFIG_FILE:-$root/Tests/Fixtures/fonts.conf}
export XDG_CACHE_HOME=$out/xdg-cache
export SWIFT_BACKTRACE=enable=no
rm -rf "$XDG_CACHE_HOME"

pattern='serif:lang=ja'
names=(list lang match list-miss)
pickers_cmds=(
  "$PICKERS font list"
  "$PICKERS font list --lang ja"
  "$PICKERS font match $pattern"
  "env PICKERS_NO_CACHE=1 $PICKERS font list"
)
anchor_cmds=(
  "fc-list : family"
  "fc-list :lang=ja family"
  "fc-match $pattern"
  "env fc-list : family"
)

# Same answers first: a fast wrong answer is no result.
diff <($PICKERS font list | sort -u) <(fc-list --format '%{family[0]}\n' | sort -u) >/dev/null ||
  { echo "bench/fonts.sh: font list differs from fc-list" >&2; exit 1; }

for i in "${!names[@]}"; do
  for round in $(seq 1 "$rounds"); do
    if (( round % 2 )); then
      first=${pickers_cmds[$i]} second=${anchor_cmds[$i]}
    else
      first=${anchor_cmds[$i]} second=${pickers_cmds[$i]}
    fi
    hyperfine -N --warmup 3 --runs "$runs" --style none \
      --export-json "$out/fonts-${names[$i]}-$round.json" "$first" "$second" >/dev/null
  done
done

# Instructions executed (stable on a busy machine). A leading `env VAR=value` is applied to
# valgrind itself, so the count is the program's, not env's. valgrind cannot read the debug
# info of a static Swift binary: strip a copy first (bench does this for its own build).
callgrind() {
  command -v valgrind >/dev/null || { echo 0; return; }
  local -a words=($1) prefix=()
  if [[ ${words[0]} == env ]]; then
    words=("${words[@]:1}")
    while [[ ${words[0]} == *=* ]]; do prefix+=("${words[0]}"); words=("${words[@]:1}"); done
  fi
  env "${prefix[@]}" valgrind --tool=callgrind --callgrind-out-file=/dev/null "${words[@]}" \
    2>&1 >/dev/null | sed -n 's/.*refs: *//p' | tr -d ,
}
: >"$out/fonts-instructions.tsv"
for i in "${!names[@]}"; do
  printf '%s\t%s\t%s\n' "${names[$i]}" "$(callgrind "${pickers_cmds[$i]}")" \
    "$(callgrind "${anchor_cmds[$i]}")" >>"$out/fonts-instructions.tsv"
done

python3 - "$out" "$rounds" "${names[@]}" <<'PY'
import json, statistics, sys, datetime, platform
out, rounds, names = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
instructions = {}
for line in open(f"{out}/fonts-instructions.tsv"):
    name, ours, theirs = line.rstrip("\n").split("\t")
    instructions[name] = (int(ours or 0), int(theirs or 0))
rows = []
for name in names:
    times = {"pickers": [], "anchor": []}
    commands = {}
    for r in range(1, rounds + 1):
        data = json.load(open(f"{out}/fonts-{name}-{r}.json"))
        for result in data["results"]:
            side = "pickers" if "pickers" in result["command"] else "anchor"
            times[side] += result["times"]
            commands[side] = result["command"]
    p, a = statistics.median(times["pickers"]), statistics.median(times["anchor"])
    ip, ia = instructions.get(name, (0, 0))
    rows.append({"job": name, "pickers": commands["pickers"], "anchor": commands["anchor"],
                 "pickers_median_ms": round(p * 1000, 2), "anchor_median_ms": round(a * 1000, 2),
                 "ratio": round(p / a, 3), "pickers_instructions": ip,
                 "anchor_instructions": ia,
                 "instruction_ratio": round(ip / ia, 3) if ia else None})
print(f"{'job':<10} {'pickers ms':>10} {'anchor ms':>10} {'ratio':>6} {'pickers Ir':>12} {'anchor Ir':>12} {'Ir ratio':>8}")
for r in rows:
    print(f"{r['job']:<10} {r['pickers_median_ms']:>10} {r['anchor_median_ms']:>10} {r['ratio']:>6} "
          f"{r['pickers_instructions']:>12,} {r['anchor_instructions']:>12,} {r['instruction_ratio'] or '-':>8}")
json.dump({"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
           "machine": platform.platform(), "rounds": rounds, "results": rows},
          open(f"{out}/fonts.json", "w"), indent=2)
print(f"wrote {out}/fonts.json")
PY
