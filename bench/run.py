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


def alternate(pickers, anchor, env, warmup, runs, setup=None):
    """Runs both commands `runs` times each, alternating which goes first, after a warm-up;
    with `setup`, calls it before every run (peak memory is then not measured)."""
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
            if setup:
                setup()
            wall, rss, status = spawn(argv, env)
            samples[side].append((wall, rss))
            failures[side] += status != 0
    result = {}
    for side, values in samples.items():
        walls = [w for w, _ in values]
        peak = None if setup else peak_kib(pickers if side == "pickers" else anchor, env,
                                            1 if runs < 5 else 3)
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


def alternate_after(setup, pickers, anchor, env, runs):
    """Like `alternate`, but calls `setup()` before every single run (not timed), so each run
    meets the state setup leaves (a font folder just changed, an empty cache)."""
    return alternate(pickers, anchor, env, warmup=0, runs=runs, setup=setup)


def counts_after(setup, argv, env):
    """Instructions (callgrind), system calls, `stat`-family calls and minor page faults of
    one run of argv, each after `setup()`."""
    result = {}
    if shutil.which("valgrind"):
        setup()
        result["instructions"] = callgrind_instructions(argv, env)
    if shutil.which("strace"):
        setup()
        report = os.path.join(OUT, "strace-report.txt")
        subprocess.run(["strace", "-f", "-c", "-o", report] + argv, env=env,
                       capture_output=True)
        calls, stats = 0, 0
        with open(report) as handle:
            for line in handle:
                fields = line.split()
                if len(fields) >= 5 and fields[0][0].isdigit() and fields[-1] != "total":
                    count = int(fields[3])
                    calls += count
                    if "stat" in fields[-1] or fields[-1] in ("access", "faccessat2"):
                        stats += count
        result["syscalls"], result["stat_calls"] = calls, stats
    if os.path.exists("/usr/bin/time"):
        setup()
        report = os.path.join(OUT, "time-report.txt")
        spawn(["/usr/bin/time", "-f", "%R", "-o", report] + argv, env)
        with open(report) as handle:
            result["minor_faults"] = int(handle.read().split()[-1])
    return result


def bench_conf(path, folders, cachedir):
    """A fonts.conf with the test configuration's rules, the given font folders and its own
    fontconfig cache folder."""
    with open(FONTS_CONF, encoding="utf-8") as handle:
        text = handle.read()
    dirs = "\n".join(f"  <dir>{folder}</dir>" for folder in folders)
    text = text.replace('  <dir prefix="relative">test-fonts</dir>', dirs)
    start, end = text.index("<cachedir>"), text.index("</cachedir>") + len("</cachedir>")
    text = text[:start] + f"<cachedir>{cachedir}</cachedir>" + text[end:]
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text)
    return path


# A font outside the test set, added to and removed from a watched folder before every run.
CHURN_CANDIDATES = ["/usr/share/fonts/truetype/lato/Lato-Regular.ttf",
                    "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf", DEJAVU]


class FolderChurn:
    """Adds or removes one font file in a folder of its own, alternately, at every call."""

    def __init__(self, folder):
        self.folder = folder
        os.makedirs(folder, exist_ok=True)
        source = next(p for p in CHURN_CANDIDATES if os.path.exists(p))
        self.link = os.path.join(folder, "churn" + os.path.splitext(source)[1])
        self.source = source
        if os.path.lexists(self.link):
            os.unlink(self.link)

    def __call__(self):
        if os.path.lexists(self.link):
            os.unlink(self.link)
        else:
            os.symlink(self.source, self.link)


