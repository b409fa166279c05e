"""Integration: horizon-bots against the real horizon-server. Bots log in offline, get through
configuration into play, take the server's game mode and spawn, answer a server teleport (counted
as a pull-back), and write a complete JSON summary."""
import json
import math
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
# Under ThreadSanitizer (tools/test.sh --tsan) both binaries run several times slower.
SLOW = 5 if os.environ.get("HZ_TSAN") else 1
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
            server.wait_for(lambda l: "Done (" in l, timeout=60 * SLOW)
            started = time.monotonic()
            bots = subprocess.Popen([BOTS, "--host", "127.0.0.1", "--port", str(server.port), "--bots", "2",
                                     "--join-interval", "0.5", "--duration", "6", "--warmup", "2",
                                     "--progress-interval", "1", "--prefix", "Probe"],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            first = LOGGED_IN.search(server.wait_for(lambda l: LOGGED_IN.search(l) is not None, timeout=20 * SLOW))
            server.wait_for(lambda l: "Probe2 joined the game" in l, timeout=20 * SLOW)
            # Far from where the bots walk (within 48 blocks of their spawn), so where Probe1 ends
            # up shows whether the teleport reached it.
            spawn_x, spawn_z = float(first.group(2)), float(first.group(4))
            target = (round(spawn_x) + 300.25, 90.0, round(spawn_z) - 50.75)
            server.command("tp Probe1 %.2f %.1f %.2f" % target)
            out, err = bots.communicate(timeout=30 * SLOW)
            # A clean stop: every thread (network, storage, workers, console) winds down and the
            # world is saved; the exit status is 0 (under ThreadSanitizer, not 66: no race seen).
            server.command("stop")
            self.assertEqual(server.wait_exit(timeout=60 * SLOW), 0, "\n".join(server.all_lines[-30:]))
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
        # Both bots received chunks and, standing in them, walked.
        for bot in by_name.values():
            self.assertGreater(bot["total"]["chunks"], 0, bot["name"])
            self.assertGreater(bot["total"]["moves"], 0, bot["name"])
        # After the teleport Probe1 is where it was put, or walked from there at most its walk speed
        # (5.6 blocks a second, and only once the chunk it stands in has arrived) for the rest of
        # the run; it is nowhere near the 48 blocks round its spawn it would be in without it.
        walked = math.hypot(by_name["Probe1"]["position"][0] - target[0], by_name["Probe1"]["position"][2] - target[2])
        self.assertLessEqual(walked, 5.6 * summary["elapsed_s"] + 0.5, by_name["Probe1"]["position"])
        from_spawn = math.hypot(by_name["Probe1"]["position"][0] - spawn_x, by_name["Probe1"]["position"][2] - spawn_z)
        self.assertGreater(from_spawn, 200, by_name["Probe1"]["position"])

    def test_building_bots_place_and_break_blocks(self):
        server = ServerProcess(SERVER, properties=dict(PROPERTIES, **{"spawn-protection": "0"}))
        try:
            server.wait_for(lambda l: "Done (" in l, timeout=60 * SLOW)
            done, summary = run_bots(server.port, "--bots", "3", "--behaviour", "build", "--join-interval", "0.2",
                                     "--duration", "16", "--warmup", "10", "--build-interval", "0.25",
                                     timeout=60 * SLOW)
            server.command("stop")
            self.assertEqual(server.wait_exit(timeout=60 * SLOW), 0, "\n".join(server.all_lines[-30:]))
        finally:
            server.kill()
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertEqual(summary["bots_in_play_at_end"], 3)
        total, window = summary["total"], summary["window"]
        # Each bot reaches its spot well inside the warm-up, then acts four times a second.
        self.assertGreaterEqual(window["actions"], 3 * 4 * 5, window)
        # Every action is answered by block_changed_ack (an ack answers every sequence up to its
        # own; the last second's actions may still be in flight, more of them under ThreadSanitizer).
        self.assertGreaterEqual(total["acks"], total["actions"] - 3 * SLOW, total)
        self.assertLessEqual(total["acks"], total["actions"], total)
        # Each accepted change reaches every bot (all build near spawn), the actor included.
        self.assertGreaterEqual(total["block_updates"], 2 * total["actions"], total)
        self.assert_pullbacks_only_from_stalls(server, total["pullbacks"])
        spots = {(round(b["position"][0] - 0.5), round(b["position"][2] - 0.5)) for b in summary["bots"]}
        self.assertEqual(len(spots), 3, "every bot builds at its own spot")

    def assert_pullbacks_only_from_stalls(self, server, pullbacks):
        """No move of a building bot is refused, except where the server stalled.

        A bot moves at most 0.5 blocks a tick. When the server falls behind (under
        ThreadSanitizer it can stall for a second) the moves that arrived meanwhile are judged in
        one tick, and past five packets vanilla's rule allows one packet's worth (10 blocks): the
        player is pulled back, as a vanilla client would be. Such a refusal moved more than five
        steps (2.5 blocks); anything else is a wrong refusal, and a release server refuses none."""
        too_quickly = [l for l in server.all_lines if "moved too quickly!" in l]
        wrongly = [l for l in server.all_lines if "moved wrongly!" in l]
        detail = "\n".join((too_quickly + wrongly)[-20:])
        if not os.environ.get("HZ_TSAN"):
            self.assertEqual(pullbacks, 0, "no move of a building bot is refused:\n" + detail)
            return
        self.assertEqual(wrongly, [], detail)
        self.assertLessEqual(pullbacks, len(too_quickly), detail)
        for line in too_quickly:
            dx, dy, dz = (float(v) for v in line.rsplit(" ", 1)[1].split(","))
            self.assertGreater(math.sqrt(dx * dx + dy * dy + dz * dz), 2.5, line)

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
