"""One benchmark configuration: a fresh server, gamerules on its console, the bots joining one a
second, a warm-up, then a measurement window with `tick query` every few seconds and the
server's process tree sampled every second."""
import os
import shlex
import shutil
import socket
import subprocess
import tempfile
import time

from . import bots_summary, metrics_sampler, proc_sampler, servers, tick_query
from .console import ServerConsole


class Settings:
    """Everything a run needs besides the server kind, bot count and behaviour."""

    def __init__(self, **kw):
        self.warmup = kw.get("warmup", 60.0)
        self.measure = kw.get("measure", 300.0)
        self.join_interval = kw.get("join_interval", 1.0)
        self.tick_query_interval = kw.get("tick_query_interval", 5.0)
        self.view_distance = kw.get("view_distance", 10)
        self.nice = kw.get("nice")                # None: not niced
        self.server_cpus = kw.get("server_cpus")  # taskset list, e.g. "0"
        self.bots_cpus = kw.get("bots_cpus")
        self.bots_via = kw.get("bots_via") or []  # a command prefix, e.g. ["ssh", "macmini"]
        self.bots_bin = kw.get("bots_bin", "horizon-bots")
        self.connect = kw.get("connect", "127.0.0.1")
        self.port = kw.get("port", 0)             # 0: a free port per run
        self.gamerules = kw.get("gamerules", [("respawn_radius", "0")])
        self.commands = kw.get("commands", [])    # console commands after the gamerules, e.g. "time set night"
        self.properties = kw.get("properties", [])  # (key, value) pairs written last into server.properties
        self.work_dir = kw.get("work_dir")
        self.keep_worlds = kw.get("keep_worlds", False)
        self.startup_timeout = kw.get("startup_timeout", 600.0)
        self.stop_timeout = kw.get("stop_timeout", 120.0)

    def as_dict(self):
        d = dict(vars(self))
        d["gamerules"] = [f"{k}={v}" for k, v in self.gamerules]
        d["properties"] = [f"{k}={v}" for k, v in self.properties]
        return d


def free_port():
    with socket.socket() as s:
        s.bind(("", 0))
        return s.getsockname()[1]


def pinned(command, cpus, nice=None):
    prefix = []
    if cpus:
        prefix += ["taskset", "-c", cpus]
    if nice is not None:
        prefix += ["nice", "-n", str(nice)]
    return prefix + command


def bots_command(settings, port, bots, behaviour, explore_speed, warmup_offset, duration):
    command = [settings.bots_bin, "--host", settings.connect, "--port", str(port), "--bots", str(bots),
               "--join-interval", str(settings.join_interval), "--behaviour", behaviour,
               "--explore-speed", str(explore_speed), "--view-distance", str(settings.view_distance),
               "--warmup", f"{warmup_offset:.3f}", "--duration", f"{duration:.3f}"]
    return list(settings.bots_via) + pinned(command, settings.bots_cpus)


def run_configuration(kind, bots, behaviour, explore_speed, settings, say=None):
    """Runs one configuration and returns its result record (never raises for a server that
    fails; the record's status says what happened)."""
    say = say or (lambda text: None)
    folder = tempfile.mkdtemp(prefix=f"bench-{kind.name}-{behaviour}-{bots}-", dir=settings.work_dir)
    port = settings.port or free_port()
    properties = dict(servers.BENCH_PROPERTIES)
    properties["server-port"] = str(port)
    properties["view-distance"] = str(settings.view_distance)
    properties["simulation-distance"] = str(settings.view_distance)
    properties.update(servers.BEHAVIOUR_PROPERTIES.get(behaviour, {}))
    properties.update(dict(settings.properties))
    metrics_port = free_port() if kind.has_metrics else None
    if metrics_port:
        properties["horizon-metrics-port"] = str(metrics_port)
    kind.prepare(folder, properties)
    record = {"server": kind.name, "label": kind.label, "behaviour": behaviour, "bots": bots,
              "explore_speed": explore_speed if behaviour == "explore" else None,
              "folder": folder, "port": port, "metrics_port": metrics_port, "status": "ok"}

    console = ServerConsole(pinned(kind.command(port), settings.server_cpus, settings.nice), folder,
                            os.path.join(folder, "console.log"))
    try:
        _measure(console, kind, bots, behaviour, explore_speed, settings, record, say, port, folder)
    finally:
        if console.matching(servers.WATCHDOG):
            record["status"] = "stopped by its watchdog"
        exit_code = console.stop(timeout=settings.stop_timeout)
        record["server_exit_code"] = exit_code
        if not settings.keep_worlds and record["status"] == "ok":
            shutil.rmtree(folder, ignore_errors=True)
    return record


