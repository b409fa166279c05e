"""Unit tests of tools/server_bench.py's parsers: `tick query` replies, /proc sampling of a process
tree, the bots' JSON summary, and the report's tables."""
import copy
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

SOURCE = os.environ.get("HZ_SOURCE_DIR", os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(SOURCE, "tools"))
from bench import bots_summary, metrics_sampler, proc_sampler, report, servers, tick_query  # noqa: E402

PREFIX = "[12:00:05] [Server thread/INFO]: "


def reply(average, p50, p95, p99, sample=100, status="The game is running normally"):
    return [PREFIX + status, PREFIX + "Target tick rate: 20.0 per second.",
            f"Average time per tick: {average}ms (Target: 50.0ms)",
            PREFIX + f"Percentiles: P50: {p50}ms P95: {p95}ms P99: {p99}ms. Sample: {sample}"]


class TickQueryTest(unittest.TestCase):
    def test_one_reply_gives_one_sample(self):
        samples = tick_query.parse_replies(reply("5.5", "4.9", "12.1", "15.0"))
        self.assertEqual(len(samples), 1)
        s = samples[0]
        self.assertEqual((s["average"], s["p50"], s["p95"], s["p99"], s["sample_ticks"]), (5.5, 4.9, 12.1, 15.0, 100))

    def test_decimal_commas_and_other_lines_between(self):
        lines = [PREFIX + "Bot1 joined the game"] + reply("114,5", "98,0", "256,2", "301,9", 37)
        lines.insert(3, PREFIX + "Bot2 moved too quickly! 1.0,2.0,3.0")
        samples = tick_query.parse_replies(lines)
        self.assertEqual(len(samples), 1)
        self.assertAlmostEqual(samples[0]["average"], 114.5)
        self.assertAlmostEqual(samples[0]["p95"], 256.2)
        self.assertEqual(samples[0]["sample_ticks"], 37)

    def test_percentiles_without_an_average_are_ignored(self):
        lines = reply("5.5", "4.9", "12.1", "15.0")[3:] + reply("6.0", "5.0", "7.0", "8.0")
        samples = tick_query.parse_replies(lines)
        self.assertEqual([s["average"] for s in samples], [6.0])

    def test_feed_reports_completion_with_time(self):
        parser = tick_query.TickQueryParser()
        lines = reply("7.25", "1.0", "2.0", "3.0")
        results = [parser.feed(line, when=42.0) for line in lines]
        self.assertEqual(results[:3], [None, None, None])
        self.assertEqual(results[3]["t"], 42.0)

    def test_tps_is_twenty_until_fifty_ms_then_the_inverse(self):
        self.assertEqual(tick_query.tps_for(5.5), 20.0)
        self.assertEqual(tick_query.tps_for(50.0), 20.0)
        self.assertAlmostEqual(tick_query.tps_for(114.5), 8.73, places=2)
        self.assertAlmostEqual(tick_query.tps_for(50.7), 19.72, places=2)
        self.assertIsNone(tick_query.tps_for(None))

    def test_summary_is_the_mean_of_samples_with_ticks(self):
        lines = reply("40", "30", "60", "80") + reply("80", "50", "100", "120") + reply("999", "9", "9", "9", 0)
        summary = tick_query.summarize(tick_query.parse_replies(lines))
        self.assertEqual(summary["samples"], 2)
        self.assertAlmostEqual(summary["mspt"], 60.0)
        self.assertAlmostEqual(summary["p50"], 40.0)
        self.assertAlmostEqual(summary["p95"], 80.0)
        self.assertAlmostEqual(summary["p99"], 100.0)
        self.assertEqual(summary["p99_max"], 120.0)
        self.assertAlmostEqual(summary["tps"], 1000.0 / 60.0)

    def test_summary_of_nothing_has_no_figures(self):
        summary = tick_query.summarize([])
        self.assertEqual(summary["samples"], 0)
        self.assertIsNone(summary["mspt"])
        self.assertIsNone(summary["tps"])


def stat_line(pid, comm, ppid, utime, stime, cutime, cstime, rss):
    # Fields 3.. of /proc/<pid>/stat: state, ppid, pgrp, session, tty, tpgid, flags, minflt, cminflt,
    # majflt, cmajflt, utime, stime, cutime, cstime, priority, nice, threads, itrealvalue, starttime,
    # vsize, rss, ...
    fields = ["S", ppid, 1, 1, 0, -1, 4194560, 10, 0, 0, 0, utime, stime, cutime, cstime, 20, 0, 3, 0, 12345,
              999999, rss, 18446744073709551615]
    return f"{pid} ({comm}) " + " ".join(str(f) for f in fields) + "\n"


