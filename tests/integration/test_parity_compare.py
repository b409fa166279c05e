"""Integration: `horizon-parity compare` on sessions recorded through the proxy in front of a real
horizon-server. The players join once first, so the recorded session starts from their saved
positions in a world copied before it (as docs/parity.md says to record a vanilla server). A
session of walking bots replays through Horizon's core with no difference; a session with the
upstream's movement check turned off (gamerule player_movement_check false) and bots running far
too fast is reported with Horizon's pull-backs as movement differences; a recording cut inside its
last frame, and a file that is no recording, are reported, not crashed on."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import unittest

sys.path.insert(0, os.path.dirname(__file__))
from server_process import ServerProcess  # noqa: E402
from test_parity import BOTS, PARITY, SERVER, Proxy  # noqa: E402

PROPERTIES = {"online-mode": "false", "server-ip": "127.0.0.1", "view-distance": "3", "simulation-distance": "3",
              "max-tick-time": "-1", "level-seed": "12345", "difficulty": "peaceful"}


def bots(port, prefix, count, seconds, *extra):
    run = subprocess.run([BOTS, "--host", "127.0.0.1", "--port", str(port), "--bots", str(count),
                          "--join-interval", "0.2", "--duration", str(seconds), "--view-distance", "3",
                          "--prefix", prefix, "--quiet", "--json", os.devnull, *extra],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stdout + run.stderr


def start_bots(port, prefix, count, seconds):
    return subprocess.Popen([BOTS, "--host", "127.0.0.1", "--port", str(port), "--bots", str(count),
                             "--join-interval", "0.2", "--duration", str(seconds), "--view-distance", "3",
                             "--prefix", prefix, "--quiet", "--json", os.devnull],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def compare(recording, *args):
    run = subprocess.run([PARITY, "compare", recording, *args, "--console", "gamerule spawn_mobs false"],
                         capture_output=True, text=True, timeout=120)
    last = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else "{}"
    return run, json.loads(last) if last.startswith("{") else None


class ParityCompareTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.mkdtemp(prefix="horizon-parity-compare-")
        server = ServerProcess(SERVER, properties=PROPERTIES)
        try:
            server.wait_for(lambda l: "Done (" in l)
            # Everyone who plays later joins once, so their saved positions are in the copied world.
            # Animals born with the chunks wander by each server's own random stream: none in the
            # copied world (and none born later: spawn_mobs is off in both sessions below). They
            # are killed while the bots are still in, so every chunk they loaded is loaded (the
            # kill reaches only loaded entities), and without their loot: items on the ground merge
            # and are picked up by timers and steps whose ticks the replay's timing need not match.
            server.command("gamerule mob_drops false")
            server.wait_for(lambda l: "mob_drops" in l, timeout=10)
            players = [start_bots(server.port, "ParityBot", 2, 4), start_bots(server.port, "FastBot", 1, 4)]
            server.wait_for(lambda l: "ParityBot2 joined the game" in l, timeout=20)
            time.sleep(1.5)
            server.command("kill @e[type=!player]")
            server.wait_for(lambda l: "Killed" in l or "No entity was found" in l, timeout=10)
            for run in players:
                out, err = run.communicate(timeout=60)
                assert run.returncode == 0, out + err
            server.command("stop")
            assert server.wait_exit() == 0
        finally:
            server.kill()
        cls.world = os.path.join(cls.folder, "world-before")
        shutil.copytree(os.path.join(server.folder, "world"), cls.world)
        cls.properties = os.path.join(server.folder, "server.properties")
        cls.walk = os.path.join(cls.folder, "walk.hzparity")
        cls.fast = os.path.join(cls.folder, "fast.hzparity")
        server = ServerProcess(SERVER, folder=server.folder)
        try:
            server.wait_for(lambda l: "Done (" in l)
            # Natural spawning draws from each server's own random stream: off on both (compare
            # gets the same line with --console).
            server.command("gamerule spawn_mobs false")
            server.wait_for(lambda l: "spawn_mobs" in l, timeout=10)
            proxy = Proxy(server.port, cls.walk)
            try:
                bots(proxy.port, "ParityBot", 2, 4)
                server.wait_for(lambda l: "ParityBot2 left the game" in l, timeout=10)
                assert proxy.stop() == 0
            finally:
                proxy.kill()
            server.command("gamerule player_movement_check false")
            server.wait_for(lambda l: "player_movement_check" in l, timeout=10)
            proxy = Proxy(server.port, cls.fast)
            try:
                bots(proxy.port, "FastBot", 1, 3, "--walk-speed", "300")
                server.wait_for(lambda l: "FastBot1 left the game" in l, timeout=10)
                assert proxy.stop() == 0
            finally:
                proxy.kill()
            server.command("stop")
            assert server.wait_exit() == 0
        finally:
            server.kill()

    def test_walking_session_compares_without_differences(self):
        report = os.path.join(self.folder, "walk.md")
        run, summary = compare(self.walk, "--world", self.world, "--properties", self.properties,
                               "--json", os.path.join(self.folder, "walk.json"), "--report", report)
        self.assertEqual(run.returncode, 0, run.stdout[-6000:] + run.stderr)
        self.assertEqual(summary["differ"], 0)
        self.assertEqual(summary["same"], summary["decisions"])
        self.assertGreater(summary["categories"]["movement"]["same"], 50)
        self.assertGreater(summary["categories"]["chunks"]["same"], 50)
        with open(os.path.join(self.folder, "walk.json")) as f:
            self.assertEqual(json.loads(f.read()), summary)
        with open(report) as f:
            self.assertIn("No differences.", f.read())
        print(f"\nself-comparison: {summary['recorded_s']} s recorded replayed in {summary['wall_s']} s "
              f"({summary['recorded_s'] / max(summary['wall_s'], 1e-9):.1f} recorded s per wall s), "
              f"{summary['decisions']} decisions: " + json.dumps(summary["categories"]))

    def test_pull_backs_are_movement_differences(self):
        run, summary = compare(self.fast, "--world", self.world, "--properties", self.properties)
        self.assertEqual(run.returncode, 1, run.stdout[-6000:] + run.stderr)
        self.assertGreater(summary["categories"]["movement"]["differ"], 0, run.stdout[-6000:])
        self.assertIn("movement: move ", run.stdout)
        self.assertIn("- recorded server: accepted", run.stdout)
        self.assertIn("- Horizon: pulled back to (", run.stdout)
        self.assertIn("rule differs", run.stdout)

    def test_damaged_recordings_are_reported(self):
        with open(self.walk, "rb") as f:
            data = f.read()
        cut = os.path.join(self.folder, "cut.hzparity")
        with open(cut, "wb") as f:
            f.write(data[:len(data) - 200])
        run, summary = compare(cut, "--world", self.world, "--properties", self.properties)
        self.assertIn(run.returncode, (0, 1), run.stderr)  # the events before the cut are compared
        self.assertIn("truncated", run.stderr)
        self.assertIsNotNone(summary)
        self.assertIn("the recording is damaged", run.stdout)
        garbage = os.path.join(self.folder, "garbage.hzparity")
        with open(garbage, "wb") as f:
            f.write(b"not a recording at all")
        run, summary = compare(garbage, "--seed", "12345")
        self.assertEqual(run.returncode, 1)
        self.assertIn("not a readable recording", run.stderr)
        run, _ = compare(self.walk)
        self.assertEqual(run.returncode, 2)
        self.assertIn("--world DIR or --seed N", run.stderr)


if __name__ == "__main__":
    unittest.main()