def cache_rows(args, env, runs):
    """The first answer after a font folder changed, and with an empty pickers cache."""
    pickers = args.pickers
    rows = []
    work = os.path.join(OUT, "churn")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    churn = FolderChurn(os.path.join(work, "fonts"))
    test_fonts = os.path.join(ROOT, "Tests", "Fixtures", "test-fonts")
    conf = bench_conf(os.path.join(work, "fonts.conf"), [test_fonts, churn.folder],
                      os.path.join(work, "fontconfig-cache"))
    churn_env = dict(env, FONTCONFIG_FILE=conf)
    pattern = "serif:lang=ja"
    jobs = [("font list", [pickers, "font", "list"], ["fc-list", ":", "family"]),
            ("font match", [pickers, "font", "match", pattern], ["fc-match", pattern])]
    for name, ours, theirs in jobs:
        log(f"  {name}, first run after a font was added or removed")
        for _ in range(3):
            churn(); spawn(ours, churn_env); churn(); spawn(theirs, churn_env)
        measured = alternate_after(churn, ours, theirs, churn_env, runs)
        row = pair_row(f"{name} after a font change", " ".join(theirs), ours, theirs,
                       measured, 1.0)
        if args.instructions:
            row["pickers_counts"] = counts_after(churn, [args.pickers_for_valgrind] + ours[1:],
                                                 churn_env)
            row["anchor_counts"] = counts_after(churn, theirs, churn_env)
        rows.append(row)

    cache = env["XDG_CACHE_HOME"]

    def empty_cache():
        shutil.rmtree(cache, ignore_errors=True)
        os.makedirs(cache)

    for name, ours, theirs in jobs:
        log(f"  {name} with an empty XDG_CACHE_HOME")
        measured = alternate_after(empty_cache, ours, theirs, env, runs)
        row = pair_row(f"{name}, empty XDG_CACHE_HOME", " ".join(theirs), ours, theirs,
                       measured, 1.0)
        if args.instructions:
            row["pickers_counts"] = counts_after(
                empty_cache, [args.pickers_for_valgrind] + ours[1:], env)
            row["anchor_counts"] = counts_after(empty_cache, theirs, env)
        rows.append(row)
    return rows


FACES_FORMAT = "%{family[0]}\\t%{style[0]}\\t%{file}\\n"


def faces_rows(args, env, runs):
    """Every face, as text, JSON and a template, against fc-list printing the same fields."""
    pickers = args.pickers
    rows = []
    anchor = ["fc-list", "--format", FACES_FORMAT]
    reference = sorted(output_of(anchor, env).splitlines())
    jobs = [
        ("font list --faces", [pickers, "font", "list", "--faces"], 0.5),
        ("font list --faces --json", [pickers, "font", "list", "--faces", "--json"], 0.5),
        ("font list --format", [pickers, "font", "list", "--format", FACES_FORMAT], 0.5),
    ]
    for name, ours, target in jobs:
        log(f"  {name}")
        extra = {}
        if "--json" not in ours:
            extra["same_answer"] = sorted(output_of(ours, env).splitlines()) == reference
        else:
            faces = json.loads(output_of(ours, env))
            extra["same_answer"] = len(faces) == len(reference)
        measured = alternate(ours, anchor, env, warmup=3, runs=runs)
        rows.append(with_instructions(pair_row(name, "fc-list --format (same fields)", ours,
                                               anchor, measured, target, extra),
                                      ours, anchor, env, args))
    family = "Noto Sans"
    ours = [pickers, "font", "faces", family]
    theirs = ["fc-list", "--format", FACES_FORMAT, family]
    log("  font faces FAMILY")
    measured = alternate(ours, theirs, env, warmup=3, runs=runs)
    rows.append(with_instructions(pair_row(f"font faces '{family}'", "fc-list FAMILY", ours,
                                           theirs, measured, 0.5), ours, theirs, env, args))
    return rows


def face_files():
    """(file, faces in it) of every face the machine's own configuration lists."""
    system = {k: v for k, v in os.environ.items() if k not in ("FONTCONFIG_FILE", "FONTCONFIG_PATH")}
    counts = {}
    for path in output_of(["fc-list", "--format", "%{file}\\n"], system).splitlines():
        counts[path] = counts.get(path, 0) + 1
    # A stable mixture of every package rather than one folder after another.
    import hashlib
    return sorted(counts.items(), key=lambda item: hashlib.sha1(item[0].encode()).hexdigest())


