#!/usr/bin/env python3
"""Benchmarks servers under the same bots, one fresh server per configuration (the method of the
seed report in docs/benchmarks/): bots join one a second, a warm-up, then a measurement window
with `tick query` every 5 s and the server's RSS and CPU every second. Writes JSON, a Markdown
report and PNG plots.

  python3 tools/server_bench.py --servers horizon --bots 1,10,25 --behaviour walk,explore \\
      --cpus 0:1 --out results.json
  python3 tools/server_bench.py --from-json walk.json slow.json --report report.md
"""
import argparse
import json
import os
import platform
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import plots, report, runner, servers  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def comma_list(cast):
    def parse(text):
        try:
            return [cast(x) for x in text.split(",") if x.strip()]
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a comma-separated list: {text}")
    return parse


def gamerule(text):
    key, sep, value = text.partition("=")
    if not sep or not key or not value:
        raise argparse.ArgumentTypeError(f"expected name=value, got {text}")
    return key, value


def cpu_split(text):
    server, sep, bots = text.partition(":")
    if not sep or not server or not bots:
        raise argparse.ArgumentTypeError("expected SERVER_CPUS:BOTS_CPUS, e.g. 0:1 or 0-1:2-3")
    return server, bots


def instrumented(build_dir):
    """Whether a build folder is a sanitizer build (HZ_FUZZ is the ASan+UBSan build, HZ_TSAN the
    ThreadSanitizer one): its binaries are many times slower and would measure nothing useful."""
    try:
        with open(os.path.join(build_dir, "CMakeCache.txt")) as cache:
            text = cache.read()
    except OSError:
        return False
    return "HZ_FUZZ:BOOL=ON" in text or "HZ_TSAN:BOOL=ON" in text


def default_binary(name, subdir):
    """The newest build of `name` in the checkout's build folders that are not sanitizer builds,
    else `name` from PATH."""
    folders = [os.path.join(REPO, d) for d in os.listdir(REPO) if d.startswith("build")]
    found = [os.path.join(f, subdir, name) for f in folders if not instrumented(f)]
    found = [p for p in found if os.path.exists(p)]
    return max(found, key=os.path.getmtime) if found else name


def arguments(argv):
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--servers", type=comma_list(str), default=["horizon"], help="horizon and/or vanilla")
    p.add_argument("--bots", type=comma_list(int), default=[1, 10, 25, 50, 100])
    p.add_argument("--behaviour", type=comma_list(str), default=["walk", "explore"])
    p.add_argument("--explore-speed", type=float, default=22.0, help="blocks a second")
    p.add_argument("--warmup", type=float, default=60.0, help="seconds after the last bot joined")
    p.add_argument("--measure", type=float, default=300.0, help="seconds of measurement")
    p.add_argument("--join-interval", type=float, default=1.0)
    p.add_argument("--tick-query-interval", type=float, default=5.0)
    p.add_argument("--view-distance", type=int, default=10)
    p.add_argument("--gamerule", type=gamerule, action="append", default=[],
                   help="name=value set on the console after start-up (respawn_radius=0 is always set)")
    p.add_argument("--command", action="append", default=[], dest="commands",
                   help="a console command sent after the gamerules, e.g. 'time set midnight' (repeatable)")
    p.add_argument("--nice", type=int, help="run the server under nice -n N")
    p.add_argument("--cpus", type=cpu_split, help="SERVER:BOTS CPU lists for taskset, e.g. 0:1")
    p.add_argument("--bots-via", default="", help="command prefix to run the bots elsewhere, e.g. 'ssh host'")
    p.add_argument("--bots-bin", default=None, help="horizon-bots binary")
    p.add_argument("--connect", default="127.0.0.1", help="address the bots connect to")
    p.add_argument("--port", type=int, default=0, help="server port (0: a free one per run)")
    p.add_argument("--horizon-bin", default=None, help="horizon-server binary")
    p.add_argument("--horizon-args", default="", help="extra horizon-server arguments, e.g. --record")
    p.add_argument("--property", type=gamerule, action="append", default=[], dest="properties",
                   help="KEY=VALUE written into every server's server.properties (repeatable)")
    p.add_argument("--vanilla-jar", default=None, help="vanilla server jar")
    p.add_argument("--java", default="java")
    p.add_argument("--java-args", default="-Xms4g -Xmx4g")
    p.add_argument("--work-dir", default=None, help="where server folders are made (default: temp)")
    p.add_argument("--keep-worlds", action="store_true", help="keep every server folder")
    p.add_argument("--out", default="results.json", help="JSON results")
    p.add_argument("--report", default=None, help="Markdown report (default: --out with .md)")
    p.add_argument("--plots-dir", default=None, help="where PNG plots go (default: beside the report)")
    p.add_argument("--no-plots", action="store_true")
    p.add_argument("--plot-python", default=None, help="interpreter with matplotlib if this one lacks it")
    p.add_argument("--title", default="Server benchmark")
    p.add_argument("--commit", default=None,
                   help="the commit the binaries were built from (default: this checkout's HEAD)")
    p.add_argument("--from-json", nargs="+", metavar="JSON", help="only write the report and plots for these results")
    args = p.parse_args(argv)
    for b in args.behaviour:
        if b not in ("walk", "explore", "build"):
            p.error(f"unknown behaviour {b}")
    for s in args.servers:
        if s not in ("horizon", "vanilla"):
            p.error(f"unknown server {s}")
    if "vanilla" in args.servers and not args.vanilla_jar and not args.from_json:
        p.error("--vanilla-jar is needed for the vanilla server")
    return args


