#!/usr/bin/env python3
"""Draws the plots of bench/README.md from the recorded results in bench/data/*.tsv.

usage: bench/plots/make-plots.py            (writes bench/plots/*.png; run from anywhere)

Needs matplotlib; when it is missing, this runs `scripts/setup-machine.sh --plots` (Debian's python3-matplotlib,
root or sudo) and starts again under Debian's /usr/bin/python3. Edit the TSV files, not the PNGs: a new figure is
a new row there, then run this again. Lines starting with '#' in a TSV are comments.
"""
import csv
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.dirname(HERE)
ROOT = os.path.dirname(BENCH)
DATA = os.path.join(BENCH, "data")

try:
    import matplotlib
except ImportError:
    if os.environ.get("OXISYNC_PLOTS_RETRY"):
        sys.exit("make-plots: matplotlib still missing after scripts/setup-machine.sh --plots")
    subprocess.run([os.path.join(ROOT, "scripts", "setup-machine.sh"), "--plots"], check=True)
    os.environ["OXISYNC_PLOTS_RETRY"] = "1"
    # python3-matplotlib goes into Debian's own Python, which may not be the first python3 on PATH
    os.execv("/usr/bin/python3", ["/usr/bin/python3", os.path.abspath(__file__)] + sys.argv[1:])

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

plt.rcParams.update({"font.size": 9, "figure.dpi": 100, "savefig.dpi": 100})
SIZE = (6.4, 3.6)


def rows(name):
    with open(os.path.join(DATA, name), newline="") as f:
        lines = [line for line in f if not line.startswith("#")]
    return list(csv.DictReader(lines, delimiter="\t"))


def num(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def save(fig, name):
    path = os.path.join(HERE, name)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)
    print(f"make-plots: {os.path.relpath(path, ROOT)} ({os.path.getsize(path) // 1024} KiB)")


def nochange():
    """No-change sync-once and find against the tree size (best run of each session, log-log)."""
    data = [r for r in rows("nochange-vs-find.tsv") if r["per_folder"] != "50000"]
    fig, ax = plt.subplots(figsize=SIZE)
    xs = [num(r["files"]) for r in data]
    ax.scatter(xs, [num(r["best_s"]) for r in data], color="tab:blue", label="oxisync sync-once, no change (best)",
               zorder=3)
    with_find = [r for r in data if num(r["find_s"])]
    ax.scatter([num(r["files"]) for r in with_find], [num(r["find_s"]) for r in with_find], marker="s",
               color="tab:gray", label="find, same run", zorder=3)
    for r in with_find:
        x, y = num(r["files"]), num(r["best_s"])
        ax.plot([x, x], [num(r["find_s"]), y], color="tab:gray", linewidth=0.6, zorder=1)
        ax.annotate(f'{r["ratio"]}x', (x, y), textcoords="offset points", xytext=(5, 2), fontsize=7)
    # the latest session at each size, joined
    latest = {}
    for r in data:
        if num(r["find_s"]):
            latest[num(r["files"])] = r
    pts = sorted(latest.items())
    ax.plot([p[0] for p in pts], [3 * num(p[1]["find_s"]) for p in pts], "--", color="tab:red", linewidth=0.8,
            label="goal of issue 20: 3x find")
    for r in data:
        if not num(r["find_s"]):
            ax.annotate("find not measured", (num(r["files"]), num(r["best_s"])), textcoords="offset points",
                        xytext=(5, 2), fontsize=7)
    ax.set_xscale("log")
    ax.set_yscale("log")
    ticks = [0.1, 0.2, 0.5, 1, 2, 5, 10]
    ax.set_yticks(ticks)
    ax.set_yticklabels([f"{t:g}" for t in ticks])
    ax.set_xlabel("files in the tree")
    ax.set_ylabel("wall time, s (JVM start included)")
    ax.set_title("No-change sync-once against find, JDK 17 (higher points: older, loaded runs)")
    ax.grid(True, which="both", linewidth=0.3)
    ax.legend(fontsize=7, loc="upper left")
    save(fig, "nochange-vs-find.png")