def scaling(args, env, quick):
    """Milliseconds per 100 faces, 500 to 3,000 faces, for the catalog commands and fc-list."""
    pickers = args.pickers
    files = face_files()
    total = sum(count for _, count in files)
    sizes = [200, 400] if quick else [500, 1000, 2000, 3000]
    sizes = [n for n in sizes if n <= total]
    if len(sizes) < 2:
        return {"note": f"only {total} faces installed; bench/run installs more fonts"}
    runs = 3 if quick else 15
    work = os.path.join(OUT, "scale")
    shutil.rmtree(work, ignore_errors=True)
    points = []
    jobs = [
        ("font list", [pickers, "font", "list"], ["fc-list", ":", "family"]),
        ("font match", [pickers, "font", "match", "sans-serif"], ["fc-match", "sans-serif"]),
        ("font list --faces", [pickers, "font", "list", "--faces"],
         ["fc-list", "--format", FACES_FORMAT]),
        ("font list after a font change", [pickers, "font", "list"], ["fc-list", ":", "family"]),
    ]
    for size in sizes:
        folder = os.path.join(work, f"fonts-{size}")
        os.makedirs(folder)
        faces = 0
        for index, (path, count) in enumerate(files):
            if faces >= size:
                break
            os.symlink(path, os.path.join(folder, f"{index:05d}-{os.path.basename(path)}"))
            faces += count
        churn = FolderChurn(os.path.join(work, f"churn-{size}"))
        conf = bench_conf(os.path.join(work, f"fonts-{size}.conf"), [folder, churn.folder],
                          os.path.join(work, f"fontconfig-cache-{size}"))
        scale_env = dict(env, FONTCONFIG_FILE=conf)
        counted = len(output_of(["fc-list"], scale_env).splitlines())
        log(f"  {counted} faces")
        point = {"faces": counted, "jobs": {}}
        for name, ours, theirs in jobs:
            if "change" in name:
                for _ in range(2):
                    churn(); spawn(ours, scale_env); churn(); spawn(theirs, scale_env)
                measured = alternate_after(churn, ours, theirs, scale_env, runs)
            else:
                measured = alternate(ours, theirs, scale_env, warmup=2, runs=runs)
            point["jobs"][name] = {"pickers_ms": measured["pickers"]["median_ms"],
                                   "anchor_ms": measured["anchor"]["median_ms"]}
        points.append(point)

    def slope(xs, ys):
        mean_x, mean_y = sum(xs) / len(xs), sum(ys) / len(ys)
        num = sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys))
        den = sum((x - mean_x) ** 2 for x in xs)
        return num / den * 100 if den else None

    summary = {}
    xs = [p["faces"] for p in points]
    for name, _, theirs in jobs:
        ours_ms = [p["jobs"][name]["pickers_ms"] for p in points]
        theirs_ms = [p["jobs"][name]["anchor_ms"] for p in points]
        a, b = slope(xs, ours_ms), slope(xs, theirs_ms)
        summary[name] = {"anchor": "fc-list --format" if "--format" in theirs else " ".join(theirs),
                         "pickers_ms_per_100_faces": round(a, 3),
                         "anchor_ms_per_100_faces": round(b, 3),
                         "ratio_of_slopes": round(a / b, 3) if b else None,
                         "ratio_at_most_faces": round(ours_ms[-1] / theirs_ms[-1], 3)}
    return {"points": points, "per_100_faces": summary, "installed_faces": total}


PARAGRAPH_WORDS = ("the quick brown fox jumps over lazy dog typography color picker font family "
                   "weight style glyph kerning ligature baseline paragraph screen window palette "
                   "accent contrast gamut linear light render shaping hinting").split()


def paragraph_text(characters=2000, width=80):
    """A fixed 2,000-character English paragraph, broken into lines of at most `width`."""
    import random
    import textwrap
    chooser = random.Random(7)
    words, length = [], 0
    while length < characters:
        word = chooser.choice(PARAGRAPH_WORDS)
        words.append(word)
        length += len(word) + 1
    return textwrap.wrap(" ".join(words)[:characters], width)


