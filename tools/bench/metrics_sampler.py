"""Horizon's Prometheus endpoint (horizon-metrics-port) read every few seconds during a run: the
ticking chunks and the entities by kind, so a report can say how much world a tick covered and
what a mob or a ticking chunk costs, and the trace snapshots a recording server wrote (how big, how
long the server thread paused). Other server kinds have no such endpoint; nothing is read."""
import re
import threading
import time
import urllib.request

SAMPLE = re.compile(r'^(horizon_chunks_ticking|horizon_chunks_loaded|horizon_trace_snapshots_total|'
                    r'horizon_trace_snapshot_bytes|horizon_trace_snapshot_pause_seconds|'
                    r'horizon_entities\{kind="(\w+)"\})\s+([0-9.eE+-]+)$')


def parse(text):
    """The figures of one scrape: {'chunks_ticking': n, 'chunks_loaded': n, 'entities': {kind: n}}, and
    'trace_snapshots_total', 'trace_snapshot_bytes', 'trace_snapshot_pause_seconds' when recording."""
    out = {"entities": {}}
    for line in text.splitlines():
        m = SAMPLE.match(line.strip())
        if not m:
            continue
        value = float(m.group(3))
        if m.group(2):
            out["entities"][m.group(2)] = value
        else:
            out[m.group(1)[len("horizon_"):]] = value
    return out


class MetricsSampler:
    def __init__(self, port, interval=5.0):
        self.url = f"http://127.0.0.1:{port}/metrics"
        self.interval = interval
        self.samples = []
        self.errors = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def start(self):
        self._thread.start()
        return self

    def stop(self):
        self._stop.set()
        self._thread.join()

    def _run(self):
        while not self._stop.wait(self.interval):
            try:
                with urllib.request.urlopen(self.url, timeout=2) as answer:
                    sample = parse(answer.read().decode())
            except OSError:
                self.errors += 1
                continue
            sample["t"] = time.monotonic()
            self.samples.append(sample)


def summarize(samples, start, end):
    """Means over the window: ticking and loaded chunks, mobs, items, and every kind seen."""
    inside = [s for s in samples if start <= s["t"] <= end + 5]
    if not inside:
        return None
    kinds = sorted({k for s in inside for k in s["entities"]})
    mean = lambda values: sum(values) / len(values)
    return {
        "samples": len(inside),
        "chunks_ticking": mean([s.get("chunks_ticking", 0.0) for s in inside]),
        "chunks_loaded": mean([s.get("chunks_loaded", 0.0) for s in inside]),
        "entities": {k: mean([s["entities"].get(k, 0.0) for s in inside]) for k in kinds},
        "mobs_at_end": inside[-1]["entities"].get("mob", 0.0),
        **snapshots(samples),
    }


def snapshots(samples):
    """The trace snapshots of the whole run (a gauge holds the last one's figures, so each distinct
    snapshot count is one snapshot): how many, and the largest size and pause seen."""
    seen = {}
    for s in samples:
        count = s.get("trace_snapshots_total", 0.0)
        if count > 0:
            seen[count] = (s.get("trace_snapshot_bytes", 0.0), s.get("trace_snapshot_pause_seconds", 0.0))
    if not seen:
        return {}
    return {"trace_snapshots": int(max(seen)),
            "trace_snapshot_bytes_max": max(b for b, _ in seen.values()),
            "trace_snapshot_pause_s_max": max(p for _, p in seen.values()),
            "trace_snapshot_pauses_s": [seen[c][1] for c in sorted(seen)]}
