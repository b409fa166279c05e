"""Integration: horizon-server --record writes a trace of a real session (raw TCP clients doing a
status ping, offline logins through configuration into play, garbage, console lines), and
`horizon-trace verify` replays it identically; `info` and `dump` read it. A server killed with
SIGKILL leaves a trace whose complete frames still verify."""
import glob
import json
import os
import signal
import socket
import struct
import subprocess
import sys
import time
import unittest
import zlib

sys.path.insert(0, os.path.dirname(__file__))
from server_process import ServerProcess  # noqa: E402

SERVER = os.environ.get("HZ_SERVER_BIN", "horizon-server")
TRACE = os.environ.get("HZ_TRACE_BIN") or os.path.join(os.environ.get("HZ_BINARY_DIR", "."), "replay",
                                                        "horizon-trace")
PROTOCOL = 775


def varint(value):
    value &= 0xFFFFFFFF
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        if value:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def string(text):
    data = text.encode()
    return varint(len(data)) + data


def packet(packet_id, payload=b""):
    return varint(packet_id) + payload


class RawClient:
    """A minimal protocol client: frames (and compresses, once told to) what it sends and reads
    whole frames back, with a deadline so a server that does not answer cannot hang the test."""

    def __init__(self, port):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.threshold = -1
        self.buffer = b""

    def send(self, body):
        if self.threshold >= 0:
            if len(body) >= self.threshold:
                inner = varint(len(body)) + zlib.compress(body)
            else:
                inner = varint(0) + body
        else:
            inner = body
        self.sock.sendall(varint(len(inner)) + inner)

    def _read_varint(self, data, pos):
        value, shift = 0, 0
        while True:
            if pos >= len(data):
                return None, pos
            byte = data[pos]
            pos += 1
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value, pos
            shift += 7
            if shift > 35:
                raise ValueError("bad varint")

    def receive(self, timeout=5.0):
        """The next packet body, or None when nothing complete arrives in time."""
        deadline = time.monotonic() + timeout
        while True:
            length, pos = self._read_varint(self.buffer, 0)
            if length is not None and len(self.buffer) >= pos + length:
                frame = self.buffer[pos:pos + length]
                self.buffer = self.buffer[pos + length:]
                if self.threshold >= 0:
                    size, at = self._read_varint(frame, 0)
                    frame = zlib.decompress(frame[at:]) if size else frame[at:]
                return frame
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                chunk = self.sock.recv(65536)
            except (socket.timeout, OSError):
                return None
            if not chunk:
                return None
            self.buffer += chunk

    def receive_until(self, wanted_id, timeout=10.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            body = self.receive(deadline - time.monotonic())
            if body is None:
                return None
            packet_id, _ = self._read_varint(body, 0)
            if packet_id == wanted_id:
                return body
        return None

    def close(self):
        self.sock.close()


def status_ping(port):
    c = RawClient(port)
    c.send(packet(0x00, varint(PROTOCOL) + string("localhost") + struct.pack(">H", port) + varint(1)))
    c.send(packet(0x00))
    response = c.receive()
    c.send(packet(0x01, struct.pack(">q", 0x1234_5678)))
    pong = c.receive()
    c.close()
    return response, pong


def join(port, name, command):
    """Offline login, configuration, play, one chat command; as far as the server takes it."""
    c = RawClient(port)
    c.send(packet(0x00, varint(PROTOCOL) + string("localhost") + struct.pack(">H", port) + varint(2)))
    c.send(packet(0x00, string(name) + bytes(16)))  # login_start: name, profile id
    reached = "login"
    while True:
        body = c.receive()
        if body is None:
            break
        packet_id, at = c._read_varint(body, 0)
        if packet_id == 0x03:  # set compression
            c.threshold, _ = c._read_varint(body, at)
        elif packet_id == 0x02:  # login success
            c.send(packet(0x03))  # login_acknowledged
            reached = "configuration"
            break
    if reached == "configuration":
        c.send(packet(0x00, string("en_us") + bytes([4]) + varint(0) + b"\x01\x7f" + varint(1) + b"\x00\x01" + varint(0)))
        known = varint(1) + string("minecraft") + string("core") + string("26.1")
        c.send(packet(0x07, known))  # select_known_packs
        if c.receive_until(0x03, timeout=10) is not None:  # finish_configuration from the server
            c.send(packet(0x03))
            reached = "play"
            time.sleep(0.3)
            c.send(packet(0x07, string(command)))  # chat_command
            time.sleep(0.3)
    c.close()
    return reached


class ReplayIntegrationTest(unittest.TestCase):
    def run_trace(self, *args):
        return subprocess.run([TRACE, *args], capture_output=True, text=True, timeout=300)

    def traces(self, server):
        files = sorted(glob.glob(os.path.join(server.folder, "traces", "*.hztrace")))
        self.assertTrue(files, "no trace written; server output:\n" + "\n".join(server.all_lines[-30:]))
        return files

    def test_recorded_session_verifies_and_reads(self):
        server = ServerProcess(SERVER, extra_args=("--record",))
        try:
            server.wait_for(lambda l: "Done (" in l)
            self.assertTrue(any("Recording a trace to" in l for l in server.all_lines))
            status_ping(server.port)
            reached = [join(server.port, "Tracer1", "tick query"), join(server.port, "Tracer2", "list")]
            garbage = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            garbage.sendall(bytes(range(7, 200)))
            garbage.close()
            server.command("tick query")
            server.command("say hello from the replay test")
            server.command("list")
            time.sleep(1.5)
            server.command("stop")
            self.assertEqual(server.wait_exit(), 0)
        finally:
            server.kill()
        self.assertTrue(any("Saved the trace" in l for l in server.all_lines), "\n".join(server.all_lines[-20:]))
        files = self.traces(server)

        verify = self.run_trace("verify", *files)
        self.assertEqual(verify.returncode, 0, verify.stdout + verify.stderr)
        self.assertIn("identical:", verify.stdout)

        info = self.run_trace("info", *files)
        self.assertEqual(info.returncode, 0, info.stderr)
        self.assertIn("players (logins seen): 2 (Tracer1, Tracer2)", info.stdout)
        self.assertIn("ConsoleLine: 4", info.stdout)
        self.assertIn("login/clientbound 0x02 success: 2", info.stdout)
        # Compressed frames after login are read as such: exactly the two logins, nothing unknown.
        self.assertIn("login/serverbound 0x00 login_start: 2 (", info.stdout)
        self.assertNotIn("clientbound 0x07 (unknown id)", info.stdout)
        self.assertIn("ends with the final save", info.stdout)

        dump = self.run_trace("dump", files[0])
        self.assertEqual(dump.returncode, 0, dump.stderr)
        records = [json.loads(line) for line in dump.stdout.splitlines()]
        packets = [p for r in records if r["type"] == "BytesReceived" for p in r["packets"]]
        names = {p.get("packet") for p in packets}
        self.assertIn("set_protocol", names)
        self.assertIn("login_start", names)
        usernames = {p["fields"]["username"] for p in packets if p.get("packet") == "login_start"}
        self.assertEqual(usernames, {"Tracer1", "Tracer2"})
        if "play" in reached:
            self.assertIn("chat_command", names)
        consoles = [r["text"] for r in records if r["type"] == "ConsoleLine"]
        self.assertEqual(consoles, ["tick query", "say hello from the replay test", "list", "stop"])

    def test_killed_server_leaves_a_verifiable_trace(self):
        server = ServerProcess(SERVER, extra_args=("--record",))
        try:
            server.wait_for(lambda l: "Done (" in l)
            status_ping(server.port)
            join(server.port, "Crasher", "tick query")
            time.sleep(2.5)  # a few frames reach the disk
            server.proc.send_signal(signal.SIGKILL)
            server.wait_exit()
        finally:
            server.kill()
        files = self.traces(server)
        verify = self.run_trace("verify", *files)
        self.assertEqual(verify.returncode, 0, verify.stdout + verify.stderr)
        info = self.run_trace("info", *files)
        self.assertIn("players (logins seen): 1 (Crasher)", info.stdout)


if __name__ == "__main__":
    unittest.main()