def paragraph_rows(args, env, quick):
    """A 2,000-character paragraph at 24 px: pickers against hb-view drawing the same lines."""
    pickers = args.pickers
    out = os.path.join(OUT, "pictures")
    os.makedirs(out, exist_ok=True)
    runs = 3 if quick else 20
    lines = paragraph_text()
    text_file = os.path.join(out, "paragraph.txt")
    with open(text_file, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))
    hb = ["hb-view", "--font-size=24", "--output-format=png", "-o", f"{out}/paragraph-hb.png",
          f"--text-file={text_file}", DEJAVU]
    ours = [pickers, "font", "preview", "DejaVu Sans", "--size", "24", "--text", "\n".join(lines),
            "-o", f"{out}/paragraph-pickers.png"]
    wrapped = [pickers, "font", "preview", "DejaVu Sans", "--size", "24", "--width", "1040",
               "--text", " ".join(lines), "-o", f"{out}/paragraph-pickers-wrapped.png"]
    rows = []
    for job, argv, in_table in (("2,000-character paragraph, 24 px", ours, True),
                                ("same paragraph, wrapped by pickers", wrapped, False)):
        log(f"  {job}")
        row = with_instructions(pair_row(job, "hb-view, same lines", argv, hb,
                                         alternate(argv, hb, env, 3, runs), 1.0),
                                argv, hb, env, args)
        row["pickers_command"] = row["pickers_command"].replace("\n", "\\n")
        ours_png, hb_png = argv[argv.index("-o") + 1], f"{out}/paragraph-hb.png"
        row["pickers_bytes"] = os.path.getsize(ours_png)
        row["anchor_bytes"] = os.path.getsize(hb_png)
        row["size_ratio"] = round(row["pickers_bytes"] / row["anchor_bytes"], 4)
        row["size_target"] = 1.1
        row["met"] = row["met"] and row["size_ratio"] <= 1.1
        try:
            from PIL import Image
            for side, png in (("pickers", ours_png), ("anchor", hb_png)):
                with Image.open(png) as image:
                    gray = image.convert("L")
                    row[f"{side}_gray_levels"] = len(set(gray.getdata()))
                    row[f"{side}_ink"] = round(sum(255 - v for v in gray.getdata()) / 255, 1)
        except ImportError:
            pass
        row["in_issue_table"] = in_table
        rows.append(row)
    return rows