def upload():
    """First-upload rate against the size of the tree."""
    data = rows("upload-rates.tsv")
    fig, ax = plt.subplots(figsize=SIZE)
    for r in data:
        x, y = num(r["tree_files"]), num(r["files_per_s"])
        recorded = r["recorded"] == "yes"
        ax.scatter([x], [y], color="tab:blue" if recorded else "none", edgecolors="tab:blue", zorder=3)
        label = f'{int(num(r["new_files"])):,} new'
        if "e2e-peers" in r["note"]:
            label += " (peer run)"
        if not recorded:
            label += " (not in the log)"
        ax.annotate(label, (x, y), textcoords="offset points", xytext=(5, -10 if not recorded else 4), fontsize=7)
    ax.axhline(1000, linestyle="--", color="tab:red", linewidth=0.8, label="goal of issue 18: 1,000 files/s (10,000 files)")
    ax.set_xscale("log")
    ax.set_xlim(5e3, 5e6)
    ax.set_ylim(0, 2000)
    ax.set_xlabel("files in the tree when the upload ends")
    ax.set_ylabel("new files per second (wall)")
    ax.set_title("First upload of small files, JDK 17 (filled: recorded runs)")
    ax.grid(True, which="both", linewidth=0.3)
    ax.legend(fontsize=7, loc="lower left")
    save(fig, "upload-rates.png")


def convergence():
    """Many clients: convergence time against the number of clients, by poll interval."""
    data = rows("convergence.tsv")
    fig, ax = plt.subplots(figsize=SIZE)
    styles = {"5": ("tab:green", "o"), "10": ("tab:blue", "o"), "30": ("tab:purple", "D")}
    for r in data:
        poll = r["poll_s"]
        color, marker = styles.get(poll, ("tab:gray", "o"))
        quiet = r["load"] == "quiet"
        offset = {"5": -0.15, "10": 0.0, "30": 0.15}.get(poll, 0)
        x, y = num(r["clients"]) + offset, num(r["converged_s"])
        if r["mode"] == "mixed" and r["clients"] == "10":
            ax.scatter([x], [y], color=color, marker="x", zorder=3)
        else:
            ax.scatter([x], [y], edgecolors=color, marker=marker, facecolors=color if quiet else "none", zorder=3)
    for poll, x0, x1 in (("5", 4.5, 5.5), ("10", 9.5, 10.5), ("30", 9.5, 10.5)):
        goal = 2 * float(poll)
        ax.plot([x0, x1], [goal, goal], "--", color=styles[poll][0], linewidth=0.8)
        ax.annotate(f"goal {goal:g} s", (x1, goal), fontsize=7, textcoords="offset points", xytext=(2, -3))
    for poll, (color, marker) in styles.items():
        ax.scatter([], [], color=color, marker=marker, label=f"poll {poll} s")
    ax.scatter([], [], color="tab:blue", marker="x", label="poll 10 s, mixed mode")
    ax.set_xlim(3.5, 12)
    ax.set_xticks([5, 10])
    ax.set_xlabel("clients (one user, one folder, 2 cores for all)")
    ax.set_ylabel("s to converge after the writes")
    ax.set_title("Many clients: convergence (filled: quiet machine; hollow: loaded)")
    ax.grid(True, linewidth=0.3)
    ax.legend(fontsize=7, loc="upper left")
    save(fig, "convergence.png")


def memory():
    """Peak RSS at a million files, session by session."""
    data = rows("million-memory.tsv")
    cols = [("join", "join", "tab:blue"), ("nochange", "no-change", "tab:green"),
            ("local_edits", "1,000 local edits", "tab:orange"), ("remote_edits", "1,000 remote edits", "tab:brown"),
            ("daemon", "daemon", "tab:purple"), ("app", "desktop app", "tab:pink")]
    fig, ax = plt.subplots(figsize=SIZE)
    xs = list(range(len(data)))
    for key, label, color in cols:
        pts = [(i, num(r[key])) for i, r in enumerate(data) if num(r[key])]
        ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", markersize=3, linewidth=1, color=color,
                label=label)
    ax.axhline(512, linestyle="--", color="tab:red", linewidth=0.8, label="goal 512 MiB")
    ax.axhline(256, linestyle=":", color="tab:red", linewidth=0.8, label="stretch 256 MiB (sync-once)")
    ax.set_xticks(xs)
    ax.set_xticklabels([f'{r["session"]}\n{r["date"][5:]}' for r in data], fontsize=6)
    ax.set_ylabel("peak RSS, MiB")
    ax.set_ylim(0, 1200)
    ax.set_title("A million files in 20,000 folders: peak RSS by session, JDK 17")
    ax.grid(True, linewidth=0.3)
    ax.legend(fontsize=6, ncol=3, loc="upper right")
    save(fig, "million-memory.png")


if __name__ == "__main__":
    nochange()
    upload()
    convergence()
    memory()
