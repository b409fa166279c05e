"""Starts a real horizon-server in a temporary folder and talks to its console (test helper)."""
import os
import queue
import socket
import subprocess
import tempfile
import threading
import time


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServerProcess:
    def __init__(self, binary, properties=None, folder=None, extra_args=()):
        self.folder = folder or tempfile.mkdtemp(prefix="horizon-test-")
        self.port = free_port()
        if properties is not None:
            with open(os.path.join(self.folder, "server.properties"), "w") as f:
                for key, value in properties.items():
                    f.write(f"{key}={value}\n")
        self.proc = subprocess.Popen(
            [binary, "--nogui", "--port", str(self.port), *extra_args],
            cwd=self.folder, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, bufsize=1)
        self.lines = queue.Queue()
        self.all_lines = []
        self._pump_thread = threading.Thread(target=self._pump, daemon=True)
        self._pump_thread.start()

    def _pump(self):
        for line in self.proc.stdout:
            line = line.rstrip("\n")
            self.all_lines.append(line)
            self.lines.put(line)
        self.lines.put(None)

    def wait_for(self, predicate, timeout=60.0):
        """Returns the first new output line for which predicate(line) holds."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching line; output so far:\n" + "\n".join(self.all_lines[-40:]))
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            if line is None:
                raise RuntimeError("server exited; output:\n" + "\n".join(self.all_lines[-40:]))
            if predicate(line):
                return line

    def next_lines(self, count, timeout=20.0):
        return [self.wait_for(lambda _: True, timeout) for _ in range(count)]

    def command(self, text):
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def wait_exit(self, timeout=60.0):
        """The exit status, once the process has ended and all its output is in all_lines."""
        status = self.proc.wait(timeout=timeout)
        self._pump_thread.join(timeout=timeout)
        return status

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