def machine():
    info = {"logical_cpus": os.cpu_count(), "kernel": platform.release()}
    try:
        with open("/proc/cpuinfo") as f:
            models = [line.split(":", 1)[1].strip() for line in f if line.startswith("model name")]
        info["cpu"] = models[0] if models else platform.processor()
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    info["memory_bytes"] = int(line.split()[1]) * 1024
        with open("/etc/os-release") as f:
            for line in f:
                if line.startswith("PRETTY_NAME="):
                    info["os"] = line.split("=", 1)[1].strip().strip('"')
    except OSError:
        pass
    return info


def commit():
    try:
        head = subprocess.run(["git", "-C", REPO, "rev-parse", "--short=12", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", REPO, "status", "--porcelain", "--untracked-files=no"],
                               capture_output=True, text=True).stdout.strip()
        return head + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return ""


def server_kinds(args):
    kinds = []
    for name in args.servers:
        if name == "horizon":
            kinds.append(servers.HorizonServer(args.horizon_bin or default_binary("horizon-server", "server"),
                                               shlex.split(args.horizon_args)))
        else:
            kinds.append(servers.VanillaServer(args.vanilla_jar, args.java, shlex.split(args.java_args)))
    return kinds


def settings_from(args):
    gamerules = [("respawn_radius", "0")] + [g for g in args.gamerule if g[0] != "respawn_radius"]
    gamerules += [g for g in args.gamerule if g[0] == "respawn_radius"]
    return runner.Settings(
        warmup=args.warmup, measure=args.measure, join_interval=args.join_interval,
        tick_query_interval=args.tick_query_interval, view_distance=args.view_distance, nice=args.nice,
        server_cpus=args.cpus[0] if args.cpus else None, bots_cpus=args.cpus[1] if args.cpus else None,
        bots_via=shlex.split(args.bots_via), bots_bin=args.bots_bin or default_binary("horizon-bots", "tools"),
        connect=args.connect, port=args.port, gamerules=gamerules, commands=args.commands, properties=args.properties,
        work_dir=args.work_dir,
        keep_worlds=args.keep_worlds)


def say(text):
    print(f"server_bench: {text}", file=sys.stderr, flush=True)


def run_all(args):
    settings = settings_from(args)
    kinds = server_kinds(args)
    doc = {"tool": "server_bench", "date": report.now_iso(), "commit": args.commit or commit(),
           "machine": machine(), "settings": settings.as_dict(), "explore_speed": args.explore_speed,
           "servers": [k.describe() for k in kinds], "runs": []}
    for behaviour in args.behaviour:
        for bots in args.bots:
            for kind in kinds:
                say(f"{kind.name}, {behaviour}, {bots} bots")
                run = runner.run_configuration(kind, bots, behaviour, args.explore_speed, settings, say)
                doc["runs"].append(run)
                tick, fig = run.get("tick") or {}, run.get("bots_figures") or {}
                say(f"  {run['status']}: MSPT {tick.get('mspt')}, P95 {tick.get('p95')}, "
                    f"chunks/s {fig.get('chunks_per_s')}, new/s {fig.get('new_chunks_per_s')}")
                with open(args.out, "w") as f:  # rewritten after every run, so a crash keeps the rest
                    json.dump(doc, f, indent=1)
    return [args.out]


def write_report(args, paths):
    results = []
    for path in paths:
        with open(path) as f:
            results.append(json.load(f))
    report_path = args.report or os.path.splitext(paths[0])[0] + ".md"
    out_dir = args.plots_dir or os.path.dirname(os.path.abspath(report_path))
    names, skipped = [], None
    if not args.no_plots:
        prefix = os.path.splitext(os.path.basename(report_path))[0]
        names, skipped = plots.make_plots([os.path.abspath(p) for p in paths], out_dir, prefix, args.plot_python)
        if skipped:
            say(f"plots skipped: {skipped}")
    rel = [os.path.relpath(os.path.join(out_dir, n), os.path.dirname(os.path.abspath(report_path))) for n in names]
    with open(report_path, "w") as f:
        f.write(report.render(results, rel, args.title))
    say(f"wrote {report_path}" + (f" and {len(names)} plots" if names else ""))


def main(argv=None):
    args = arguments(argv)
    paths = args.from_json or run_all(args)
    write_report(args, paths)
    return 0


if __name__ == "__main__":
    sys.exit(main())
