"""Integration: horizon-bots against the real horizon-server. Bots log in offline, get through
configuration into play, take the server's game mode and spawn, answer a server teleport (counted
as a pull-back), and write a complete JSON summary."""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(__file__)
SOURCE = os.environ.get("HZ_SOURCE_DIR", os.path.join(HERE, "..", ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(SOURCE, "tools"))
from server_process import ServerProcess  # noqa: E402
from bench import bots_summary  # noqa: E402

SERVER = os.environ.get("HZ_SERVER_BIN", "horizon-server")
BOTS = os.environ.get("HZ_BOTS_BIN", "horizon-bots")
PROPERTIES = {"online-mode": "false", "gamemode": "creative", "level-seed": "12345", "difficulty": "easy"}
LOGGED_IN = re.compile(r"(\w+)\[/[^\]]*\] logged in with entity id \d+ at \((-?[\d.]+), (-?[\d.]+), (-?[\d.]+)\)")


def run_bots(port, *args, timeout=60):
    out = os.path.join(tempfile.mkdtemp(prefix="bots-"), "bots.json")
    done = subprocess.run([BOTS, "--host", "127.0.0.1", "--port", str(port), "--json", out, *args],
                          capture_output=True, text=True, timeout=timeout)
    summary = None
    if os.path.exists(out):
        with open(out) as f:
            summary = json.load(f)
    return done, summary


class BotsJoinTest(unittest.TestCase):
    def test_two_bots_join_and_report(self):
        server = ServerProcess(SERVER, properties=PROPERTIES)
        try:
            server.wait_for(lambda l: "Done (" in l)
            started = time.monotonic()
            bots = subprocess.Popen([BOTS, "--host", "127.0.0.1", "--port", str(server.port), "--bots", "2",
                                     "--join-interval", "0.5", "--duration", "6", "--warmup", "2",
                                     "--progress-interval", "1", "--prefix", "Probe"],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            first = LOGGED_IN.search(server.wait_for(lambda l: LOGGED_IN.search(l) is not None, timeout=20))
            server.wait_for(lambda l: "Probe2 joined the game" in l, timeout=20)
            server.command("tp Probe1 100.25 90 -50.75")
            out, err = bots.communicate(timeout=30)
        finally:
            server.kill()
        elapsed = time.monotonic() - started
        self.assertEqual(bots.returncode, 0, err)
        summary = json.loads(out)
        self.assertEqual(bots_summary.missing_fields(summary), [])
        self.assertEqual(summary["ended_by"], "duration")
        self.assertGreaterEqual(summary["elapsed_s"], 6.0)
        self.assertLess(summary["elapsed_s"], elapsed)
        self.assertEqual((summary["bots_started"], summary["bots_reached_play"], summary["bots_in_play_at_end"]),
                         (2, 2, 2))
        self.assertAlmostEqual(summary["window"]["start_s"], 2.0, delta=0.5)
        self.assertIn("[", err)  # progress lines went to stderr
        by_name = {b["name"]: b for b in summary["bots"]}
        self.assertEqual(sorted(by_name), ["Probe1", "Probe2"])
        for bot in by_name.values():
            self.assertTrue(bot["reached_play"])
            self.assertEqual(bot["phase_at_end"], "play")
            self.assertEqual(bot["game_mode"], 1, "the server's gamemode=creative")
        # The first bot's spawn is where the server says it put the first player.
        name, x, y, z = first.group(1), *(float(v) for v in first.group(2, 3, 4))
        spawn = by_name[name]["spawn"]
        self.assertAlmostEqual(spawn[0], x, delta=0.05)
        self.assertAlmostEqual(spawn[1], y, delta=0.05)
        self.assertAlmostEqual(spawn[2], z, delta=0.05)
        # /tp reached Probe1 as a position packet after the join teleport.
        self.assertGreaterEqual(by_name["Probe1"]["total"]["pullbacks"], 1)
        self.assertEqual(by_name["Probe2"]["total"]["pullbacks"], 0)
        self.assertEqual(summary["total"]["pullbacks"], by_name["Probe1"]["total"]["pullbacks"])
        if by_name["Probe1"]["total"]["chunks"] == 0:
            # Without chunks a bot must not move: it stays where the teleport put it.
            self.assertEqual(by_name["Probe1"]["position"], [100.25, 90, -50.75])
            self.assertEqual(by_name["Probe1"]["total"]["moves"], 0)

    def test_unreachable_server_is_reported_per_bot(self):
        from server_process import free_port
        done, summary = run_bots(free_port(), "--bots", "1", "--duration", "1", "--quiet")
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(summary["bots_reached_play"], 0)
        self.assertEqual(summary["bots"][0]["phase_at_end"], "closed")
        self.assertIn("cannot connect", summary["bots"][0]["close_reason"])

    def test_bad_options_are_refused(self):
        for args in (["--bots", "0"], ["--behaviour", "run"], ["--view-distance", "40"],
                     ["--prefix", "ALongBotPrefix", "--bots", "100"], ["--warmup", "5", "--duration", "5"]):
            done = subprocess.run([BOTS, *args], capture_output=True, text=True, timeout=10)
            self.assertEqual(done.returncode, 2, args)
            self.assertIn("horizon-bots:", done.stderr)
        done = subprocess.run([BOTS, "--help"], capture_output=True, text=True, timeout=10)
        self.assertEqual(done.returncode, 0)
        self.assertIn("--explore-speed", done.stdout)


if __name__ == "__main__":
    unittest.main()
