#!/usr/bin/env python3
"""The catalog and preview rows in two configurations over the same test fonts (issue 30).

    bench/.venv/bin/python bench/run.py ... --only configurations

Called from bench/run.py (`configuration_rows`). The two configurations:

- "test rules": the test fonts.conf's own rules (Debian's files, each included by name);
- "system rules": the machine's own `/etc/fonts/conf.d` (what fc-list reads on this machine,
  `50-user.conf` and `51-local.conf` among them).

Each is a private `fonts.conf` in a folder of its own (bench/out/configurations/NAME) naming the
test font folder, a churn folder and its own fontconfig cache folder, run with its own
`XDG_CACHE_HOME` and an empty `HOME` in that folder, so both sides see exactly the test fonts.
The preview's pictures are written into that same folder, beside the `fonts.conf`, as a user's
script would (a write there must not make pickers' cache stale).

Rows: `font list` and `font match serif:lang=ja` with an empty pickers cache and after a font
was added or removed (pickers against fc-list and fc-match), and the warm 48 px preview against
hb-view. Each row runs N pairs (pickers then the anchor, the order swapped every pair) and
reports the ratio of the medians and the min / median / max of the N per-pair ratios, with
callgrind's instruction counts of one run of each side.
"""

import os
import shutil
import statistics
import subprocess

import run  # bench/run.py: spawn, log, callgrind_instructions, FolderChurn, ...

TEST_FONTS = os.path.join(run.ROOT, "Tests", "Fixtures", "test-fonts")
PATTERN = "serif:lang=ja"
GOALS = {"cold": 0.8, "preview": 0.7, "floor": 0.8}


def write_conf(folder, name, churn_folder):
    """The private fonts.conf of configuration `name` in `folder`."""
    cachedir = os.path.join(folder, "fontconfig-cache")
    dirs = f"  <dir>{TEST_FONTS}</dir>\n  <dir>{churn_folder}</dir>\n"
    if name == "test rules":
        path = run.bench_conf(os.path.join(folder, "fonts.conf"), [TEST_FONTS, churn_folder],
                              cachedir)
        return path
    path = os.path.join(folder, "fonts.conf")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write('<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">\n'
                     f"<fontconfig>\n{dirs}  <cachedir>{cachedir}</cachedir>\n"
                     '  <include ignore_missing="yes">/etc/fonts/conf.d</include>\n</fontconfig>\n')
    return path


def pairs(ours, theirs, env, count, setup=None, warmup=3):
    """`count` pairs, alternating which side goes first; `setup()` before every run."""
    for _ in range(warmup):
        for argv in (ours, theirs):
            if setup:
                setup()
            run.spawn(argv, env)
    walls = {"pickers": [], "anchor": []}
    failed = {"pickers": 0, "anchor": 0}
    for index in range(count):
        order = [("pickers", ours), ("anchor", theirs)]
        if index % 2:
            order.reverse()
        for side, argv in order:
            if setup:
                setup()
            wall, _, status = run.spawn(argv, env)
            walls[side].append(wall * 1000)
            failed[side] += status != 0
    ratios = [p / a for p, a in zip(walls["pickers"], walls["anchor"])]
    return walls, ratios, failed


def instructions(argv, env, setup=None):
    if setup:
        setup()
    return run.callgrind_instructions(argv, env)


def floor_program():
    """bench/fontconfig_floor.c, built once into bench/out; None without a C compiler."""
    source = os.path.join(run.BENCH, "fontconfig_floor.c")
    program = os.path.join(run.OUT, "fontconfig-floor")
    if not shutil.which("cc"):
        return None
    if not os.path.exists(program) or os.path.getmtime(program) < os.path.getmtime(source):
        flags = run.output_of(["pkg-config", "--cflags", "--libs", "fontconfig"],
                              dict(os.environ)).split()
        subprocess.run(["cc", "-O2", "-o", program, source] + flags, check=True)
    return program


