"""Reading the replies of `tick query` on a server console (vanilla's wording, which Horizon
reproduces) and turning a window of them into MSPT, percentiles and TPS."""
import re

# "Average time per tick: 5.5ms (Target: 50.0ms)"; Java may format with a decimal comma.
_AVERAGE = re.compile(r"Average time per tick: (\d+(?:[.,]\d+)?)\s*ms")
# "Percentiles: P50: 4.9ms P95: 12.1ms P99: 15.0ms. Sample: 100"
_PERCENTILES = re.compile(
    r"Percentiles: P50: (\d+(?:[.,]\d+)?)\s*ms P95: (\d+(?:[.,]\d+)?)\s*ms "
    r"P99: (\d+(?:[.,]\d+)?)\s*ms\. Sample: (\d+)")

TARGET_MSPT = 50.0


def _number(text):
    return float(text.replace(",", "."))


class TickQueryParser:
    """Fed console lines one at a time; collects one sample per complete reply (an average line
    followed by its percentiles line)."""

    def __init__(self):
        self.samples = []
        self._average = None

    def feed(self, line, when=None):
        """Returns the finished sample when `line` completes a reply, else None."""
        m = _AVERAGE.search(line)
        if m:
            self._average = _number(m.group(1))
            return None
        m = _PERCENTILES.search(line)
        if m and self._average is not None:
            sample = {
                "t": when,
                "average": self._average,
                "p50": _number(m.group(1)),
                "p95": _number(m.group(2)),
                "p99": _number(m.group(3)),
                "sample_ticks": int(m.group(4)),
            }
            self._average = None
            self.samples.append(sample)
            return sample
        return None


def parse_replies(lines):
    """All samples in a sequence of console lines."""
    parser = TickQueryParser()
    for line in lines:
        parser.feed(line)
    return parser.samples


def tps_for(mspt):
    """20 while the average tick fits in 50 ms, else 1000 / MSPT (None without a figure)."""
    if mspt is None:
        return None
    if mspt <= TARGET_MSPT:
        return 20.0
    return 1000.0 / mspt


def summarize(samples):
    """Means of the samples' average and percentiles, the worst P99, and the TPS of the mean.
    Samples that measured no ticks (Sample: 0) are left out."""
    used = [s for s in samples if s.get("sample_ticks", 1) > 0]
    if not used:
        return {"samples": 0, "mspt": None, "p50": None, "p95": None, "p99": None,
                "p99_max": None, "tps": None}

    def mean(key):
        return sum(s[key] for s in used) / len(used)

    mspt = mean("average")
    return {
        "samples": len(used),
        "mspt": mspt,
        "p50": mean("p50"),
        "p95": mean("p95"),
        "p99": mean("p99"),
        "p99_max": max(s["p99"] for s in used),
        "tps": tps_for(mspt),
    }
