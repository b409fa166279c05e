"""Integration: `horizon-parity record` in front of a real horizon-server. Clients go through the
proxy (status pings, several at once, and an offline login through configuration into play); the
recording holds both directions with the login -> configuration -> play transitions and
compressed packets decoded, and `horizon-parity dump` names them. The latency the proxy adds is
measured with status pings through and around it. An upstream that asks for encryption (an
online-mode server, played here by a small stand-in) is refused with a message to the client."""
import os
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import unittest

sys.path.insert(0, os.path.dirname(__file__))
from server_process import ServerProcess, free_port  # noqa: E402
from test_replay import RawClient, join, packet, status_ping, string, varint, PROTOCOL  # noqa: E402

SERVER = os.environ.get("HZ_SERVER_BIN", "horizon-server")
BOTS = os.environ.get("HZ_BOTS_BIN") or os.path.join(os.environ.get("HZ_BINARY_DIR", "."), "tools", "horizon-bots")
PARITY = os.environ.get("HZ_PARITY_BIN") or os.path.join(os.environ.get("HZ_BINARY_DIR", "."), "tools",
                                                          "horizon-parity")


class Proxy:
    def __init__(self, upstream_port, out):
        self.port = free_port()
        self.out = out
        self.proc = subprocess.Popen([PARITY, "record", "--listen", str(self.port), "--upstream",
                                      f"127.0.0.1:{upstream_port}", "--out", out],
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = []
        ready = threading.Event()

        def pump():
            for line in self.proc.stdout:
                self.lines.append(line.rstrip("\n"))
                if "Recording " in line:
                    ready.set()
            ready.set()
        threading.Thread(target=pump, daemon=True).start()
        if not ready.wait(10) or self.proc.poll() is not None:
            raise RuntimeError("proxy did not start:\n" + "\n".join(self.lines))

    def stop(self):
        self.proc.terminate()
        return self.proc.wait(timeout=10)

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc.stdout.close()


def status_times(port, count):
    """Times (ms) of `count` status exchanges, each on its own connection as a client makes them
    (the server closes after the pong): the medians of the whole exchange from connecting to the
    pong and of the ping's own round trip, and the ping's 99th percentile."""
    whole, pings = [], []
    for i in range(count):
        start = time.perf_counter()
        c = RawClient(port)
        c.send(packet(0x00, varint(PROTOCOL) + string("localhost") + struct.pack(">H", port) + varint(1)))
        c.send(packet(0x00))
        assert c.receive() is not None
        sent = time.perf_counter()
        c.send(packet(0x01, struct.pack(">q", i)))
        pong = c.receive()
        end = time.perf_counter()
        c.close()
        assert pong is not None and pong[1:] == struct.pack(">q", i), pong
        whole.append((end - start) * 1000)
        pings.append((end - sent) * 1000)
    return statistics.median(whole), statistics.median(pings), statistics.quantiles(pings, n=100)[98]


class InstantStatusServer:
    """Answers status requests and pings at once (Horizon answers in its next tick, which hides a
    proxy's cost under the 50 ms tick): what is left between direct and proxied is the proxy."""

    def __init__(self):
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self):
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self.answer, args=(conn,), daemon=True).start()

    def answer(self, conn):
        client = RawClient.__new__(RawClient)
        client.sock, client.threshold, client.buffer = conn, -1, b""
        client.receive()  # handshake
        client.receive()  # status request
        client.send(packet(0x00, string('{"version":{"name":"26.1","protocol":775}}')))
        ping = client.receive()
        if ping is not None:
            client.send(ping)
        conn.close()

    def close(self):
        self.listener.close()