class ProcSamplerTest(unittest.TestCase):
    def test_parse_stat_with_spaces_and_parentheses_in_the_name(self):
        s = proc_sampler.parse_stat(stat_line(77, "Server thread) (x", 5, 100, 50, 7, 3, 2048))
        self.assertEqual((s.pid, s.ppid, s.cpu_ticks, s.rss_pages), (77, 5, 160, 2048))

    def fake_proc(self, lines):
        root = tempfile.mkdtemp(prefix="fake-proc-")
        for pid, text in lines.items():
            os.makedirs(os.path.join(root, str(pid)))
            with open(os.path.join(root, str(pid), "stat"), "w") as f:
                f.write(text)
        os.makedirs(os.path.join(root, "self"))  # not a pid: skipped
        return root

    def test_tree_sums_descendants_only(self):
        root = self.fake_proc({
            10: stat_line(10, "java", 1, 100, 20, 0, 0, 1000),
            11: stat_line(11, "child", 10, 5, 5, 0, 0, 100),
            12: stat_line(12, "grandchild", 11, 1, 1, 2, 2, 10),
            20: stat_line(20, "unrelated", 1, 999, 999, 0, 0, 99999),
        })
        stats = proc_sampler.read_all_stats(root)
        self.assertEqual(proc_sampler.tree_of(10, stats), [10, 11, 12])
        rss, cpu, count = proc_sampler.tree_totals(10, stats, 4096)
        self.assertEqual(rss, (1000 + 100 + 10) * 4096)
        self.assertEqual(cpu, 120 + 10 + 6)
        self.assertEqual(count, 3)
        self.assertEqual(proc_sampler.tree_totals(99, stats, 4096), (0, 0, 0))

    def test_cpu_percent_is_of_one_core(self):
        self.assertAlmostEqual(proc_sampler.cpu_percent(1000, 1200, 1.0, 100), 200.0)
        self.assertAlmostEqual(proc_sampler.cpu_percent(0, 50, 2.0, 100), 25.0)
        self.assertEqual(proc_sampler.cpu_percent(0, 50, 0.0, 100), 0.0)

    def test_sampler_sees_a_busy_child_of_a_real_process(self):
        # A shell that starts a busy child: the tree's CPU must come from the child.
        proc = subprocess.Popen(["sh", "-c", "python3 -c 'while True: pass' & wait"], start_new_session=True)
        try:
            sampler = proc_sampler.TreeSampler(proc.pid, interval=0.2).start()
            time.sleep(1.5)
            sampler.stop()
        finally:
            os.killpg(proc.pid, signal.SIGKILL)  # the shell and its child
            proc.wait()
        self.assertGreaterEqual(len(sampler.samples), 3)
        later = sampler.samples[2:]
        self.assertTrue(all(s["processes"] == 2 for s in later), sampler.samples)
        # The child's CPU time counts (how much it gets depends on what else the machine runs).
        self.assertGreater(sum(s["cpu"] for s in later), 0.0)
        self.assertTrue(all(s["rss"] > 1_000_000 for s in later))

    def test_summary_uses_only_the_window(self):
        samples = [{"t": t, "rss": 100 * t, "cpu": 10.0 * t} for t in range(10)]
        s = proc_sampler.summarize(samples, 2, 4)
        self.assertEqual(s["samples"], 3)
        self.assertAlmostEqual(s["rss_mean"], 300)
        self.assertEqual(s["rss_max"], 400)
        self.assertAlmostEqual(s["cpu_mean"], 30.0)
        self.assertIsNone(proc_sampler.summarize(samples, 20, 30)["cpu_mean"])


def counts(chunks=0, new=0, seconds=10.0):
    return {"seconds": seconds, "chunks": chunks, "chunks_per_s": chunks / seconds, "new_chunks": new,
            "new_chunks_per_s": new / seconds, "resent_chunks": 0, "forgotten_chunks": 0, "batches": 1,
            "pullbacks": 2, "moves": 200, "moves_per_s": 20.0}


