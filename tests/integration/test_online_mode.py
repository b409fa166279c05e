"""Integration: online-mode=true with a real horizon-server and a local stand-in session server.
A client written here does what vanilla's does: reads the encryption request, seals a shared
secret and the token with the server's RSA key (PKCS#1 v1.5), and from then on reads AES-128-CFB8
(decrypted with the openssl command). The stand-in sees vanilla's server-id hash and the ip= of
prevent-proxy-connections; a known player logs in with the stand-in's profile, an unknown one is
refused with vanilla's text. The session is recorded and `horizon-trace verify` replays it."""
import glob
import hashlib
import http.server
import json
import os
import secrets
import socket
import subprocess
import sys
import threading
import unittest
import urllib.parse

sys.path.insert(0, os.path.dirname(__file__))
from server_process import ServerProcess, free_port  # noqa: E402

SERVER = os.environ.get("HZ_SERVER_BIN", "horizon-server")
TRACE = os.environ.get("HZ_TRACE_BIN") or os.path.join(os.environ.get("HZ_BINARY_DIR", "."), "replay",
                                                        "horizon-trace")
PROTOCOL = 775
PROFILE_ID = "069a79f444e94726a5befca90e38aaf5"


# --- protocol bits -------------------------------------------------------------------------------

def varint(n):
    n &= 0xFFFFFFFF
    out = b""
    while True:
        b = n & 0x7F
        n >>= 7
        out += bytes([b | (0x80 if n else 0)])
        if not n:
            return out


def read_varint(data, pos):
    value, shift = 0, 0
    while True:
        b = data[pos]
        pos += 1
        value |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            return value, pos


def string(s):
    raw = s.encode("utf-8")
    return varint(len(raw)) + raw


def read_bytes(data, pos):
    n, pos = read_varint(data, pos)
    return data[pos:pos + n], pos + n


def frame(body):
    return varint(len(body)) + body


# --- the client's cryptography -------------------------------------------------------------------

def der_length(data, pos):
    n = data[pos]
    pos += 1
    if n < 0x80:
        return n, pos
    k = n & 0x7F
    return int.from_bytes(data[pos:pos + k], "big"), pos + k


def rsa_public_numbers(spki):
    """Modulus and exponent from a SubjectPublicKeyInfo DER (SEQUENCE{alg, BIT STRING{RSAPublicKey}})."""
    assert spki[0] == 0x30
    _, pos = der_length(spki, 1)
    assert spki[pos] == 0x30  # AlgorithmIdentifier: skipped
    n, p2 = der_length(spki, pos + 1)
    pos = p2 + n
    assert spki[pos] == 0x03
    _, pos = der_length(spki, pos + 1)
    pos += 1  # unused-bits byte
    assert spki[pos] == 0x30
    _, pos = der_length(spki, pos + 1)
    numbers = []
    for _ in range(2):
        assert spki[pos] == 0x02
        n, pos = der_length(spki, pos + 1)
        numbers.append(int.from_bytes(spki[pos:pos + n], "big"))
        pos += n
    return numbers


def rsa_pkcs1_encrypt(spki, message):
    modulus, exponent = rsa_public_numbers(spki)
    k = (modulus.bit_length() + 7) // 8
    padding = b""
    while len(padding) < k - len(message) - 3:
        b = secrets.token_bytes(1)
        if b != b"\0":
            padding += b
    block = b"\x00\x02" + padding + b"\x00" + message
    return pow(int.from_bytes(block, "big"), exponent, modulus).to_bytes(k, "big")


def minecraft_digest(*parts):
    digest = hashlib.sha1(b"".join(parts)).digest()
    return format(int.from_bytes(digest, "big", signed=True), "x")


def cfb8(key, data, decrypt):
    """AES-128-CFB8 of a whole stream from its start (key = IV), through the openssl command."""
    args = ["openssl", "enc", "-aes-128-cfb8", "-nopad", "-K", key.hex(), "-iv", key.hex()]
    if decrypt:
        args.append("-d")
    return subprocess.run(args, input=data, capture_output=True, check=True).stdout


# --- the stand-in session server ----------------------------------------------------------------

