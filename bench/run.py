#!/usr/bin/env python3
"""pickers against the tools people use today, side by side on this machine (issue 8).

Run through `bench/run [--quick]`, which installs the anchors and builds pickers first.

    bench/.venv/bin/python bench/run.py --pickers PATH --bench PATH [--quick]
        [--dynamic PATH --static PATH]   (start-up analysis of two builds of the same source)
        [--output bench/results.json]

Command pairs run alternately (pickers, anchor, anchor, pickers, ...) after a warm-up; each run
is spawned directly (no shell) and reaped with wait4 for its wall time; peak resident memory
comes from separate runs under /usr/bin/time -f %M. In-process pairs run the
anchor's own Python script and `pickers-bench` on the same inputs. Ratio = pickers / anchor
(time; below 1 is faster). No speed is asserted: a slow machine gives slow numbers, not a
failure. A pair whose answers differ is reported as such.
"""

import argparse
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(BENCH)
OUT = os.path.join(BENCH, "out")
FONTS_CONF = os.path.join(ROOT, "Tests", "Fixtures", "fonts.conf")
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
TEXT = "The quick brown fox jumps over the lazy dog"
# The real ImageMagick binary: on some machines a wrapper script named convert comes first in
# PATH, and timing that would time the wrapper.
CONVERT = next((p for p in ("/usr/bin/convert-im6.q16", "/usr/bin/convert") if os.path.exists(p)),
               shutil.which("convert") or "convert")


def log(message):
    print(message, file=sys.stderr, flush=True)


