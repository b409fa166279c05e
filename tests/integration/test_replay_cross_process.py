"""Integration: replay is deterministic across processes. A random session (bots joining at random
times and walking or exploring, so chunks are generated, streamed and unloaded; players in hashed
containers; /tick rate and a sprint from the console) is recorded by horizon-server and verified by
horizon-trace in other processes. Abseil salts its hashes per process (and these are different
binaries), so any hash-ordered iteration that reaches an effect or the state hash makes verify
report a divergence here. The random choices are printed; HZ_TEST_SEED repeats a run."""
import glob
import os
import random
import re
import subprocess
import sys
import time
import unittest

sys.path.insert(0, os.path.dirname(__file__))
from server_process import ServerProcess  # noqa: E402

SERVER = os.environ.get("HZ_SERVER_BIN", "horizon-server")
BOTS = os.environ.get("HZ_BOTS_BIN", "horizon-bots")
TRACE = os.environ.get("HZ_TRACE_BIN", "horizon-trace")


class CrossProcessReplayTest(unittest.TestCase):
    def test_random_session_recorded_in_one_process_verifies_in_others(self):
        seed = int(os.environ.get("HZ_TEST_SEED", random.randrange(1 << 30)))
        rng = random.Random(seed)
        bots = rng.randint(2, 4)
        behaviour = rng.choice(["walk", "explore"])
        plan = dict(seed=seed, bots=bots, behaviour=behaviour, level_seed=rng.randrange(-(1 << 40), 1 << 40),
                    view_distance=rng.randint(3, 5), bot_seed=rng.randrange(1 << 20))
        print("cross-process replay plan:", plan, flush=True)

        server = ServerProcess(SERVER, extra_args=("--record",), properties={
            "online-mode": "false", "level-seed": plan["level_seed"], "view-distance": plan["view_distance"],
            "simulation-distance": plan["view_distance"], "pause-when-empty-seconds": 0,
        })
        try:
            server.wait_for(lambda l: "Done (" in l, timeout=120)
            run = subprocess.Popen(
                [BOTS, "--host", "127.0.0.1", "--port", str(server.port), "--bots", str(bots),
                 "--join-interval", f"{rng.uniform(0.2, 0.8):.2f}", "--duration", "8", "--warmup", "1",
                 "--behaviour", behaviour, "--seed", str(plan["bot_seed"]),
                 "--view-distance", str(plan["view_distance"]), "--quiet"],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            time.sleep(rng.uniform(2.0, 3.0))
            server.command("tick query")
            server.command(f"tick rate {rng.choice([10, 25, 40])}")
            time.sleep(rng.uniform(0.5, 1.5))
            server.command("tick sprint 60")
            time.sleep(1.0)
            server.command("tick rate 20")
            _, err = run.communicate(timeout=90)
            self.assertEqual(run.returncode, 0, err)
            server.command("stop")
            self.assertEqual(server.wait_exit(timeout=120), 0)
        finally:
            server.kill()
        files = sorted(glob.glob(os.path.join(server.folder, "traces", "*.hztrace")))
        self.assertTrue(files, "no trace written:\n" + "\n".join(server.all_lines[-30:]))

        # The session is what this test claims: every bot logged in, chunks were generated.
        info = subprocess.run([TRACE, "info", *files], capture_output=True, text=True, timeout=300)
        self.assertEqual(info.returncode, 0, info.stderr)
        players = re.search(r"players \(logins seen\): (\d+)", info.stdout)
        self.assertIsNotNone(players, info.stdout)
        self.assertEqual(int(players.group(1)), bots, info.stdout)
        jobs = re.search(r"JobCompleted: (\d+)", info.stdout)
        self.assertIsNotNone(jobs, info.stdout)
        self.assertGreater(int(jobs.group(1)), 50, info.stdout)

        # Each verify is a new process with its own hash salt: all must agree with the recording.
        for attempt in range(2):
            verify = subprocess.run([TRACE, "verify", *files], capture_output=True, text=True, timeout=600)
            self.assertEqual(verify.returncode, 0, f"verify #{attempt + 1} of plan {plan}:\n" + verify.stdout +
                             verify.stderr)
            self.assertIn("identical:", verify.stdout)


if __name__ == "__main__":
    unittest.main()