def configuration_rows(args, env, quick):
    count = 5 if quick else max(15, getattr(args, "pairs", 21))
    rows = []
    floor = floor_program()
    top = os.path.join(run.OUT, "configurations")
    for name in ("test rules", "system rules"):
        folder = os.path.join(top, name.replace(" ", "-"))
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(os.path.join(folder, "home"))
        churn = run.FolderChurn(os.path.join(folder, "churn"))
        conf = write_conf(folder, name, churn.folder)
        cache = os.path.join(folder, "xdg-cache")
        local = dict(env, FONTCONFIG_FILE=conf, XDG_CACHE_HOME=cache,
                     HOME=os.path.join(folder, "home"))
        for key in ("XDG_CONFIG_HOME", "XDG_DATA_HOME"):
            local.pop(key, None)

        def empty_cache():
            shutil.rmtree(cache, ignore_errors=True)
            os.makedirs(cache)

        preview_ours = [args.pickers, "font", "preview", "DejaVu Sans", "--text", run.TEXT,
                        "--size", "48", "-o", os.path.join(folder, "preview-pickers.png")]
        preview_hb = ["hb-view", "--font-size=48", "--output-format=png",
                      "-o", os.path.join(folder, "preview-hb.png"), run.DEJAVU, run.TEXT]
        jobs = [
            ("font list, empty pickers cache", "cold", [args.pickers, "font", "list"],
             ["fc-list", ":", "family"], empty_cache),
            (f"font match {PATTERN}, empty pickers cache", "cold",
             [args.pickers, "font", "match", PATTERN], ["fc-match", PATTERN], empty_cache),
            ("font list after a font change", "cold", [args.pickers, "font", "list"],
             ["fc-list", ":", "family"], churn),
            (f"font match {PATTERN} after a font change", "cold",
             [args.pickers, "font", "match", PATTERN], ["fc-match", PATTERN], churn),
            ("48 px preview, warm", "preview", preview_ours, preview_hb, None),
        ]
        if floor:
            # The floor: a C program doing only fontconfig's part of the cold answer.
            jobs.insert(1, ("floor: a C program's parse, build and list", "floor", [floor],
                            ["fc-list", ":", "family"], empty_cache))
            jobs.insert(3, (f"floor: a C program's parse, build and match {PATTERN}", "floor",
                            [floor, PATTERN], ["fc-match", PATTERN], empty_cache))
        # Same answers first: the family list as fc-list prints it, the match's family.
        same_list = (run.lines([args.pickers, "font", "list"], local)
                     == run.lines(["fc-list", "--format", "%{family[0]}\\n"], local))
        expected = run.output_of(["fc-match", "--format", "%{family[0]}", PATTERN], local).strip()
        same_match = expected in run.output_of([args.pickers, "font", "match", PATTERN], local)
        for job, kind, ours, theirs, setup in jobs:
            run.log(f"  {name}: {job}")
            walls, ratios, failed = pairs(ours, theirs, local, count, setup)
            p, a = statistics.median(walls["pickers"]), statistics.median(walls["anchor"])
            row = {
                "job": f"{job} ({name})", "configuration": name, "kind": kind,
                "anchor": " ".join(theirs),
                "pickers_command": " ".join(ours), "anchor_command": " ".join(theirs),
                "pickers_ms": round(p, 3), "anchor_ms": round(a, 3),
                "pickers_min_ms": round(min(walls["pickers"]), 3),
                "anchor_min_ms": round(min(walls["anchor"]), 3),
                "ratio": round(p / a, 4), "pairs": count,
                "pair_ratio_min": round(min(ratios), 4),
                "pair_ratio_median": round(statistics.median(ratios), 4),
                "pair_ratio_max": round(max(ratios), 4),
                "target": GOALS[kind],
                "failed_runs": failed,
            }
            row["met"] = row["pair_ratio_median"] <= GOALS[kind] and not any(failed.values())
            if kind == "floor":
                pass
            elif "list" in job:
                row["same_answer"] = same_list
            elif "match" in job:
                row["same_answer"] = same_match
            if args.instructions:
                mine = [args.pickers_for_valgrind] + ours[1:] if kind != "floor" else ours
                row["pickers_instructions"] = instructions(mine, local, setup)
                row["anchor_instructions"] = instructions(theirs, local, setup)
                if row["pickers_instructions"] and row["anchor_instructions"]:
                    row["instruction_ratio"] = round(
                        row["pickers_instructions"] / row["anchor_instructions"], 4)
            rows.append(row)
    return rows


def table(rows):
    """The rows as Markdown, for docs/bench.md."""
    out = ["| job | configuration | anchor | pickers ms | anchor ms | ratio of medians "
           "| pair ratios min / median / max | goal | instructions pickers / anchor |",
           "| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for r in rows:
        counts = "-"
        if r.get("instruction_ratio"):
            counts = (f"{r['pickers_instructions'] / 1e6:.1f} M / "
                      f"{r['anchor_instructions'] / 1e6:.1f} M ({r['instruction_ratio']:.2f})")
        job = r["job"].replace(f" ({r['configuration']})", "")
        if r.get("same_answer") is False:
            job += " (ANSWERS DIFFER)"
        anchor = "hb-view" if r["anchor"].startswith("hb-view") else r["anchor"]
        out.append(f"| {job} | {r['configuration']} | `{anchor}` | {r['pickers_ms']:.2f} "
                   f"| {r['anchor_ms']:.2f} | {r['ratio']:.3f} | {r['pair_ratio_min']:.2f} / "
                   f"{r['pair_ratio_median']:.3f} / {r['pair_ratio_max']:.2f} "
                   f"| <= {r['target']} | {counts} |")
    return "\n".join(out)
