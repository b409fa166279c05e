"""The Markdown report of a benchmark: the seed's tables (MSPT, P95, TPS, RSS, CPU, chunks/s,
new chunks/s) per behaviour, a details table, the machine and the method."""
import datetime

LABELS = {"horizon": "Horizon", "vanilla": "Vanilla"}


def label_of(run):
    """A run's server as the tables name it (older JSON has no label of its own)."""
    return run.get("label") or LABELS.get(run["server"], run["server"])


def group_key(run):
    return (run["behaviour"], run.get("explore_speed"))


def group_title(key):
    behaviour, speed = key
    if behaviour == "walk":
        return "Walk"
    if behaviour == "build":
        return "Build (each bot places or breaks a block every half second)"
    return f"Explore at {format_number(speed)} blocks a second"


def format_number(value, digits=1):
    if value is None:
        return "–"
    text = f"{value:.{digits}f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def fixed(value, digits=1):
    return "–" if value is None else f"{value:.{digits}f}"


def gigabytes(value):
    return "–" if value is None else f"{value / 1e9:.2f} GB"


def percent(value):
    return "–" if value is None else f"{value:.0f} %"


def chunks_rate(value):
    return "–" if value is None else f"{value:.0f}"


def groups(runs):
    """Runs grouped by behaviour and explore speed, in first-seen order; rows sorted by bots,
    then by server in first-seen order."""
    order, by_key, servers = [], {}, []
    for run in runs:
        key = group_key(run)
        if key not in by_key:
            by_key[key] = []
            order.append(key)
        by_key[key].append(run)
        if run["server"] not in servers:
            servers.append(run["server"])
    return [(key, sorted(by_key[key], key=lambda r: (r["bots"], servers.index(r["server"])))) for key in order]


def main_row(run):
    label = label_of(run)
    if run["status"] != "ok":  # like the seed: a server that did not last gets no figures
        return f"| {run['bots']} | {label} | {run['status']} | | | | | | |"
    tick = run.get("tick") or {}
    proc = run.get("process") or {}
    bots = run.get("bots_figures") or {}
    cells = [str(run["bots"]), label, fixed(tick.get("mspt")), fixed(tick.get("p95")), fixed(tick.get("tps")),
             gigabytes(proc.get("rss_mean")), percent(proc.get("cpu_mean")), chunks_rate(bots.get("chunks_per_s")),
             fixed(bots.get("new_chunks_per_s"))]
    return "| " + " | ".join(cells) + " |"


def detail_row(run):
    tick = run.get("tick") or {}
    proc = run.get("process") or {}
    bots = run.get("bots_figures") or {}
    cells = [str(run["bots"]), label_of(run), fixed(tick.get("p50")),
             fixed(tick.get("p99")), fixed(tick.get("p99_max")), str(tick.get("samples", 0)),
             gigabytes(proc.get("rss_max")), str(bots.get("resent_chunks", "–")), str(bots.get("pullbacks", "–")),
             f"{bots.get('bots_in_play_at_end', '–')}/{run['bots']}", percent(bots.get("bots_cpu_percent")),
             fixed(run.get("startup_s")), run["status"]]
    return "| " + " | ".join(cells) + " |"


