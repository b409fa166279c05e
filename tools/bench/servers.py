"""The server kinds a benchmark can start: Horizon's horizon-server and a vanilla server jar run
with java. Both get the same server.properties and are driven through their console."""
import os
import re

# The seed's method: the same properties on every server.
BENCH_PROPERTIES = {
    "level-seed": "12345",
    "view-distance": "10",
    "simulation-distance": "10",
    "online-mode": "false",
    "gamemode": "creative",
    "difficulty": "easy",
    "sync-chunk-writes": "true",
    # Vanilla's default of 20 would turn bots away; no method sets it lower than the bot count.
    "max-players": "1000",
}

# Building bots are not operators and build within 16 blocks of spawn.
BEHAVIOUR_PROPERTIES = {"build": {"spawn-protection": "0"}}

DONE = re.compile(r'Done \((\d+(?:[.,]\d+)?)s\)! For help, type "help"')
# Vanilla's watchdog (and Horizon's, which logs the same words) before it stops the server.
WATCHDOG = re.compile(r"A single server tick took|Considering it to be crashed")


def write_properties(folder, properties):
    with open(os.path.join(folder, "server.properties"), "w") as f:
        f.write("#Written by tools/server_bench.py\n")
        for key in sorted(properties):
            f.write(f"{key}={properties[key]}\n")


class HorizonServer:
    name = "horizon"
    label = "Horizon"
    has_metrics = True  # horizon-metrics-port: ticking chunks and entities are read during the run

    def __init__(self, binary, extra_args=()):
        self.binary = os.path.abspath(binary)
        self.extra_args = list(extra_args)
        if self.extra_args:  # e.g. --record: rows of their own in the tables, with their own label
            self.name = "horizon" + "".join("-" + a.lstrip("-") for a in self.extra_args)
            self.label = "Horizon " + " ".join(self.extra_args)

    def prepare(self, folder, properties):
        write_properties(folder, properties)

    def command(self, port):
        return [self.binary, "--nogui", "--port", str(port)] + self.extra_args

    def describe(self):
        return {"kind": self.name, "binary": self.binary, "args": self.extra_args}


class VanillaServer:
    """A vanilla dedicated server jar (the seed used a 4 GB fixed heap)."""
    name = "vanilla"
    label = "Vanilla"
    has_metrics = False

    def __init__(self, jar, java="java", java_args=("-Xms4g", "-Xmx4g")):
        self.jar = os.path.abspath(jar)
        self.java = java
        self.java_args = list(java_args)

    def prepare(self, folder, properties):
        write_properties(folder, properties)
        # The server refuses to start until the EULA is accepted in its folder.
        with open(os.path.join(folder, "eula.txt"), "w") as f:
            f.write("eula=true\n")

    def command(self, port):
        # The port comes from server.properties (server-port), which prepare() wrote.
        return [self.java, *self.java_args, "-jar", self.jar, "--nogui"]

    def describe(self):
        return {"kind": self.name, "jar": self.jar, "java": self.java, "java_args": self.java_args}


def parse_done_seconds(line):
    """The start-up time a 'Done (12.345s)!' line reports, or None."""
    m = DONE.search(line)
    return float(m.group(1).replace(",", ".")) if m else None
