"""Integration: enable-rcon with a real horizon-server. A client speaking vanilla's RCON packets
logs in (a wrong password is answered with request id -1), runs commands and gets their output
back; a broadcast reply also reaches the log as "[Rcon: ...]"; an empty password keeps RCON off
with vanilla's warning. The session is recorded and `horizon-trace verify` replays it exactly."""
import glob
import os
import socket
import struct
import subprocess
import sys
import unittest

sys.path.insert(0, os.path.dirname(__file__))
from server_process import ServerProcess, free_port  # noqa: E402

SERVER = os.environ.get("HZ_SERVER_BIN", "horizon-server")
TRACE = os.environ.get("HZ_TRACE_BIN") or os.path.join(os.environ.get("HZ_BINARY_DIR", "."), "replay",
                                                        "horizon-trace")
LOGIN, COMMAND, RESPONSE = 3, 2, 0


class RconClient:
    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)

    def send(self, request_id, kind, payload):
        body = struct.pack("<ii", request_id, kind) + payload.encode("utf-8") + b"\0\0"
        self.sock.sendall(struct.pack("<i", len(body)) + body)

    def _exactly(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("RCON connection closed")
            data += chunk
        return data

    def receive(self):
        (length,) = struct.unpack("<i", self._exactly(4))
        body = self._exactly(length)
        request_id, kind = struct.unpack("<ii", body[:8])
        return request_id, kind, body[8:-2].decode("utf-8")

    def close(self):
        self.sock.close()


class RconTest(unittest.TestCase):
    def test_login_commands_and_a_verified_trace(self):
        rcon_port = free_port()
        server = ServerProcess(SERVER, properties={"online-mode": "false", "enable-rcon": "true",
                                                   "rcon.port": str(rcon_port), "rcon.password": "s3cret"},
                               extra_args=("--record",))
        try:
            server.wait_for(lambda l: "Done (" in l)
            server.wait_for(lambda l: f"RCON running on 0.0.0.0:{rcon_port}" in l)
            self.assertTrue(any("Starting remote control listener" in l for l in server.all_lines))

            wrong = RconClient(rcon_port)
            wrong.send(7, LOGIN, "not it")
            self.assertEqual(wrong.receive()[0], -1)
            wrong.close()

            client = RconClient(rcon_port)
            client.send(11, LOGIN, "s3cret")
            self.assertEqual(client.receive(), (11, COMMAND, ""))
            client.send(12, COMMAND, "list")
            self.assertEqual(client.receive(), (12, RESPONSE, "There are 0 of a max of 20 players online: "))
            # Every reply of one command comes back joined without separators.
            client.send(13, COMMAND, "weather rain")
            self.assertEqual(client.receive(), (13, RESPONSE, "Set the weather to rain"))
            server.wait_for(lambda l: "[Rcon: Set the weather to rain]" in l)
            client.send(14, COMMAND, "no_such_command")
            request_id, _, text = client.receive()
            self.assertEqual(request_id, 14)
            self.assertTrue(text.startswith("Unknown or incomplete command"), text)
            client.close()

            server.command("stop")
            self.assertEqual(server.wait_exit(), 0)
        finally:
            server.kill()
        traces = sorted(glob.glob(os.path.join(server.folder, "traces", "*.hztrace")))
        self.assertTrue(traces)
        verify = subprocess.run([TRACE, "verify", *traces], capture_output=True, text=True, timeout=300)
        self.assertEqual(verify.returncode, 0, verify.stdout + verify.stderr)

    def test_an_empty_password_keeps_rcon_off(self):
        server = ServerProcess(SERVER, properties={"online-mode": "false", "enable-rcon": "true",
                                                   "rcon.port": str(free_port())})
        try:
            server.wait_for(lambda l: "Done (" in l)
            server.command("stop")
            self.assertEqual(server.wait_exit(), 0)
        finally:
            server.kill()
        self.assertTrue(any("No rcon password set in server.properties, rcon disabled!" in l for l in server.all_lines))
        self.assertFalse(any("RCON running" in l for l in server.all_lines))


if __name__ == "__main__":
    unittest.main()