def c_same_libraries(binary):
    """A C program that only prints a line, linked to the shared libraries `binary` needs."""
    needed = [line.split("[")[1].rstrip("]") for line in output_of(
        ["readelf", "-d", binary], dict(os.environ)).splitlines() if "(NEEDED)" in line]
    source = os.path.join(OUT, "same-libraries.c")
    program = os.path.join(OUT, "c-same-libraries")
    with open(source, "w") as handle:
        handle.write('#include <stdio.h>\nint main(void) { puts("0"); return 0; }\n')
    libraries = [f"-l:{name}" for name in needed if not name.startswith(("libc.so", "ld-linux"))]
    subprocess.run(["cc", "-O2", "-o", program, source, "-Wl,--no-as-needed"] + libraries,
                   check=True)
    return program, needed


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
    if args.static and shutil.which("cc"):
        program, needed = c_same_libraries(args.static)
        commands["C program, pickers' libraries"] = [program]
        result["pickers_needed_libraries"] = needed
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
        if argv[0] not in ("fc-list",) and not argv[0].endswith("c-same-libraries"):
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
        if r.get("pickers_peak_mib"):
            peak = f"{r['pickers_peak_mib']:.0f}/{r['anchor_peak_mib']:.0f}"
        extra = f"  size {r['size_ratio']:.3f}" if "size_ratio" in r else ""
        if r.get("instruction_ratio") is not None:
            extra += f"  Ir {r['pickers_instructions'] / 1e6:.1f}M/{r['anchor_instructions'] / 1e6:.1f}M"
        for key, label in (("instructions", "Ir"), ("stat_calls", "stat"),
                           ("minor_faults", "faults")):
            ours, theirs = r.get("pickers_counts", {}), r.get("anchor_counts", {})
            if ours.get(key) and theirs.get(key):
                scale = 1e6 if key == "instructions" else 1
                unit = "M" if key == "instructions" else ""
                extra += f"  {label} {ours[key] / scale:.4g}{unit}/{theirs[key] / scale:.4g}{unit}"
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
    parser.add_argument("--only", choices=["configurations"],
                        help="run only these rows (bench/configurations.py) and write their "
                        "JSON to --output")
    parser.add_argument("--pairs", type=int, default=21,
                        help="pairs per row of the configuration rows (at least 15)")
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
    if args.only == "configurations":
        configurations = __import__("configurations")  # bench/configurations.py
        rows = configurations.configuration_rows(args, env, args.quick)
        with open(args.output, "w") as handle:
            json.dump({"date": datetime.datetime.now(datetime.timezone.utc)
                       .isoformat(timespec="seconds"),
                       "machine": {"platform": platform.platform(), "cpus": os.cpu_count(),
                                   "load_average_before": [round(v, 2) for v in load_before],
                                   "load_average_after": [round(v, 2) for v in os.getloadavg()]},
                       "seconds": round(time.time() - started, 1), "pickers": args.pickers,
                       "configurations": rows}, handle, indent=1)
            handle.write("\n")
        print(configurations.table(rows))
        print(f"load average before/after: {load_before[0]:.1f} / {os.getloadavg()[0]:.1f}; "
              f"took {round(time.time() - started, 1)} s; wrote {os.path.relpath(args.output)}")
        return
    rows = []
    log("font pairs")
    rows += font_pairs(args, env, 5 if args.quick else 40)
    log("catalog after a change, and with no pickers cache")
    rows += cache_rows(args, env, 5 if args.quick else 30)
    log("the catalog and the preview in two configurations (test rules, system rules)")
    configurations = __import__("configurations")  # bench/configurations.py
    configuration_rows = configurations.configuration_rows(args, env, args.quick)
    log("every face")
    rows += faces_rows(args, env, 5 if args.quick else 30)
    log("picture pairs")
    rows += picture_pairs(args, env, args.quick)
    rows += paragraph_rows(args, env, args.quick)
    log("in-process pairs")
    rows += in_process_pairs(args, env, args.quick)
    rows += __import__("batch").batch_rows(args.pickers, args.quick)  # bench/batch.py
    log("in-process micro-benchmarks")
    micro = json.loads(output_of([args.bench, "--json"] + (["--quick"] if args.quick else [])
                                 + ["color", "png", "palette", "text"], env))
    log("start-up")
    start_up = startup(args, env, args.quick)
    log("scaling, 500 to 3,000 faces")
    scale = scaling(args, env, args.quick)

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
        "configurations": configuration_rows,
        "micro": micro,
        "startup": start_up,
        "scaling": scale,
    }
    with open(args.output, "w") as handle:
        json.dump(results, handle, indent=1)
        handle.write("\n")
    print(table(rows))
    print()
    print(configurations.table(configuration_rows))
    print()
    print(f"{'start-up':<24} {'median ms':>10} {'instructions':>14} {'MiB':>6}")
    for name, entry in start_up["builds"].items():
        count = f"{entry['instructions']:,}" if entry["instructions"] else "-"
        print(f"{name:<24} {entry['median_ms']:>10.2f} {count:>14} {entry['peak_mib']:>6}")
    version = start_up["builds"].get("pickers static")
    if version:
        met = version["median_ms"] <= 2.0 and (version["instructions"] or 0) <= 1.5e6
        print(f"pickers --version: {version['median_ms']:.2f} ms (goal <= 2.0), "
              f"{(version['instructions'] or 0) / 1e6:.2f} M instructions (goal <= 1.5 M): "
              f"{'met' if met else 'NOT met'}")
    if "per_100_faces" in scale:
        print()
        print("faces: " + ", ".join(str(p["faces"]) for p in scale["points"]))
        print(f"{'ms per 100 faces':<32} {'pickers':>8} {'anchor':>8} {'slopes':>7} {'at most':>8}")
        for name, entry in scale["per_100_faces"].items():
            print(f"{name:<32} {entry['pickers_ms_per_100_faces']:>8.3f} "
                  f"{entry['anchor_ms_per_100_faces']:>8.3f} {entry['ratio_of_slopes'] or '-':>7} "
                  f"{entry['ratio_at_most_faces']:>8}")
    print(f"files importing Foundation: {start_up['files_importing_full_foundation'] or 'none'}")
    print(f"load average before/after: {load_before[0]:.1f} / {os.getloadavg()[0]:.1f}; "
          f"took {results['seconds']} s; wrote {os.path.relpath(args.output)}")


if __name__ == "__main__":
    main()