def bot_summary():
    bot = {"name": "Bot1", "reached_play": True, "play_since_s": 0.3, "phase_at_end": "play", "close_reason": "",
           "game_mode": 1, "spawn": [0.5, 70, 0.5], "position": [3, 94, 4], "horizontal_distance_from_spawn": 4.7,
           "held_chunks": 473, "ticks_waiting_for_chunk": 2, "desired_chunks_per_tick": 3.5,
           "total": counts(500, 400, 12), "window": counts(300, 100)}
    closed = dict(copy.deepcopy(bot), name="Bot2", phase_at_end="closed", close_reason="kicked: Timed out")
    return {"tool": "horizon-bots",
            "options": {k: 1 for k in bots_summary.OPTION_FIELDS},
            "ended_by": "duration", "elapsed_s": 12.0, "bots_started": 2, "bots_reached_play": 2,
            "bots_in_play_at_end": 1, "distinct_chunks": 900,
            "total": dict(counts(1000, 800, 12), start_s=0), "window": dict(counts(600, 200), start_s=2),
            "bots": [bot, closed],
            "samples": [{"t": 0, "in_play": 0, "closed": 0, "chunks": 0, "new_chunks": 0, "resent_chunks": 0,
                         "pullbacks": 0, "moves": 0}]}


class BotsSummaryTest(unittest.TestCase):
    def test_complete_summary_parses_and_gives_the_window_figures(self):
        summary = bots_summary.parse(json.dumps(bot_summary()))
        figures = bots_summary.figures(summary)
        self.assertEqual(figures["chunks_per_s"], 60.0)
        self.assertEqual(figures["new_chunks_per_s"], 20.0)
        self.assertEqual(figures["pullbacks"], 2)
        self.assertEqual(figures["bots_in_play_at_end"], 1)
        self.assertEqual(figures["close_reasons"], ["kicked: Timed out"])

    def test_every_missing_field_is_named(self):
        summary = bot_summary()
        del summary["window"]["new_chunks"]
        del summary["bots"][1]["total"]["pullbacks"]
        del summary["samples"][0]["moves"]
        del summary["distinct_chunks"]
        missing = bots_summary.missing_fields(summary)
        self.assertEqual(sorted(missing), sorted(["distinct_chunks", "window.new_chunks",
                                                  "bots[1].total.pullbacks", "samples[0].moves"]))
        with self.assertRaises(bots_summary.SummaryError):
            bots_summary.parse(json.dumps(summary))

    def test_not_json_is_an_error(self):
        with self.assertRaises(bots_summary.SummaryError):
            bots_summary.parse("[   12s] play 1/1 ...")
        with self.assertRaises(bots_summary.SummaryError):
            bots_summary.parse("[]")


class ServersAndReportTest(unittest.TestCase):
    def test_done_line(self):
        line = '[10:00:00] [Server thread/INFO]: Done (11.042s)! For help, type "help"'
        self.assertEqual(servers.parse_done_seconds(line), 11.042)
        self.assertIsNone(servers.parse_done_seconds("[10:00:00] [Server thread/INFO]: Starting"))

    def test_vanilla_folder_accepts_the_eula_and_shares_the_properties(self):
        folder = tempfile.mkdtemp()
        servers.VanillaServer("server.jar").prepare(folder, dict(servers.BENCH_PROPERTIES, **{"server-port": "25599"}))
        with open(os.path.join(folder, "eula.txt")) as f:
            self.assertIn("eula=true", f.read())
        with open(os.path.join(folder, "server.properties")) as f:
            text = f.read()
        for line in ("level-seed=12345", "gamemode=creative", "difficulty=easy", "sync-chunk-writes=true",
                     "online-mode=false", "view-distance=10", "simulation-distance=10", "server-port=25599"):
            self.assertIn(line + "\n", text)

    def test_report_rows_follow_the_seed_table(self):
        run = {"server": "horizon", "behaviour": "walk", "explore_speed": None, "bots": 10, "status": "ok",
               "tick": {"mspt": 11.46, "p50": 9.0, "p95": 22.14, "p99": 30.0, "p99_max": 41.0, "tps": 20.0,
                        "samples": 12},
               "process": {"rss_mean": 1.41e9, "rss_max": 1.5e9, "cpu_mean": 124.4},
               "bots_figures": {"chunks_per_s": 94.2, "new_chunks_per_s": 2.41, "resent_chunks": 0, "pullbacks": 0,
                                "bots_in_play_at_end": 10},
               "startup_s": 11.0}
        self.assertEqual(report.main_row(run), "| 10 | Horizon | 11.5 | 22.1 | 20.0 | 1.41 GB | 124 % | 94 | 2.4 |")
        crashed = {"server": "vanilla", "behaviour": "walk", "explore_speed": None, "bots": 100,
                   "status": "stopped by its watchdog", "tick": {"samples": 0}}
        self.assertIn("stopped by its watchdog", report.main_row(crashed))
        slow = dict(run, behaviour="explore", explore_speed=0.8)
        titles = [report.group_title(key) for key, _ in report.groups([run, slow])]
        self.assertEqual(titles, ["Walk", "Explore at 0.8 blocks a second"])


