"""PNG plots of benchmark results: per behaviour, MSPT and P95, RSS, CPU and chunks/s against the
number of bots, one line per server. Needs matplotlib; `make_plots` runs this file under another
interpreter (Debian's /usr/bin/python3 has python3-matplotlib) when the current one lacks it.

Standalone: python3 plots.py OUT_DIR PREFIX results.json [more.json ...]"""
import json
import os
import subprocess
import sys

FALLBACK_PYTHON = "/usr/bin/python3"


def _series(runs, server, value):
    """(bots, values) of a server's runs that finished; a server stopped by its watchdog has no point."""
    points = sorted((r["bots"], value(r)) for r in runs if r["server"] == server and r["status"] == "ok")
    return [b for b, v in points if v is not None], [v for b, v in points if v is not None]


def _get(run, part, key, scale=1.0):
    v = (run.get(part) or {}).get(key)
    return None if v is None else v * scale


def _slug(key):
    behaviour, speed = key
    return behaviour if behaviour in ("walk", "build") else f"{behaviour}-{speed:g}"


def draw(results, out_dir, prefix):
    """Writes one PNG per behaviour group; returns the file names (relative to out_dir)."""
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from_here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.dirname(from_here))
    from bench.report import group_title, groups, label_of  # noqa: E402

    runs = [run for doc in results for run in doc["runs"]]
    names = []
    for key, rows in groups(runs):
        servers = list(dict.fromkeys(r["server"] for r in rows))
        labels = {r["server"]: label_of(r) for r in rows}
        fig, axes = plt.subplots(2, 2, figsize=(11, 8))
        panels = [
            (axes[0][0], "Tick time (ms)", [("MSPT", lambda r: _get(r, "tick", "mspt"), "-"),
                                            ("P95", lambda r: _get(r, "tick", "p95"), "--")]),
            (axes[0][1], "RSS (GB)", [("RSS", lambda r: _get(r, "process", "rss_mean", 1e-9), "-")]),
            (axes[1][0], "CPU (% of one core)", [("CPU", lambda r: _get(r, "process", "cpu_mean"), "-")]),
            (axes[1][1], "Chunks per second", [("received", lambda r: _get(r, "bots_figures", "chunks_per_s"), "-"),
                                               ("new", lambda r: _get(r, "bots_figures", "new_chunks_per_s"), "--")]),
        ]
        for ax, ylabel, lines in panels:
            for colour, server in enumerate(servers):
                for label, value, style in lines:
                    xs, ys = _series(rows, server, value)
                    if xs:
                        ax.plot(xs, ys, style, color=f"C{colour}", marker="o",
                                label=f"{labels[server]} {label}")
            ax.set_xticks(sorted({r["bots"] for r in rows}))
            ax.set_ylim(bottom=0)
            ax.set_xlabel("bots")
            ax.set_ylabel(ylabel)
            ax.grid(True, alpha=0.3)
            ax.legend(fontsize=8)
        axes[0][0].axhline(50, color="grey", linewidth=0.8, linestyle=":")
        fig.suptitle(group_title(key))
        fig.tight_layout()
        name = f"{prefix}-{_slug(key)}.png"
        fig.savefig(os.path.join(out_dir, name), dpi=100)
        plt.close(fig)
        names.append(name)
    return names


def make_plots(result_paths, out_dir, prefix, python=None):
    """Draws the plots here if matplotlib imports, else under `python` (default /usr/bin/python3).
    Returns (file names, None) or ([], reason they were skipped)."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        python = python or FALLBACK_PYTHON
        if not os.path.exists(python) or os.path.realpath(python) == os.path.realpath(sys.executable):
            return [], "matplotlib is not installed for this Python"
        done = subprocess.run([python, os.path.abspath(__file__), out_dir, prefix, *result_paths],
                              capture_output=True, text=True)
        if done.returncode != 0:
            return [], f"plotting under {python} failed: {done.stderr.strip()[-300:]}"
        return done.stdout.split(), None
    results = []
    for path in result_paths:
        with open(path) as f:
            results.append(json.load(f))
    return draw(results, out_dir, prefix), None


if __name__ == "__main__":
    out_dir, prefix, *paths = sys.argv[1:]
    docs = []
    for p in paths:
        with open(p) as f:
            docs.append(json.load(f))
    print("\n".join(draw(docs, out_dir, prefix)))
