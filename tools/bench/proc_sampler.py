"""Resident memory and CPU time of a process and all its descendants, read from /proc once a
second; CPU is reported in percent of one core (200 % = two cores busy)."""
import os
import threading
import time


class StatFields:
    """The fields of /proc/<pid>/stat that the sampler uses."""

    def __init__(self, pid, ppid, cpu_ticks, rss_pages):
        self.pid = pid
        self.ppid = ppid
        self.cpu_ticks = cpu_ticks  # utime + stime + cutime + cstime
        self.rss_pages = rss_pages


def parse_stat(text):
    """Parses one /proc/<pid>/stat line. The command name sits in parentheses and may itself
    contain spaces and parentheses, so fields are counted from the last ')'."""
    open_paren = text.index("(")
    close_paren = text.rindex(")")
    pid = int(text[:open_paren].strip())
    rest = text[close_paren + 2:].split()
    # rest[0] is field 3 (state); field n is rest[n - 3].
    ppid = int(rest[4 - 3])
    utime, stime, cutime, cstime = (int(rest[n - 3]) for n in (14, 15, 16, 17))
    rss_pages = int(rest[24 - 3])
    return StatFields(pid, ppid, utime + stime + cutime + cstime, rss_pages)


def read_all_stats(proc="/proc"):
    stats = {}
    for name in os.listdir(proc):
        if not name.isdigit():
            continue
        try:
            with open(os.path.join(proc, name, "stat")) as f:
                s = parse_stat(f.read())
        except (OSError, ValueError, IndexError):
            continue  # the process ended while we looked
        stats[s.pid] = s
    return stats


def tree_of(root, stats):
    """The pids of `root` and its descendants among `stats`."""
    children = {}
    for s in stats.values():
        children.setdefault(s.ppid, []).append(s.pid)
    found, todo = [], [root]
    while todo:
        pid = todo.pop()
        if pid not in stats:
            continue
        found.append(pid)
        todo.extend(children.get(pid, ()))
    return sorted(found)


def tree_totals(root, stats, page_size):
    """(rss bytes, cpu ticks, process count) of the tree under `root`."""
    pids = tree_of(root, stats)
    rss = sum(stats[p].rss_pages for p in pids) * page_size
    cpu = sum(stats[p].cpu_ticks for p in pids)
    return rss, cpu, len(pids)


def cpu_percent(ticks_before, ticks_after, seconds, ticks_per_second):
    if seconds <= 0:
        return 0.0
    return 100.0 * (ticks_after - ticks_before) / ticks_per_second / seconds


class TreeSampler:
    """A thread that samples the tree under `root_pid` every `interval` seconds until stopped.
    Each sample: t (monotonic seconds), rss (bytes), cpu (percent since the previous sample),
    processes."""

    def __init__(self, root_pid, interval=1.0, proc="/proc"):
        self.root_pid = root_pid
        self.interval = interval
        self.proc = proc
        self.samples = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._page = os.sysconf("SC_PAGE_SIZE")
        self._hz = os.sysconf("SC_CLK_TCK")

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        self._thread.join()

    def _run(self):
        last = None
        next_time = time.monotonic()
        while not self._stop.is_set():
            now = time.monotonic()
            rss, ticks, count = tree_totals(self.root_pid, read_all_stats(self.proc), self._page)
            if count == 0:
                return  # the server is gone
            if last is not None:
                self.samples.append({"t": now, "rss": rss, "processes": count,
                                     "cpu": cpu_percent(last[1], ticks, now - last[0], self._hz)})
            last = (now, ticks)
            next_time += self.interval
            self._stop.wait(max(0.0, next_time - time.monotonic()))


def summarize(samples, start=None, end=None):
    """Mean and peak RSS and mean CPU of the samples taken in [start, end]."""
    used = [s for s in samples if (start is None or s["t"] >= start) and (end is None or s["t"] <= end)]
    if not used:
        return {"samples": 0, "rss_mean": None, "rss_max": None, "cpu_mean": None}
    return {
        "samples": len(used),
        "rss_mean": sum(s["rss"] for s in used) / len(used),
        "rss_max": max(s["rss"] for s in used),
        "cpu_mean": sum(s["cpu"] for s in used) / len(used),
    }
