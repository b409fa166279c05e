#!/usr/bin/env python3
"""Network fuzzer: many connections send malformed and mutated traffic to a running Horizon server
over loopback while one well-behaved client keeps playing. Bounded in sessions and time.

Strategies per session: raw random bytes; corrupt VarInt length prefixes; oversize frame claims;
valid frames with mutated bodies in every state (handshake, status, login, configuration, play);
valid packets in the wrong state; compressed frames with bad sizes or bad zlib; slow senders.
Valid packet bodies come from corpus/serverbound_packets (made by hz-make-corpus with the server's
own codec), so this tool encodes only framing and the few fields it must fill in (name, ids).

It reports how many sessions ran and how each ended, and fails (exit 1) when the server process
dies, stops answering `tick query` or drops the well-behaved client (the average tick time is
printed, never judged).

  tools/net_fuzz.py --server-bin build/server/horizon-server --sessions 300 --duration 30
"""
import argparse
import collections
import os
import random
import re
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
PROTOCOL = 775


# --- framing (VarInt length, optional compression) -------------------------------------------

def varint(n):
    n &= 0xFFFFFFFF
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def string(s):
    data = s.encode()
    return varint(len(data)) + data


def frame(body, threshold=-1):
    if threshold >= 0:
        if len(body) >= threshold:
            body = varint(len(body)) + zlib.compress(body)
        else:
            body = varint(0) + body
    return varint(len(body)) + body


def read_varint(sock_file):
    value = 0
    for i in range(5):
        b = sock_file.read(1)
        if not b:
            raise EOFError
        value |= (b[0] & 0x7F) << (7 * i)
        if not b[0] & 0x80:
            return value
    raise ValueError("bad varint")


def parse_varint(data, pos=0):
    value = 0
    for i in range(5):
        b = data[pos]
        pos += 1
        value |= (b & 0x7F) << (7 * i)
        if not b & 0x80:
            return value, pos
    raise ValueError("bad varint")


class Packets:
    """Valid serverbound bodies per state, from the fuzz corpus."""

    def __init__(self, corpus_dir):
        self.by_state = collections.defaultdict(dict)
        folder = os.path.join(corpus_dir, "serverbound_packets")
        for name in sorted(os.listdir(folder)):
            with open(os.path.join(folder, name), "rb") as f:
                data = f.read()
            state, _, packet = name.partition("_")
            self.by_state[state][packet] = data[1:]  # drop the selector byte

    def any(self, rng, state=None):
        state = state or rng.choice(sorted(self.by_state))
        name = rng.choice(sorted(self.by_state[state]))
        return state, name, self.by_state[state][name]


def mutate(rng, body):
    data = bytearray(body)
    for _ in range(rng.randint(1, 4)):
        kind = rng.randrange(4)
        if kind == 0 and data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif kind == 1:
            data[rng.randrange(len(data) + 1):0] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
        elif kind == 2 and len(data) > 1:
            del data[rng.randrange(len(data)):][:rng.randint(1, 4)]
        else:
            data += b"\xff" * rng.randint(1, 6)
    return bytes(data)


# --- a client that follows the server through login and configuration ----------------------

