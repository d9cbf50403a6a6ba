#!/usr/bin/env python3
"""Prints bench/results.json (or the files given) as Markdown tables for docs/bench.md.

    python3 bench/report.py [bench/results.json ...]
"""

import json
import os
import sys

BENCH = os.path.dirname(os.path.abspath(__file__))


def number(value, digits=3):
    if value is None:
        return "-"
    return f"{value:.{digits}g}"


def pairs_table(results):
    lines = [
        "| job | anchor | pickers | anchor | ratio | target | met | peak MiB pickers / anchor "
        "| instructions pickers / anchor |",
        "| --- | --- | ---: | ---: | ---: | ---: | :-: | ---: | ---: |",
    ]
    for row in results["pairs"] + results.get("extra_pairs", []):
        target = f"<= {row['target']}"
        extra = ""
        if "size_ratio" in row:
            target += f", size <= {row['size_target']}"
            extra = f" (size {row['size_ratio']:.3f}: {row['pickers_bytes']:,} / {row['anchor_bytes']:,} B)"
        if "memory_target_mib" in row:
            target += f", <= {row['memory_target_mib']} MiB"
        peak = "-"
        if row.get("pickers_peak_mib"):
            peak = f"{row['pickers_peak_mib']:.0f} / {row['anchor_peak_mib']:.0f}"
        instructions = "-"
        if row.get("pickers_instructions") and row.get("anchor_instructions"):
            instructions = (f"{row['pickers_instructions'] / 1e6:.1f} M / "
                            f"{row['anchor_instructions'] / 1e6:.1f} M "
                            f"({row['instruction_ratio']:.2f})")
        ours, theirs = row.get("pickers_counts", {}), row.get("anchor_counts", {})
        if ours.get("instructions") and theirs.get("instructions"):
            instructions = (f"{ours['instructions'] / 1e6:.1f} M / "
                            f"{theirs['instructions'] / 1e6:.1f} M "
                            f"({ours['instructions'] / theirs['instructions']:.2f})")
        for key, label in (("syscalls", "system calls"), ("stat_calls", "stat calls"),
                           ("minor_faults", "page faults")):
            if ours.get(key) and theirs.get(key):
                instructions += f"; {label} {ours[key]} / {theirs[key]}"
        if "pickers_per_s" in row:
            extra = f" ({row['pickers_per_s'] / 1e6:.1f} M/s vs {row['anchor_per_s'] / 1e6:.1f} M/s)"
        lines.append(
            f"| {row['job']} | {row['anchor']} | {row['pickers_ms']:.1f} ms | "
            f"{row['anchor_ms']:.1f} ms | {number(row['ratio'])}{extra} | {target} | "
            f"{'yes' if row['met'] else '**no**'} | {peak} | {instructions} |")
    return "\n".join(lines)


def micro_table(results):
    lines = ["| benchmark | value | unit | note |", "| --- | ---: | --- | --- |"]
    for entry in results["micro"]:
        value = entry["value"]
        shown = f"{value:,.0f}" if value >= 100 else f"{value:.3g}"
        lines.append(f"| {entry['name']} | {shown} | {entry['unit']} | {entry['note']} |")
    return "\n".join(lines)


def startup_table(results):
    lines = ["| command | median wall | instructions | peak RSS | size | Swift runtime |",
             "| --- | ---: | ---: | ---: | ---: | --- |"]
    for name, entry in results["startup"]["builds"].items():
        instructions = f"{entry['instructions'] / 1e6:.2f} M" if entry.get("instructions") else "-"
        size = f"{entry['bytes'] / 1e6:.1f} MB" if "bytes" in entry else "-"
        lines.append(f"| `{entry['command'].split('/')[-1]}` ({name}) | {entry['median_ms']:.2f} ms | "
                     f"{instructions} | {entry['peak_mib']} MiB | {size} | "
                     f"{entry.get('swift_runtime_linked', '-')} |")
    return "\n".join(lines)


def scaling_table(results):
    scale = results.get("scaling", {})
    if "per_100_faces" not in scale:
        return scale.get("note", "")
    faces = ", ".join(str(point["faces"]) for point in scale["points"])
    lines = [f"Faces: {faces}.", "",
             "| job | anchor | pickers ms / 100 faces | anchor ms / 100 faces | ratio of slopes "
             "| ratio at the most faces |", "| --- | --- | ---: | ---: | ---: | ---: |"]
    for name, entry in scale["per_100_faces"].items():
        lines.append(f"| {name} | {entry['anchor']} | {entry['pickers_ms_per_100_faces']:.3f} | "
                     f"{entry['anchor_ms_per_100_faces']:.3f} | {number(entry['ratio_of_slopes'])} "
                     f"| {number(entry['ratio_at_most_faces'])} |")
    return "\n".join(lines)


def main():
    paths = sys.argv[1:] or [os.path.join(BENCH, "results.json")]
    for path in paths:
        results = json.load(open(path))
        machine = results["machine"]
        print(f"### {os.path.basename(path)}: {results['date']}, {results['mode']} run, "
              f"{machine['cpus']} CPUs, load average {machine['load_average_before'][0]} before, "
              f"{machine['load_average_after'][0]} after, {results['seconds']} s\n")
        print(pairs_table(results) + "\n")
        print(startup_table(results) + "\n")
        print(scaling_table(results) + "\n")
        print(micro_table(results) + "\n")


if __name__ == "__main__":
    main()
