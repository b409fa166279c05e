#!/usr/bin/env python3
"""Compiles each library and program of a build folder as one translation unit (syntax only).

The libraries compile eight files at a time (HZ_UNITY_LIBS); which files meet in a batch changes
as files are added. When every target compiles as one whole translation unit, no two of its files
define the same name in their anonymous namespaces, so any batching compiles. Run it after adding
files or helpers:

    python3 tools/unity_check.py build            # the compiler and flags of build/
    python3 tools/unity_check.py build --clang    # clang, as the sanitizer build uses
"""
import argparse
import collections
import json
import os
import shlex
import subprocess
import sys
import tempfile


def targets(build):
    commands = json.load(open(os.path.join(build, "compile_commands.json")))
    groups = collections.defaultdict(list)
    for entry in commands:
        path = entry["file"]
        if "/Unity/unity_" in path and "/tests/" not in path:
            groups[path.split("/Unity/")[0]].append(entry)
    return groups


def check(name, entries, folder, clang):
    source = os.path.join(folder, name + ".cxx")
    with open(source, "w") as out:
        for entry in sorted(entries, key=lambda e: e["file"]):
            out.write(open(entry["file"]).read() + "\n")
    args, skip = [], False
    for arg in shlex.split(entries[0]["command"]):
        if skip:
            skip = False
        elif arg in ("-o", "-c", "-MF", "-MT"):
            skip = True
        elif arg not in ("-MD", "ccache"):
            args.append(arg)
    if clang:
        args = ["clang++"] + [a for a in args[1:] if a not in ("-Wno-restrict", "-msse2", "-mfpmath=sse")]
    done = subprocess.run(args + ["-fsyntax-only", source], capture_output=True, text=True)
    return [line for line in done.stderr.splitlines() if "error:" in line] if done.returncode else []


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("build", help="a configured build folder (compile_commands.json)")
    parser.add_argument("--clang", action="store_true", help="check with clang++ instead of the folder's compiler")
    options = parser.parse_args()
    failed = 0
    with tempfile.TemporaryDirectory() as folder:
        for directory, entries in sorted(targets(options.build).items()):
            name = os.path.basename(directory).removesuffix(".dir")
            errors = check(name, entries, folder, options.clang)
            print(f"{name}: {'ok' if not errors else str(len(errors)) + ' errors'}")
            for line in errors[:20]:
                print("    " + line)
            failed += bool(errors)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