def tables(runs):
    lines = []
    for key, rows in groups(runs):
        lines += [f"### {group_title(key)}", "",
                  "| Bots | Server | MSPT | P95 | TPS | RSS | CPU | Chunks/s | New chunks/s |",
                  "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
        lines += [main_row(r) for r in rows]
        lines += ["", "Details:", "",
                  "| Bots | Server | P50 | P99 | worst P99 | queries | peak RSS | resent | pull-backs | "
                  "bots in play at end | bots' CPU | start-up s | status |",
                  "| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
        lines += [detail_row(r) for r in rows]
        if any(r.get("world") for r in rows):
            lines += ["", "World (means over the window, from the metrics endpoint):", "",
                      "| Bots | Server | ticking chunks | loaded chunks | mobs | items |",
                      "| ---: | --- | ---: | ---: | ---: | ---: |"]
            lines += [world_row(r) for r in rows if r.get("world")]
        if any((r.get("world") or {}).get("trace_snapshots") for r in rows):
            lines += ["", "Trace snapshots (a recording server, the whole run):", "",
                      "| Bots | Server | snapshots | largest | longest pause |", "| ---: | --- | ---: | ---: | ---: |"]
            lines += [snapshot_row(r) for r in rows if (r.get("world") or {}).get("trace_snapshots")]
        if key[0] == "build":
            lines += ["", "Building:", "", "| Bots | Server | actions/s | block changes seen/s |",
                      "| ---: | --- | ---: | ---: |"]
            lines += [build_row(r) for r in rows]
        lines.append("")
    return lines


def world_row(run):
    w = run["world"]
    cells = [str(run["bots"]), label_of(run), format_number(w.get("chunks_ticking"), 0),
             format_number(w.get("chunks_loaded"), 0), format_number(w["entities"].get("mob"), 0),
             format_number(w["entities"].get("item"), 0)]
    return "| " + " | ".join(cells) + " |"


def snapshot_row(run):
    w = run["world"]
    cells = [str(run["bots"]), label_of(run), str(w["trace_snapshots"]), f"{w['trace_snapshot_bytes_max'] / 1e6:.1f} MB",
             f"{w['trace_snapshot_pause_s_max'] * 1e3:.1f} ms"]
    return "| " + " | ".join(cells) + " |"


def build_row(run):
    bots = run.get("bots_figures") or {}
    cells = [str(run["bots"]), label_of(run), fixed(bots.get("actions_per_s")), fixed(bots.get("block_updates_per_s"))]
    return "| " + " | ".join(cells) + " |"


def machine_lines(machine):
    return [f"- CPU: {machine.get('cpu', '?')}, {machine.get('logical_cpus', '?')} logical CPUs",
            f"- Memory: {gigabytes(machine.get('memory_bytes'))}",
            f"- System: {machine.get('os', '?')}, kernel {machine.get('kernel', '?')}"]


def settings_lines(settings):
    s = settings
    pin = (f"server on CPUs {s.get('server_cpus')}, bots on CPUs {s.get('bots_cpus')}"
           if s.get("server_cpus") else "not pinned")
    return [f"- Warm-up {format_number(s.get('warmup'))} s after the last bot joined, then "
            f"{format_number(s.get('measure'))} s of measurement; bots join every "
            f"{format_number(s.get('join_interval'))} s",
            f"- `tick query` every {format_number(s.get('tick_query_interval'))} s; RSS and CPU of the server's "
            "process tree every second (100 % is one core)",
            f"- View and simulation distance {s.get('view_distance')}; gamerules: "
            + (", ".join(s.get("gamerules") or []) or "none")
            + ("; console commands: " + ", ".join(f"`{c}`" for c in s["commands"]) if s.get("commands") else ""),
            f"- Pinning: {pin}; nice: {s.get('nice') if s.get('nice') is not None else 'no'}"]


def render(results, plots=(), title="Server benchmark"):
    """The report for one or more result documents (as written by server_bench.py)."""
    runs = [run for doc in results for run in doc["runs"]]
    first = results[0]
    lines = [f"# {title}", ""]
    commits = sorted({doc.get("commit") or "unknown" for doc in results})
    dates = sorted({doc.get("date", "")[:10] for doc in results})
    lines += [f"Date: {', '.join(dates)}. Commit: {', '.join(commits)}.", ""]
    lines += ["## Machine", ""] + machine_lines(first.get("machine", {})) + [""]
    lines += ["## Method", ""]
    for doc in results:  # documents run with the same settings say them once
        lines += [line for line in settings_lines(doc.get("settings", {})) if line not in lines]
    lines += ["- The same server.properties for every server: seed 12345, view and simulation distance 10, "
              "offline, creative, difficulty easy, sync-chunk-writes true; a fresh server per configuration",
              "- MSPT is the mean of the `tick query` averages in the window, P50/P95/P99 the means of its "
              "percentiles; TPS is 20 while MSPT fits in 50 ms, else 1000 / MSPT",
              "- Chunks/s and new chunks/s (chunks no bot had before) are the bots' counts in the window; "
              "GB = 10^9 bytes", ""]
    lines += ["## Results", ""] + tables(runs)
    if plots:
        lines += ["## Plots", ""]
        lines += [f"![{name}]({name})" for name in plots]
        lines.append("")
    return "\n".join(lines)


def now_iso():
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()