class Client:
    def __init__(self, port, name, timeout=5.0):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        self.file = self.sock.makefile("rb")
        self.name = name
        self.threshold = -1
        self.lock = threading.Lock()

    def send_body(self, body):
        with self.lock:
            self.sock.sendall(frame(body, self.threshold))

    def send_raw(self, data):
        with self.lock:
            self.sock.sendall(data)

    def read_body(self):
        length = read_varint(self.file)
        data = self.file.read(length)
        if len(data) != length:
            raise EOFError
        if self.threshold >= 0:
            size, pos = parse_varint(data)
            data = zlib.decompress(data[pos:]) if size else data[pos:]
        return data

    def login(self):
        self.send_body(varint(0) + varint(PROTOCOL) + string("localhost") + struct.pack(">H", 25565) + varint(2))
        self.send_body(varint(0) + string(self.name) + bytes(16))
        while True:
            body = self.read_body()
            pid, pos = parse_varint(body)
            if pid == 0x03:  # compress
                self.threshold, _ = parse_varint(body, pos)
            elif pid == 0x02:  # success
                self.send_body(varint(0x03))  # login_acknowledged
                return
            elif pid == 0x00:
                raise ConnectionError("login refused: " + body[pos:].decode(errors="replace"))

    def configure(self):
        # Client information (view distance 2), then wait for known packs and finish.
        self.send_body(varint(0x00) + string("en_us") + bytes([2]) + varint(0) + b"\x01" + b"\x7f" + varint(1) +
                       b"\x00\x01" + varint(0))
        while True:
            body = self.read_body()
            pid, pos = parse_varint(body)
            if pid == 0x0E:  # select_known_packs
                self.send_body(varint(0x07) + varint(0))
            elif pid == 0x04:  # keep_alive
                self.send_body(varint(0x04) + body[pos:pos + 8])
            elif pid == 0x03:  # finish_configuration
                self.send_body(varint(0x03))
                return
            elif pid == 0x02:
                raise ConnectionError("kicked during configuration")

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class GoodClient(threading.Thread):
    """Plays normally: answers keep-alives and teleports, moves a little, chats now and then."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port = port
        self.error = None
        self.keep_alives = 0
        self.running = True
        self.joined = threading.Event()

    def run(self):
        try:
            c = Client(self.port, "GoodBot", timeout=40)
            c.login()
            c.configure()
            self.joined.set()
            last_chat = time.monotonic()
            while self.running:
                body = c.read_body()
                pid, pos = parse_varint(body)
                if pid == 0x2C:  # keep_alive
                    c.send_body(varint(0x1C) + body[pos:pos + 8])
                    self.keep_alives += 1
                elif pid == 0x48:  # position: accept the teleport
                    tid, _ = parse_varint(body, pos)
                    c.send_body(varint(0x00) + varint(tid))
                elif pid == 0x20:  # kicked
                    raise ConnectionError("the well-behaved client was kicked")
                if time.monotonic() - last_chat > 5:
                    c.send_body(varint(0x09) + string("still here") + bytes(16) + b"\x00" + varint(0) + bytes(3) +
                                b"\x00")
                    last_chat = time.monotonic()
        except Exception as e:  # noqa: BLE001 - any failure of the good client is the finding
            if self.running:
                self.error = repr(e)


# --- fuzz sessions ---------------------------------------------------------------------------

def session(port, rng, packets, index):
    """Runs one malformed session; returns how it ended."""
    strategy = rng.choice(["raw", "bad_varint", "oversize", "mutated_login", "mutated_config",
                           "mutated_play", "wrong_state", "bad_compression", "slow"])
    name = "Fz%d" % index
    try:
        c = Client(port, name[:16], timeout=3)
    except OSError as e:
        return strategy, "connect failed: " + e.__class__.__name__
    try:
        if strategy == "raw":
            c.send_raw(bytes(rng.randrange(256) for _ in range(rng.randint(1, 300))))
        elif strategy == "bad_varint":
            c.send_raw(b"\xff\xff\xff\xff\xff\x01")
        elif strategy == "oversize":
            c.send_raw(b"\xff\xff\xff\x7f" + bytes(64))  # a 4-byte length prefix
        elif strategy == "slow":
            hello = frame(varint(0) + varint(PROTOCOL) + string("localhost") + struct.pack(">H", 1) + varint(2))
            for b in hello[:rng.randint(1, len(hello))]:
                c.send_raw(bytes([b]))
                time.sleep(0.05)
        elif strategy in ("mutated_login", "wrong_state"):
            c.send_body(varint(0) + varint(PROTOCOL) + string("localhost") + struct.pack(">H", 1) + varint(2))
            state = "login" if strategy == "mutated_login" else rng.choice(["configuration", "play", "status"])
            _, _, body = packets.any(rng, state)
            c.send_body(mutate(rng, body) if strategy == "mutated_login" else body)
        else:
            c.login()
            if strategy == "bad_compression":
                bad = rng.choice([varint(5) + b"\x00" * 5,                     # declared below threshold
                                  varint(9_000_000) + zlib.compress(b"x"),       # above 8 MiB
                                  varint(300) + b"not zlib at all" * 3,          # zlib garbage
                                  varint(300) + zlib.compress(b"short")])        # size mismatch
                c.send_raw(varint(len(bad)) + bad)
            elif strategy == "mutated_config":
                _, _, body = packets.any(rng, "configuration")
                c.send_body(mutate(rng, body))
            else:
                c.configure()
                for _ in range(rng.randint(1, 5)):
                    _, _, body = packets.any(rng, "play")
                    c.send_body(mutate(rng, body))
        c.sock.settimeout(3)
        while True:
            body = c.read_body()
            pid, _ = parse_varint(body)
            if (c.threshold < 0 and pid == 0x00) or pid in (0x02, 0x20):
                pass  # a disconnect packet; the close follows
    except (EOFError, ConnectionError, ConnectionResetError, BrokenPipeError):
        return strategy, "closed by server"
    except socket.timeout:
        return strategy, "still open after 3 s"
    except (OSError, ValueError, zlib.error) as e:
        return strategy, "ended: " + e.__class__.__name__
    finally:
        c.close()


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--server-bin", required=True)
    ap.add_argument("--corpus", default=os.path.join(REPO, "corpus"))
    ap.add_argument("--sessions", type=int, default=200)
    ap.add_argument("--duration", type=float, default=30.0, help="upper bound in seconds")
    ap.add_argument("--concurrency", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    packets = Packets(args.corpus)
    folder = tempfile.mkdtemp(prefix="horizon-netfuzz-")
    with open(os.path.join(folder, "server.properties"), "w") as f:
        f.write("online-mode=false\nlevel-seed=12345\nview-distance=2\nsimulation-distance=2\n"
                "pause-when-empty-seconds=0\nmax-players=1000\n")
    port = free_port()
    server = subprocess.Popen([args.server_bin, "--nogui", "--port", str(port)], cwd=folder,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = []
    threading.Thread(target=lambda: [lines.append(l.rstrip()) for l in server.stdout], daemon=True).start()
    deadline = time.monotonic() + 120
    while not any("Done (" in l for l in lines):
        if server.poll() is not None or time.monotonic() > deadline:
            print("net_fuzz: server did not start\n" + "\n".join(lines[-20:]))
            return 1
        time.sleep(0.1)

    good = GoodClient(port)
    good.start()
    good.joined.wait(30)
    outcomes = collections.Counter()
    started = time.monotonic()
    count = 0
    lock = threading.Lock()

    def worker(seed):
        nonlocal count
        local = random.Random(seed)
        while True:
            with lock:
                if count >= args.sessions or time.monotonic() - started > args.duration:
                    return
                count += 1
                index = count
            strategy, end = session(port, local, packets, index)
            with lock:
                outcomes[(strategy, end)] += 1

    threads = [threading.Thread(target=worker, args=(rng.randrange(1 << 30),)) for _ in range(args.concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    failures = []
    lines.clear()
    server.stdin.write("tick query\n")
    server.stdin.flush()
    average = None
    wait_until = time.monotonic() + 10
    while time.monotonic() < wait_until and average is None:
        for l in list(lines):
            m = re.search(r"Average time per tick: ([0-9.]+)ms", l)
            if m:
                average = float(m.group(1))
        time.sleep(0.1)
    if server.poll() is not None:
        failures.append("the server process exited with %s" % server.returncode)
    elif average is None:
        failures.append("the server did not answer tick query within 10 s (hang?)")
    else:
        # A figure, not a verdict: tick time depends on what else the machine runs.
        print("net_fuzz: average tick %.1f ms%s" % (average, " (below 20 TPS)" if average > 50.0 else ""))
    if not good.joined.is_set():
        failures.append("the well-behaved client never joined")
    elif good.error:
        failures.append("the well-behaved client lost its connection: " + good.error)
    good.running = False

    print("net_fuzz: %d sessions in %.1f s (seed %d)" % (sum(outcomes.values()), time.monotonic() - started, args.seed))
    for (strategy, end), n in sorted(outcomes.items()):
        print("  %-16s %-24s %d" % (strategy, end, n))
    print("  average tick after fuzzing: %s ms; good client keep-alives: %d" % (average, good.keep_alives))
    if server.poll() is None:
        server.stdin.write("stop\n")
        server.stdin.flush()
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            server.kill()
            failures.append("the server did not stop within 30 s")
    for f in failures:
        print("net_fuzz: FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
