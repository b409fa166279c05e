"""Integration: the real horizon-server starts in an empty folder, answers `tick query` on its
console with vanilla's three replies, and stops cleanly on `stop` and on SIGTERM."""
import os
import re
import signal
import sys
import unittest

sys.path.insert(0, os.path.dirname(__file__))
from server_process import ServerProcess  # noqa: E402

BINARY = os.environ.get("HZ_SERVER_BIN", "horizon-server")
LOG_PREFIX = r"^\[\d\d:\d\d:\d\d\] \[Server thread/INFO\]: "


class ServerConsoleTest(unittest.TestCase):
    def test_tick_query_and_stop(self):
        server = ServerProcess(BINARY)
        try:
            done = server.wait_for(lambda l: "Done (" in l)
            self.assertRegex(done, LOG_PREFIX + r'Done \(\d+\.\d{3}s\)! For help, type "help"$')
            server.command("tick query")
            status = server.wait_for(lambda l: "The game is" in l)
            self.assertRegex(status, LOG_PREFIX + "The game is running normally$")
            rate, average, percentiles = server.next_lines(3)
            self.assertRegex(rate, LOG_PREFIX + r"Target tick rate: 20\.0 per second\.$")
            self.assertRegex(average, r"^Average time per tick: \d+\.\dms \(Target: 50\.0ms\)$")
            self.assertRegex(percentiles, LOG_PREFIX +
                             r"Percentiles: P50: \d+\.\dms P95: \d+\.\dms P99: \d+\.\dms\. Sample: 100$")
            server.command("/stop")
            self.assertEqual(server.wait_exit(), 0)
        finally:
            server.kill()
        props = os.path.join(server.folder, "server.properties")
        self.assertTrue(os.path.exists(props), "server.properties was not written")
        with open(props) as f:
            text = f.read()
        self.assertIn("view-distance=10\n", text)
        self.assertIn("max-tick-time=60000\n", text)
        with open(os.path.join(server.folder, "logs", "latest.log")) as f:
            self.assertIn('For help, type "help"', f.read())

    def test_sigterm_saves_and_exits_zero(self):
        server = ServerProcess(BINARY)
        try:
            server.wait_for(lambda l: "Done (" in l)
            server.proc.send_signal(signal.SIGTERM)
            self.assertEqual(server.wait_exit(), 0)
            self.assertTrue(any("Saving worlds" in l for l in server.all_lines))
        finally:
            server.kill()

    def test_bad_property_is_refused_with_key_and_value(self):
        server = ServerProcess(BINARY, properties={"online-mode": "false", "view-distance": "far"})
        try:
            self.assertEqual(server.wait_exit(), 1)
        finally:
            server.kill()
        output = "\n".join(server.all_lines)
        self.assertIn("'view-distance'", output)
        self.assertIn("'far'", output)

    def test_online_mode_starts_with_a_fresh_key_pair(self):
        # The logins themselves are in test_online_mode.py (with a stand-in session server).
        server = ServerProcess(BINARY, properties={"online-mode": "true"})
        try:
            server.wait_for(lambda l: "Done (" in l)
            server.command("stop")
            self.assertEqual(server.wait_exit(), 0)
        finally:
            server.kill()
        self.assertTrue(any(re.search("Generating keypair", l) for l in server.all_lines))


if __name__ == "__main__":
    unittest.main()