def _measure(console, kind, bots, behaviour, explore_speed, settings, record, say, port, folder):
    done = console.wait_for(servers.DONE, settings.startup_timeout)
    if done is None:
        record["status"] = "no Done line" if console.running() else f"server exited ({console.proc.poll()})"
        return
    record["startup_s"] = done[0] - console.started
    record["startup_reported_s"] = servers.parse_done_seconds(done[1])
    say(f"{kind.name}: Done after {record['startup_s']:.1f} s")
    for key, value in settings.gamerules:
        console.send(f"gamerule {key} {value}")
    for command in settings.commands:
        console.send(command)

    ticks = tick_query.TickQueryParser()
    console.add_listener(lambda line, when: ticks.feed(line, when))
    sampler = proc_sampler.TreeSampler(console.proc.pid).start()
    metrics = metrics_sampler.MetricsSampler(record["metrics_port"]).start() if record["metrics_port"] else None

    warmup_offset = bots * settings.join_interval + settings.warmup
    duration = warmup_offset + settings.measure
    started = time.monotonic()
    window_start, window_end = started + warmup_offset, started + duration
    bots_log = open(os.path.join(folder, "bots.log"), "w")
    command = bots_command(settings, port, bots, behaviour, explore_speed, warmup_offset, duration)
    record["bots_command"] = " ".join(shlex.quote(c) for c in command)
    bots_proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=bots_log, text=True)
    try:
        queries = _query_ticks(console, settings, window_start, window_end, bots_proc)
        try:
            out, _ = bots_proc.communicate(timeout=max(0.0, window_end - time.monotonic()) + 60)
        except subprocess.TimeoutExpired:
            bots_proc.terminate()
            out, _ = bots_proc.communicate()
    finally:
        if bots_proc.poll() is None:
            bots_proc.kill()
            bots_proc.wait()
        sampler.stop()
        if metrics:
            metrics.stop()
        bots_log.close()

    _wait_for_replies(ticks, queries, console)
    if not console.running():
        record["status"] = f"server exited ({console.proc.poll()})"
    record["window"] = {"start_offset_s": warmup_offset, "seconds": settings.measure}
    record["tick"] = tick_query.summarize([s for s in ticks.samples if window_start <= s["t"] <= window_end + 10])
    record["tick_samples"] = [dict(s, t=s["t"] - started) for s in ticks.samples]
    record["process"] = proc_sampler.summarize(sampler.samples, window_start, window_end)
    record["process_samples"] = [dict(s, t=s["t"] - started) for s in sampler.samples]
    if metrics:  # how much world the ticks covered: ticking chunks and entities by kind
        record["world"] = metrics_sampler.summarize(metrics.samples, window_start, window_end)
    try:
        summary = bots_summary.parse(out)
        record["bots_summary"] = summary
        record["bots_figures"] = bots_summary.figures(summary)
    except bots_summary.SummaryError as e:
        record["bots_figures"] = None
        if record["status"] == "ok":
            record["status"] = f"bots failed: {e} (exit {bots_proc.returncode})"


def _query_ticks(console, settings, window_start, window_end, bots_proc):
    """`tick query` at window_start + k * interval until the window ends, stopping early when the
    server or the bots end. Returns how many were sent."""
    k = 1
    while True:
        moment = window_start + k * settings.tick_query_interval
        if moment > window_end + 1e-6:
            return k - 1
        while time.monotonic() < moment:
            bots_ended_early = bots_proc.poll() is not None and time.monotonic() < window_end - 1
            if not console.running() or bots_ended_early:
                return k - 1
            time.sleep(min(0.5, max(0.0, moment - time.monotonic())))
        console.send("tick query")
        k += 1


def _wait_for_replies(ticks, queries, console, timeout=10.0):
    """Gives the last `tick query` (sent as the window closed) time to be answered."""
    deadline = time.monotonic() + timeout
    while len(ticks.samples) < queries and console.running() and time.monotonic() < deadline:
        time.sleep(0.1)