class MetricsSamplerTest(unittest.TestCase):
    SCRAPE = "\n".join([
        "# HELP horizon_chunks_ticking Chunk columns ticking.", "# TYPE horizon_chunks_ticking gauge",
        "horizon_chunks_ticking 441", "horizon_chunks_loaded 1089",
        "# TYPE horizon_entities gauge", 'horizon_entities{kind="player"} 10', 'horizon_entities{kind="mob"} 37',
        'horizon_entities{kind="item"} 2', 'horizon_mspt{quantile="0.95"} 1.5', "horizon_tps 20"])

    def test_a_scrape_gives_chunks_and_entities_by_kind(self):
        sample = metrics_sampler.parse(self.SCRAPE)
        self.assertEqual(sample["chunks_ticking"], 441)
        self.assertEqual(sample["chunks_loaded"], 1089)
        self.assertEqual(sample["entities"], {"player": 10, "mob": 37, "item": 2})

    def test_the_window_mean_leaves_out_samples_before_it(self):
        early = dict(metrics_sampler.parse(self.SCRAPE), t=1.0)
        late = [dict(metrics_sampler.parse(self.SCRAPE.replace("} 37", "} " + str(n))), t=10.0 + n) for n in (20, 40)]
        summary = metrics_sampler.summarize([early] + late, start=5.0, end=60.0)
        self.assertEqual(summary["samples"], 2)
        self.assertEqual(summary["entities"]["mob"], 30)
        self.assertEqual(summary["mobs_at_end"], 40)
        self.assertIsNone(metrics_sampler.summarize([early], start=5.0, end=60.0))

    def test_the_report_shows_the_world_table_when_runs_have_one(self):
        run = {"server": "horizon", "behaviour": "walk", "bots": 10, "status": "ok",
               "world": {"chunks_ticking": 441.0, "chunks_loaded": 1089.0, "entities": {"mob": 37.0, "item": 2.0}}}
        text = "\n".join(report.tables([run]))
        self.assertIn("| 10 | Horizon | 441 | 1089 | 37 | 2 |", text)
        self.assertNotIn("Trace snapshots", text)

    def test_snapshots_are_counted_once_each_with_their_largest_pause(self):
        def scrape(count, size, pause, t):
            text = self.SCRAPE + "\n" + "\n".join([
                "# TYPE horizon_trace_snapshots_total counter", f"horizon_trace_snapshots_total {count}",
                f"horizon_trace_snapshot_bytes {size}", f"horizon_trace_snapshot_pause_seconds {pause}"])
            return dict(metrics_sampler.parse(text), t=t)
        samples = [scrape(0, 0, 0, 1.0), scrape(1, 5e6, 0.25, 6.0), scrape(1, 5e6, 0.25, 11.0),
                   scrape(2, 7e6, 0.5, 16.0)]
        self.assertEqual(samples[1]["trace_snapshot_pause_seconds"], 0.25)
        summary = metrics_sampler.summarize(samples, start=10.0, end=20.0)
        self.assertEqual(summary["trace_snapshots"], 2)
        self.assertEqual(summary["trace_snapshot_pauses_s"], [0.25, 0.5])
        self.assertEqual(summary["trace_snapshot_pause_s_max"], 0.5)
        self.assertEqual(summary["trace_snapshot_bytes_max"], 7e6)
        self.assertNotIn("trace_snapshots", metrics_sampler.summarize(samples[:1], start=0.0, end=20.0))
        run = {"server": "horizon", "behaviour": "walk", "bots": 100, "status": "ok", "world": summary}
        self.assertIn("| 100 | Horizon | 2 | 7.0 MB | 500.0 ms |", "\n".join(report.tables([run])))


if __name__ == "__main__":
    unittest.main()