def spawn(argv, env, stdout_path=os.devnull):
    """Runs argv once; returns (wall seconds, peak RSS in KiB, exit status)."""
    actions = [
        (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
        (os.POSIX_SPAWN_OPEN, 1, stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644),
        (os.POSIX_SPAWN_OPEN, 2, os.devnull, os.O_WRONLY, 0),
    ]
    start = time.perf_counter()
    pid = os.posix_spawnp(argv[0], argv, env, file_actions=actions)  # cwd: ROOT (see main)
    _, status, usage = os.wait4(pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_maxrss, os.waitstatus_to_exitcode(status)


def peak_kib(argv, env, runs=3):
    """Peak resident memory in KiB, the largest of `runs` runs under /usr/bin/time -f %M.

    wait4's ru_maxrss cannot be used for this: a child spawned from Python reports Python's
    own high-water mark when the program it runs is smaller.
    """
    if not os.path.exists("/usr/bin/time"):
        return None
    report = os.path.join(OUT, "time-report.txt")
    peak = 0
    for _ in range(runs):
        spawn(["/usr/bin/time", "-f", "%M", "-o", report] + argv, env)
        with open(report) as handle:
            peak = max(peak, int(handle.read().split()[-1]))
    return peak


def output_of(argv, env):
    return subprocess.run(argv, env=env, capture_output=True, text=True, check=True).stdout


def alternate(pickers, anchor, env, warmup, runs):
    """Runs both commands `runs` times each, alternating which goes first, after a warm-up."""
    for _ in range(warmup):
        for argv in (pickers, anchor):
            spawn(argv, env)
    samples = {"pickers": [], "anchor": []}
    failures = {"pickers": 0, "anchor": 0}
    for index in range(runs):
        order = [("pickers", pickers), ("anchor", anchor)]
        if index % 2:
            order.reverse()
        for side, argv in order:
            wall, rss, status = spawn(argv, env)
            samples[side].append((wall, rss))
            failures[side] += status != 0
    result = {}
    for side, values in samples.items():
        walls = [w for w, _ in values]
        peak = peak_kib(pickers if side == "pickers" else anchor, env, 1 if runs < 5 else 3)
        result[side] = {
            "median_ms": round(statistics.median(walls) * 1000, 3),
            "min_ms": round(min(walls) * 1000, 3),
            "max_ms": round(max(walls) * 1000, 3),
            "peak_mib": round((peak or 0) / 1024, 1),
            "runs": len(values),
            "failed_runs": failures[side],
        }
    return result


def with_instructions(row, pickers_argv, anchor_argv, env, args):
    """Adds callgrind's instruction counts of one run of each side (stable where time is not)."""
    if not args.instructions:
        return row
    ours = [args.pickers_for_valgrind] + pickers_argv[1:]
    p, a = callgrind_instructions(ours, env), callgrind_instructions(anchor_argv, env)
    row["pickers_instructions"], row["anchor_instructions"] = p, a
    row["instruction_ratio"] = round(p / a, 4) if p and a else None
    return row


def pair_row(job, anchor, pickers_argv, anchor_argv, measured, target, extra=None):
    p, a = measured["pickers"], measured["anchor"]
    ratio = p["median_ms"] / a["median_ms"] if a["median_ms"] else None
    row = {
        "job": job, "anchor": anchor,
        "pickers_command": " ".join(pickers_argv), "anchor_command": " ".join(anchor_argv),
        "pickers_ms": p["median_ms"], "anchor_ms": a["median_ms"],
        "pickers_peak_mib": p["peak_mib"], "anchor_peak_mib": a["peak_mib"],
        "ratio": round(ratio, 4) if ratio else None, "target": target,
        "met": ratio is not None and ratio <= target,
        "detail": measured,
    }
    row.update(extra or {})
    if p["failed_runs"] or a["failed_runs"]:
        row["met"] = False
        row["note"] = (row.get("note", "") + f" failed runs: pickers {p['failed_runs']}, "
                       f"anchor {a['failed_runs']}").strip()
    return row


def lines(argv, env):
    return sorted(set(line.strip() for line in output_of(argv, env).splitlines() if line.strip()))


def font_pairs(args, env, runs):
    pickers = args.pickers
    rows = []
    pattern = "serif:lang=ja"
    jobs = [
        ("list families", [pickers, "font", "list"], ["fc-list", ":", "family"],
         ["fc-list", "--format", "%{family[0]}\\n"]),
        ("families covering ja", [pickers, "font", "list", "--lang", "ja"],
         ["fc-list", ":lang=ja", "family"], ["fc-list", "--format", "%{family[0]}\\n", ":lang=ja"]),
        ("match a pattern", [pickers, "font", "match", pattern], ["fc-match", pattern], None),
    ]
    for job, ours, theirs, reference in jobs:
        log(f"  {job}")
        extra = {}
        if reference:
            same = lines(ours, env) == lines(reference, env)
            extra["same_answer"] = same
            if not same:
                extra["note"] = "answers differ from fontconfig's"
        else:
            expected = output_of(["fc-match", "--format", "%{family[0]}", pattern], env).strip()
            extra["same_answer"] = expected in output_of(ours, env)
        measured = alternate(ours, theirs, env, warmup=3, runs=runs)
        rows.append(with_instructions(
            pair_row(job, " ".join(theirs), ours, theirs, measured, 0.9, extra),
            ours, theirs, env, args))
    return rows


def picture_pairs(args, env, quick):
    pickers = args.pickers
    out = os.path.join(OUT, "pictures")
    os.makedirs(out, exist_ok=True)
    rows = []
    runs = 3 if quick else 20

    log("  one-line preview, 48 px")
    ours = [pickers, "font", "preview", "DejaVu Sans", "--text", TEXT, "--size", "48",
            "-o", f"{out}/preview-pickers.png"]
    hb = ["hb-view", "--font-size=48", "--output-format=png", "-o", f"{out}/preview-hb.png",
          DEJAVU, TEXT]
    im = [CONVERT, "-font", DEJAVU, "-pointsize", "48", f"label:{TEXT}", f"{out}/preview-im.png"]
    rows.append(with_instructions(pair_row("preview 48 px", "hb-view", ours, hb,
                                           alternate(ours, hb, env, 3, runs), 1.0),
                                  ours, hb, env, args))
    rows.append(with_instructions(pair_row("preview 48 px", "convert label:", ours, im,
                                           alternate(ours, im, env, 3, runs), 0.5),
                                  ours, im, env, args))

    # Like for like: the same font file, no font lookup and no fallback on either side.
    by_file = [pickers, "font", "preview", DEJAVU, "--no-fallback", "--text", TEXT,
               "--size", "48", "-o", f"{out}/preview-pickers-file.png"]
    row = with_instructions(pair_row("preview 48 px, font file", "hb-view", by_file, hb,
                                     alternate(by_file, hb, env, 3, runs), 1.0),
                            by_file, hb, env, args)
    row["in_issue_table"] = False
    rows.append(row)

    log("  specimen of every family")
    rows_tsv = os.path.join(out, "specimen-rows.tsv")
    with open(rows_tsv, "w") as handle:
        subprocess.run([sys.executable, os.path.join(BENCH, "render_rows.py")], env=env,
                       stdout=handle, check=True)
    with open(rows_tsv, encoding="utf-8") as handle:
        specimen_rows = handle.readlines()
    if quick:
        # A dozen families prove the pair works; the full run draws every family.
        specimen_rows = specimen_rows[:12]
        with open(rows_tsv, "w", encoding="utf-8") as handle:
            handle.writelines(specimen_rows)
    families = [line.split("\t")[0] for line in specimen_rows]
    ours = [pickers, "font", "specimen", "--text", TEXT, "--size", "32",
            "-o", f"{out}/specimen-pickers.png"]
    ours[3:3] = families if quick else ["--all"]
    pillow = [sys.executable, os.path.join(BENCH, "render_specimen.py"), rows_tsv,
              f"{out}/specimen-pillow.png", "--size", "32", "--text", TEXT]
    measured = alternate(ours, pillow, env, 1, 1 if quick else 5)
    row = pair_row(f"specimen of {len(families)} families", "Pillow, one process", ours, pillow,
                   measured, 0.25)
    row["memory_target_mib"] = 64
    row["memory_met"] = measured["pickers"]["peak_mib"] <= 64
    row["met"] = row["met"] and row["memory_met"]
    rows.append(row)

    log("  256x256 swatch")
    ours = [pickers, "color", "swatch", "#3478f6", "--size", "256x256",
            "-o", f"{out}/swatch-pickers.png"]
    im = [CONVERT, "-size", "256x256", "xc:#3478f6", f"{out}/swatch-im.png"]
    rows.append(with_instructions(pair_row("256x256 swatch", "convert xc:", ours, im,
                                           alternate(ours, im, env, 3, runs), 0.5),
                                  ours, im, env, args))
    return rows


def python_json(script, arguments, env):
    text = output_of([sys.executable, os.path.join(BENCH, script)] + arguments, env)
    return json.loads(text)


def in_process_pairs(args, env, quick):
    rows = []
    log("  parse CSS strings (coloraide)")
    count = 2_000 if quick else 100_000
    parse = python_json("color_parse.py", ["--bench", args.bench, "--count", str(count),
                                           "--rounds", "1" if quick else "3"], env)
    coloraide_ms = parse["coloraide"]["seconds"] * 1000
    pickers_ms = count / parse["pickers"]["perSecond"] * 1000
    rows.append({
        "job": f"parse {count:,} CSS strings", "anchor": "coloraide, one process",
        "pickers_ms": round(pickers_ms, 3), "anchor_ms": round(coloraide_ms, 3),
        "ratio": round(parse["ratio"], 5), "target": 0.02, "met": parse["ratio"] <= 0.02,
        "detail": parse,
    })

    log("  convert sRGB to OKLCH (colour-science)")
    count = 20_000 if quick else 1_000_000
    convert = python_json("color_convert.py", [
        "--bench", args.bench, "--count", str(count), "--rounds", "1" if quick else "3",
        "--coloraide-count", "1000" if quick else "20000"], env)
    rate = convert["pickers"]["color.convert.srgb-oklch.buffer"]
    anchor_rate = convert["colour-science"]["perSecond"]
    ratio = anchor_rate / rate
    rows.append({
        "job": f"convert {count:,} sRGB to OKLCH", "anchor": "colour-science numpy batch",
        "pickers_ms": round(count / rate * 1000, 3), "anchor_ms": round(count / anchor_rate * 1000, 3),
        "pickers_per_s": round(rate), "anchor_per_s": round(anchor_rate),
        "ratio": round(ratio, 4), "target": 0.125,
        "met": ratio <= 0.125 and rate >= 20e6,
        "note": "target: >= 8x colour-science and >= 20 M/s",
        "detail": convert,
    })

    log("  PNG encode (Pillow)")
    pillow = python_json("png_encode.py", ["--quick"] if quick else ["--runs", "5"], env)
    ours = {entry["name"]: entry["value"] for entry in json.loads(
        output_of([args.bench, "--json"] + (["--quick"] if quick else []) + ["png"], env))}
    side = "1024x1024" if quick else "4096x4096"
    for level, name, main in (("6", "default", True), ("1", "fast", False), ("9", "smallest", False)):
        anchor = pillow["encode"][level]
        ratio = ours[f"png.encode.{name}"] / anchor["median_ms"]
        size_ratio = ours[f"png.encode.{name}.size"] / anchor["bytes"]
        rows.append({
            "job": f"{side} RGBA encode, zlib {level}", "anchor": "Pillow save",
            "pickers_ms": round(ours[f"png.encode.{name}"], 2), "anchor_ms": anchor["median_ms"],
            "pickers_bytes": int(ours[f"png.encode.{name}.size"]), "anchor_bytes": anchor["bytes"],
            "ratio": round(ratio, 3), "size_ratio": round(size_ratio, 4),
            "target": 1.0, "size_target": 1.02, "met": ratio <= 1.0 and size_ratio <= 1.02,
            "in_issue_table": main,
        })
    return rows


def callgrind_instructions(argv, env):
    if not shutil.which("valgrind"):
        return None
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
                            + argv, env=env, capture_output=True, text=True)
    for line in result.stderr.splitlines():
        if "refs:" in line:
            return int(line.split("refs:")[1].strip().replace(",", ""))
    return None


def startup(args, env, quick):
    """What each build does before main: instructions (callgrind) and wall time."""
    builds = {"dynamic": args.dynamic, "static": args.static}
    builds = {name: path for name, path in builds.items() if path and os.path.exists(path)}
    result = {"builds": {}}
    commands = {f"pickers {name}": [path, "--version"] for name, path in builds.items()}
    valgrind_path = {args.static: args.pickers_for_valgrind}
    if args.dynamic:
        valgrind_path[args.dynamic] = os.path.join(OUT, "pickers-dynamic-for-valgrind")
        subprocess.run(["strip", "-o", valgrind_path[args.dynamic], args.dynamic], check=True)
    commands["fc-list --version"] = ["fc-list", "--version"]
    runs = 5 if quick else 40
    for name, argv in commands.items():
        walls = []
        peak = 0
        for _ in range(3):
            spawn(argv, env)
        for _ in range(runs):
            wall, _, _ = spawn(argv, env)
            walls.append(wall)
        peak = peak_kib(argv, env)
        entry = {"command": " ".join(argv), "median_ms": round(statistics.median(walls) * 1000, 3),
                 "min_ms": round(min(walls) * 1000, 3), "peak_mib": round(peak / 1024, 1),
                 "instructions": callgrind_instructions(
                     [valgrind_path.get(argv[0], argv[0])] + argv[1:], env)}
        if argv[0] != "fc-list":
            entry["bytes"] = os.path.getsize(argv[0])
            libs = output_of(["ldd", argv[0]], env)
            entry["swift_runtime_linked"] = "dynamic" if "libswiftCore" in libs else "static"
            entry["shared_libraries"] = sum(1 for line in libs.splitlines() if "=>" in line)
        result["builds"][name] = entry
    foundation = subprocess.run(
        ["grep", "-rlE", r"^\s*import\s+Foundation\s*$", os.path.join(ROOT, "Sources")],
        capture_output=True, text=True).stdout.split()
    result["files_importing_full_foundation"] = [os.path.relpath(p, ROOT) for p in foundation]
    return result


def table(rows):
    header = (f"{'job':<34} {'anchor':<28} {'pickers':>10} {'anchor':>10} {'ratio':>8} "
              f"{'target':>7} {'met':>4}  peak MiB p/a")
    out = [header, "-" * len(header)]
    for r in rows:
        ratio = "-" if r.get("ratio") is None else f"{r['ratio']:.3g}"
        peak = ""
        if "pickers_peak_mib" in r:
            peak = f"{r['pickers_peak_mib']:.0f}/{r['anchor_peak_mib']:.0f}"
        extra = f"  size {r['size_ratio']:.3f}" if "size_ratio" in r else ""
        if r.get("instruction_ratio") is not None:
            extra += f"  Ir {r['pickers_instructions'] / 1e6:.1f}M/{r['anchor_instructions'] / 1e6:.1f}M"
        if r.get("same_answer") is False:
            extra += "  ANSWERS DIFFER"
        out.append(f"{r['job'][:34]:<34} {r['anchor'][:28]:<28} {r['pickers_ms']:>8.1f}ms "
                   f"{r['anchor_ms']:>8.1f}ms {ratio:>8} {r['target']:>7} "
                   f"{'yes' if r['met'] else 'NO':>4}  {peak}{extra}")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pickers", required=True)
    parser.add_argument("--bench", required=True)
    parser.add_argument("--dynamic")
    parser.add_argument("--static")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--output", default=os.path.join(BENCH, "results.json"))
    parser.add_argument("--no-instructions", dest="instructions", action="store_false",
                        help="skip the callgrind instruction counts")
    args = parser.parse_args()
    args.pickers = os.path.abspath(args.pickers)
    args.static = os.path.abspath(args.static) if args.static else None
    args.dynamic = os.path.abspath(args.dynamic) if args.dynamic else None
    # Quick runs skip callgrind (a dozen valgrind runs would take most of the two minutes).
    args.instructions = args.instructions and not args.quick and shutil.which("valgrind")
    # valgrind cannot read the debug information of the static build ("possibly corrupted
    # debuginfo file"): it counts a stripped copy, the same machine code.
    args.pickers_for_valgrind = os.path.join(OUT, "pickers-for-valgrind")
    subprocess.run(["strip", "-o", args.pickers_for_valgrind, args.pickers], check=True)
    os.chdir(ROOT)  # relative paths (Tests/Fixtures/fonts.conf, bench/out) are from here
    args.bench = os.path.abspath(args.bench)
    os.makedirs(OUT, exist_ok=True)

    env = dict(os.environ)
    env["FONTCONFIG_FILE"] = FONTS_CONF
    env["SWIFT_BACKTRACE"] = "enable=no"
    env["XDG_CACHE_HOME"] = os.path.join(OUT, "xdg-cache")
    env.pop("PICKERS_NO_CACHE", None)
    env["PYTHONWARNINGS"] = "ignore"
    shutil.rmtree(env["XDG_CACHE_HOME"], ignore_errors=True)

    started = time.time()
    load_before = os.getloadavg()
    rows = []
    log("font pairs")
    rows += font_pairs(args, env, 5 if args.quick else 40)
    log("picture pairs")
    rows += picture_pairs(args, env, args.quick)
    log("in-process pairs")
    rows += in_process_pairs(args, env, args.quick)
    log("in-process micro-benchmarks")
    micro = json.loads(output_of([args.bench, "--json"] + (["--quick"] if args.quick else [])
                                 + ["color", "png", "palette", "text"], env))
    log("start-up")
    start_up = startup(args, env, args.quick)

    results = {
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "mode": "quick" if args.quick else "full",
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(),
                    "load_average_before": [round(v, 2) for v in load_before],
                    "load_average_after": [round(v, 2) for v in os.getloadavg()]},
        "seconds": round(time.time() - started, 1),
        "pickers": args.pickers, "font_config": FONTS_CONF,
        "pairs": [r for r in rows if r.get("in_issue_table", True)],
        "extra_pairs": [r for r in rows if not r.get("in_issue_table", True)],
        "micro": micro,
        "startup": start_up,
    }
    with open(args.output, "w") as handle:
        json.dump(results, handle, indent=1)
        handle.write("\n")
    print(table(rows))
    print()
    print(f"{'start-up':<24} {'median ms':>10} {'instructions':>14} {'MiB':>6}")
    for name, entry in start_up["builds"].items():
        count = f"{entry['instructions']:,}" if entry["instructions"] else "-"
        print(f"{name:<24} {entry['median_ms']:>10.2f} {count:>14} {entry['peak_mib']:>6}")
    print(f"files importing Foundation: {start_up['files_importing_full_foundation'] or 'none'}")
    print(f"load average before/after: {load_before[0]:.1f} / {os.getloadavg()[0]:.1f}; "
          f"took {results['seconds']} s; wrote {os.path.relpath(args.output)}")


if __name__ == "__main__":
    main()
