"""A server process with its console: output lines are read on a thread, time-stamped, copied
to a log file and searchable; commands are written to its standard input."""
import queue
import subprocess
import threading
import time


class ServerConsole:
    def __init__(self, command, cwd, log_path):
        self.started = time.monotonic()
        self.proc = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, text=True, bufsize=1, errors="replace")
        self.lines = []  # (monotonic time, text)
        self._new = queue.Queue()
        self._log = open(log_path, "w")
        self._listeners = []
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()

    def _pump(self):
        for raw in self.proc.stdout:
            line = raw.rstrip("\n")
            now = time.monotonic()
            with self._lock:
                self.lines.append((now, line))
                listeners = list(self._listeners)
            self._log.write(line + "\n")
            self._log.flush()
            for listener in listeners:
                listener(line, now)
            self._new.put((now, line))
        self._new.put(None)

    def add_listener(self, callback):
        """callback(line, monotonic_time) for every line from now on (called on the reader thread)."""
        with self._lock:
            self._listeners.append(callback)

    def wait_for(self, pattern, timeout):
        """(time, line, match) of the next line matching the compiled `pattern`, or None on timeout
        or when the process ends first."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                item = self._new.get(timeout=left)
            except queue.Empty:
                return None
            if item is None:
                self._new.put(None)  # keep the end visible to later waits
                return None
            m = pattern.search(item[1])
            if m:
                return item[0], item[1], m

    def send(self, command):
        if self.proc.poll() is not None:
            return False
        try:
            self.proc.stdin.write(command + "\n")
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError):
            return False

    def running(self):
        return self.proc.poll() is None

    def matching(self, pattern):
        with self._lock:
            return [line for _, line in self.lines if pattern.search(line)]

    def stop(self, command="stop", timeout=120.0):
        """Asks the server to stop, then terminates and kills it if it will not. Returns the exit code."""
        if self.running():
            self.send(command)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.terminate()
                try:
                    self.proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    self.proc.kill()
                    self.proc.wait()
        self._thread.join(timeout=10)
        self._log.close()
        return self.proc.returncode
