"""tools/server_bench.py --from-json: the Markdown report and PNG plots from stored results
(two documents, as the walk/explore pass and the slow explore pass are run separately)."""
import json
import os
import subprocess
import sys
import tempfile
import unittest

SOURCE = os.environ.get("HZ_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))


def run(server, behaviour, bots, speed, mspt, status="ok"):
    return {"server": server, "behaviour": behaviour, "bots": bots, "explore_speed": speed, "status": status,
            "startup_s": 11.0,
            "tick": {"samples": 60, "mspt": mspt, "p50": mspt * 0.9, "p95": mspt * 2, "p99": mspt * 3,
                     "p99_max": mspt * 4, "tps": 20.0 if mspt <= 50 else 1000 / mspt},
            "process": {"samples": 300, "rss_mean": 1.4e9 + bots * 1e6, "rss_max": 1.6e9, "cpu_mean": 50.0 + bots},
            "bots_figures": {"chunks_per_s": 9.4 * bots, "new_chunks_per_s": 0.3 * bots, "resent_chunks": 0,
                             "pullbacks": 0, "bots_in_play_at_end": bots}}


def document(runs):
    return {"tool": "server_bench", "date": "2026-10-17T10:00:00+00:00", "commit": "abc",
            "machine": {"cpu": "Test CPU", "logical_cpus": 2, "memory_bytes": 8e9, "os": "Test OS", "kernel": "6"},
            "settings": {"warmup": 20, "measure": 60, "join_interval": 1, "tick_query_interval": 5,
                         "view_distance": 10, "gamerules": ["respawn_radius=0"], "server_cpus": "0", "bots_cpus": "1"},
            "explore_speed": 22.0, "servers": [{"kind": "horizon"}], "runs": runs}


class BenchReportTest(unittest.TestCase):
    def test_report_and_plots_from_two_documents(self):
        folder = tempfile.mkdtemp(prefix="bench-report-")
        first = [run("horizon", b, n, 22.0 if b == "explore" else None, 5.0 + n) for b in ("walk", "explore")
                 for n in (1, 10, 25)]
        first.append(run("vanilla", "walk", 100, None, 0, status="stopped by its watchdog"))
        second = [run("horizon", "explore", n, 0.8, 4.0 + n) for n in (1, 10)]
        paths = []
        for name, runs in (("main.json", first), ("slow.json", second)):
            paths.append(os.path.join(folder, name))
            with open(paths[-1], "w") as f:
                json.dump(document(runs), f)
        report = os.path.join(folder, "report.md")
        done = subprocess.run([sys.executable, os.path.join(SOURCE, "tools", "server_bench.py"), "--from-json",
                               *paths, "--report", report, "--title", "Test run"],
                              capture_output=True, text=True, timeout=120)
        self.assertEqual(done.returncode, 0, done.stderr)
        with open(report) as f:
            text = f.read()
        self.assertIn("# Test run", text)
        for title in ("### Walk", "### Explore at 22 blocks a second", "### Explore at 0.8 blocks a second"):
            self.assertIn(title, text)
        self.assertIn("| 10 | Horizon | 15.0 | 30.0 | 20.0 | 1.41 GB | 60 % | 94 | 3.0 |", text)
        self.assertIn("| 100 | Vanilla | stopped by its watchdog |", text)
        self.assertIn("Test CPU", text)
        pngs = sorted(n for n in os.listdir(folder) if n.endswith(".png"))
        if pngs:
            self.assertEqual(pngs, ["report-explore-0.8.png", "report-explore-22.png", "report-walk.png"])
            for name in pngs:
                self.assertIn(f"]({name})", text)
                with open(os.path.join(folder, name), "rb") as f:
                    self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")
        else:
            # Only acceptable when no interpreter here has matplotlib, and then it says so.
            self.assertIn("plots skipped", done.stderr)
            has = subprocess.run(["/usr/bin/python3", "-c", "import matplotlib"], capture_output=True)
            self.assertNotEqual(has.returncode, 0, done.stderr)


if __name__ == "__main__":
    unittest.main()