class ParityRecordTest(unittest.TestCase):
    def test_recording_through_the_proxy(self):
        folder = tempfile.mkdtemp(prefix="horizon-parity-")
        out = os.path.join(folder, "session.hzparity")
        server = ServerProcess(SERVER, properties={"online-mode": "false", "server-ip": "127.0.0.1",
                                                   "view-distance": "3", "max-tick-time": "-1",
                                                   "network-compression-threshold": "64"})
        proxy = None
        try:
            server.wait_for(lambda l: "Done (" in l)
            proxy = Proxy(server.port, out)
            response, pong = status_ping(proxy.port)
            self.assertIsNotNone(response)
            self.assertIn(b'"protocol":775', response)
            self.assertEqual(pong, packet(0x01, struct.pack(">q", 0x1234_5678)))

            # Many clients at once: status pings in parallel threads while a player joins.
            answers = []
            pingers = [threading.Thread(target=lambda: answers.append(status_ping(proxy.port)[1]))
                       for _ in range(12)]
            for t in pingers:
                t.start()
            self.assertEqual(join(proxy.port, "Parity1", "list"), "play")
            for t in pingers:
                t.join(10)
            self.assertEqual(len(answers), 12)
            self.assertTrue(all(a == packet(0x01, struct.pack(">q", 0x1234_5678)) for a in answers))
            server.wait_for(lambda l: "Parity1 joined the game" in l, timeout=10)
            # Two load-test bots play through the proxy: they walk, load chunks, answer keep-alives.
            bots = subprocess.run([BOTS, "--host", "127.0.0.1", "--port", str(proxy.port), "--bots", "2",
                                   "--join-interval", "0.2", "--duration", "4", "--view-distance", "3",
                                   "--prefix", "ParityBot", "--quiet", "--json", os.path.join(folder, "bots.json")],
                                  capture_output=True, text=True, timeout=30)
            self.assertEqual(bots.returncode, 0, bots.stdout + bots.stderr)
            server.wait_for(lambda l: "ParityBot2 joined the game" in l, timeout=10)

            # Latency added: status ping round trips around and through the proxy.
            direct_whole, direct_ping, _ = status_times(server.port, 10)
            proxied_whole, proxied_ping, _ = status_times(proxy.port, 10)
            print(f"\nstatus exchange (connect to pong), median of 10: direct {direct_whole:.3f} ms, "
                  f"through the proxy {proxied_whole:.3f} ms; ping round trip: direct {direct_ping:.3f} ms, "
                  f"through the proxy {proxied_ping:.3f} ms")
            self.assertLess(proxied_ping, direct_ping + 5)
            self.assertLess(proxied_whole, direct_whole + 10)
            instant = InstantStatusServer()
            fast_proxy = Proxy(instant.port, os.path.join(folder, "instant.hzparity"))
            try:
                direct_whole, direct_ping, direct_p99 = status_times(instant.port, 200)
                proxied_whole, proxied_ping, proxied_p99 = status_times(fast_proxy.port, 200)
            finally:
                fast_proxy.kill()
                instant.close()
            print(f"instant status server, median of 200: exchange direct {direct_whole:.3f} ms, through the "
                  f"proxy {proxied_whole:.3f} ms; ping round trip direct {direct_ping:.3f} ms, through the proxy "
                  f"{proxied_ping:.3f} ms (added {proxied_ping - direct_ping:.3f} ms); ping round trip P99 direct "
                  f"{direct_p99:.3f} ms, through the proxy {proxied_p99:.3f} ms")
            self.assertLess(proxied_ping, direct_ping + 5)

            self.assertEqual(proxy.stop(), 0, "\n".join(proxy.lines))
            server.command("stop")
            self.assertEqual(server.wait_exit(), 0)
        finally:
            if proxy:
                proxy.kill()
            server.kill()

        dump = subprocess.run([PARITY, "dump", out], capture_output=True, text=True, timeout=60)
        self.assertEqual(dump.returncode, 0, dump.stdout[-3000:] + dump.stderr)
        text = dump.stdout
        if os.environ.get("HZ_PARITY_KEEP_DUMP"):
            with open(os.environ["HZ_PARITY_KEEP_DUMP"], "w") as f:
                f.write(text)
        self.assertNotIn("(unknown id)", text)
        self.assertNotIn("not framed", text)
        # 1 + 12 pings, the player, two bots, the 10 proxied latency connections
        self.assertEqual(text.count("\nconnection "), 26, text[:2000])
        for expected in ("C->S handshake/serverbound 0x00 set_protocol",
                         "C->S status/serverbound 0x00 ping_start",
                         "S->C status/clientbound 0x00 server_info",
                         "S->C status/clientbound 0x01 ping",
                         "C->S login/serverbound 0x00 login_start",
                         "S->C login/clientbound 0x03 compress",
                         "S->C login/clientbound 0x02 success",
                         "C->S login/serverbound 0x03 login_acknowledged",
                         "C->S configuration/serverbound 0x07 select_known_packs",
                         "S->C configuration/clientbound 0x03 finish_configuration",
                         "C->S configuration/serverbound 0x03 finish_configuration",
                         "S->C play/clientbound 0x31 login",
                         "C->S play/serverbound 0x07 chat_command",
                         "play/clientbound 0x2d map_chunk",
                         "C->S play/serverbound 0x1e position",
                         "closed: "):
            self.assertIn(expected, text, text[:4000])
        # The transitions in order on the player's connection.
        player = text[text.index("login_start"):]
        order = [player.index(s) for s in ("login/clientbound 0x02 success", "login/serverbound 0x03 login_acknowledged",
                                           "configuration/clientbound 0x03 finish_configuration",
                                           "play/clientbound 0x31 login")]
        self.assertEqual(order, sorted(order))

    def test_encrypted_upstream_is_refused(self):
        listener = socket.create_server(("127.0.0.1", 0))
        upstream_port = listener.getsockname()[1]

        def online_server():
            conn, _ = listener.accept()
            conn.settimeout(5)
            data = b""
            while data.count(b"Crypt") == 0:  # handshake and login_start (the name)
                chunk = conn.recv(4096)
                if not chunk:
                    return
                data += chunk
            body = varint(0x01) + string("") + varint(4) + b"\x30\x02\x01\x00" + varint(4) + b"tokn" + b"\x01"
            conn.sendall(varint(len(body)) + body + b"\x9a\x17ciphertext")
            try:
                while conn.recv(4096):
                    pass
            except OSError:
                pass
            conn.close()
        threading.Thread(target=online_server, daemon=True).start()
        out = os.path.join(tempfile.mkdtemp(prefix="horizon-parity-"), "refused.hzparity")
        proxy = Proxy(upstream_port, out)
        try:
            c = RawClient(proxy.port)
            c.send(packet(0x00, varint(PROTOCOL) + string("localhost") + struct.pack(">H", proxy.port) + varint(2)))
            c.send(packet(0x00, string("Crypt") + bytes(16)))
            body = c.receive(timeout=10)
            self.assertIsNotNone(body)
            self.assertEqual(body[0], 0x00)  # login disconnect, not the encryption request
            self.assertIn(b"offline-mode servers only", body)
            self.assertIsNone(c.receive(timeout=3))  # then the proxy closes
            c.close()
            deadline = time.monotonic() + 5
            while not any("asked for encryption" in l for l in proxy.lines) and time.monotonic() < deadline:
                time.sleep(0.05)
            self.assertTrue(any("asked for encryption (online-mode=true)" in l for l in proxy.lines), proxy.lines)
            self.assertEqual(proxy.stop(), 0)
        finally:
            proxy.kill()
            listener.close()
        dump = subprocess.run([PARITY, "dump", out], capture_output=True, text=True, timeout=60)
        self.assertEqual(dump.returncode, 0, dump.stderr)
        self.assertIn("S->C login/clientbound 0x01 encryption_begin", dump.stdout)
        self.assertIn("closed: refused: upstream asked for encryption", dump.stdout)
        self.assertNotIn("not framed", dump.stdout)


if __name__ == "__main__":
    unittest.main()