class StandIn(http.server.BaseHTTPRequestHandler):
    requests = []

    def do_GET(self):
        url = urllib.parse.urlparse(self.path)
        query = urllib.parse.parse_qs(url.query)
        StandIn.requests.append((url.path, query))
        if query.get("username") == ["Notch"]:
            body = json.dumps({"id": PROFILE_ID, "name": "Notch", "properties": [
                {"name": "textures", "value": "e30=", "signature": "c2lnbmF0dXJl"}]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        else:
            self.send_response(204)
            self.end_headers()

    def log_message(self, *args):
        pass


class Client:
    def __init__(self, port, name):
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30)
        self.name = name
        self.plain = b""

    def read_plain_packet(self):
        while True:
            if self.plain:
                try:
                    length, pos = read_varint(self.plain, 0)
                    if len(self.plain) >= pos + length:
                        body = self.plain[pos:pos + length]
                        self.plain = self.plain[pos + length:]
                        return body
                except IndexError:
                    pass
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            self.plain += chunk

    def log_in(self):
        self.sock.sendall(frame(varint(0) + varint(PROTOCOL) + string("localhost") + (25565).to_bytes(2, "big")
                                + varint(2)))
        self.sock.sendall(frame(varint(0) + string(self.name) + bytes(16)))
        body = self.read_plain_packet()
        packet_id, pos = read_varint(body, 0)
        assert packet_id == 0x01, packet_id  # encryption request
        server_id, pos = read_bytes(body, pos)
        public_key, pos = read_bytes(body, pos)
        token, pos = read_bytes(body, pos)
        should_authenticate = body[pos]
        self.secret = secrets.token_bytes(16)
        response = varint(0x01) + varint(128) + rsa_pkcs1_encrypt(public_key, self.secret) + varint(128) \
            + rsa_pkcs1_encrypt(public_key, token)
        self.sock.sendall(frame(response))
        return server_id, public_key, token, should_authenticate

    def read_encrypted_until_closed(self):
        data = self.plain
        self.sock.settimeout(30)
        while True:
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                break
            if not chunk:
                break
            data += chunk
        return cfb8(self.secret, data, decrypt=True)

    def read_encrypted(self, count):
        """Reads ciphertext until `count` whole frames decrypt (frames after compression allowed)."""
        data = self.plain
        while True:
            plain = cfb8(self.secret, data, decrypt=True)
            bodies, pos = [], 0
            try:
                while len(bodies) < count:
                    length, p = read_varint(plain, pos)
                    if len(plain) < p + length:
                        raise IndexError
                    bodies.append(plain[p:p + length])
                    pos = p + length
                return bodies
            except IndexError:
                chunk = self.sock.recv(65536)
                if not chunk:
                    raise ConnectionError("closed")
                data += chunk


class OnlineModeTest(unittest.TestCase):
    def test_known_player_logs_in_and_unknown_is_refused(self):
        stand_in = http.server.ThreadingHTTPServer(("127.0.0.1", 0), StandIn)
        threading.Thread(target=stand_in.serve_forever, daemon=True).start()
        session_url = f"http://127.0.0.1:{stand_in.server_address[1]}"
        server = ServerProcess(SERVER, properties={"online-mode": "true", "horizon-session-server": session_url,
                                                   "prevent-proxy-connections": "true",
                                                   "network-compression-threshold": "256"},
                               extra_args=("--record",))
        try:
            server.wait_for(lambda l: "Done (" in l)
            client = Client(server.port, "Notch")
            server_id, public_key, token, should_authenticate = client.log_in()
            self.assertEqual(server_id, b"")
            self.assertEqual(len(token), 4)
            self.assertEqual(should_authenticate, 1)
            # compression, then login_success (small: sent uncompressed inside the compressed format)
            compress, success = client.read_encrypted(2)
            self.assertEqual(read_varint(compress, 0)[0], 0x03)
            data_length, pos = read_varint(success, 0)
            self.assertEqual(data_length, 0)
            packet_id, pos = read_varint(success, pos)
            self.assertEqual(packet_id, 0x02)
            self.assertEqual(success[pos:pos + 16].hex(), PROFILE_ID)
            name, pos = read_bytes(success, pos + 16)
            self.assertEqual(name, b"Notch")
            count, pos = read_varint(success, pos)
            self.assertEqual(count, 1)
            prop_name, pos = read_bytes(success, pos)
            prop_value, pos = read_bytes(success, pos)
            self.assertEqual((prop_name, prop_value), (b"textures", b"e30="))
            self.assertEqual(success[pos], 1)
            self.assertEqual(read_bytes(success, pos + 1)[0], b"c2lnbmF0dXJl")

            path, query = StandIn.requests[0]
            self.assertEqual(path, "/session/minecraft/hasJoined")
            self.assertEqual(query["username"], ["Notch"])
            self.assertEqual(query["serverId"], [minecraft_digest(b"", client.secret, public_key)])
            self.assertEqual(query["ip"], ["127.0.0.1"])
            server.wait_for(lambda l: "UUID of player Notch is 069a79f4-44e9-4726-a5be-fca90e38aaf5" in l)
            client.sock.close()

            stranger = Client(server.port, "Mallory")
            stranger.log_in()
            plain = stranger.read_encrypted_until_closed()
            length, pos = read_varint(plain, 0)
            packet_id, pos = read_varint(plain, pos)
            self.assertEqual(packet_id, 0x00)  # login disconnect
            self.assertIn(b"multiplayer.disconnect.unverified_username", plain[pos:pos + length])
            server.wait_for(lambda l: "Username 'Mallory' tried to join with an invalid session" in l)
            stranger.sock.close()

            server.command("stop")
            self.assertEqual(server.wait_exit(), 0)
        finally:
            server.kill()
            stand_in.shutdown()
            stand_in.server_close()
        traces = sorted(glob.glob(os.path.join(server.folder, "traces", "*.hztrace")))
        self.assertTrue(traces)
        verify = subprocess.run([TRACE, "verify", *traces], capture_output=True, text=True, timeout=300)
        self.assertEqual(verify.returncode, 0, verify.stdout + verify.stderr)
        dump = subprocess.run([TRACE, "dump", "--inputs", traces[0]], capture_output=True, text=True, timeout=300)
        self.assertIn('"type":"SessionAnswer"', dump.stdout + dump.stderr)

    def test_online_mode_with_proxy_forwarding_is_refused(self):
        server = ServerProcess(SERVER, properties={"online-mode": "true", "horizon-proxy-forwarding": "bungeecord"})
        try:
            self.assertEqual(server.wait_exit(), 1)
        finally:
            server.kill()
        self.assertTrue(any("online-mode=true and horizon-proxy-forwarding cannot be used together" in l
                            for l in server.all_lines))


if __name__ == "__main__":
    unittest.main()
