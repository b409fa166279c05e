#!/usr/bin/env python3
"""Determinism guard: fails when sim/ reads wall-clock time, uses rand/srand/random_device,
creates threads, or iterates a hashed container (std::unordered_*, absl flat/node hash maps and
sets) in a range-for or through begin(). Reviewed exceptions live in a whitelist file, one per
line:

    sim/path/file.cpp:LINE  text on that line  # why it is safe

LINE may be `*` (any line of the file). The text must appear on the flagged line. Every entry
needs a reason, and an entry that no longer matches anything fails the guard too, so the list
stays true. See docs/determinism.md for the rules behind each check.

Usage: determinism_guard.py [--root DIR] [--whitelist FILE] [--self-test]
"""
import argparse
import os
import re
import sys

SOURCE_SUFFIXES = (".h", ".hpp", ".cc", ".cpp", ".cxx", ".inc")

# (rule, regex) applied to code with comments and string literals blanked out.
LINE_RULES = [
    ("wall-clock time", re.compile(r"\b(?:std::)?chrono::(?:system_clock|steady_clock|high_resolution_clock|utc_clock|tai_clock|gps_clock|file_clock)\b")),
    ("wall-clock time", re.compile(r"(?<![\w.>:])(?:std::|::)?time\s*\(\s*(?:nullptr|NULL|0|&)")),
    ("wall-clock time", re.compile(r"\b(?:gettimeofday|clock_gettime|timespec_get|ftime)\s*\(")),
    ("wall-clock time", re.compile(r"(?<![\w.>:])(?:std::|::)?clock\s*\(\s*\)")),
    ("randomness", re.compile(r"(?<![\w.>:])(?:std::|::)?s?rand\s*\(")),
    ("randomness", re.compile(r"\b(?:std::)?random_device\b")),
    ("randomness", re.compile(r"(?<![\w.>:])(?:drand48|lrand48|mrand48|random|srandom|arc4random|getrandom)\s*\(")),
    ("thread creation", re.compile(r"\bstd::(?:thread|jthread|async)\b")),
    ("thread creation", re.compile(r"\bpthread_\w+")),
    ("thread creation", re.compile(r"#\s*include\s*<(?:thread|future|pthread\.h)>")),
]

HASHED_TYPE = re.compile(r"\b(?:std::unordered_(?:map|set|multimap|multiset)|absl::(?:flat|node)_hash_(?:map|set))\s*<")
ALIAS = re.compile(r"\busing\s+(\w+)\s*=\s*(?=(?:std::unordered_|absl::(?:flat|node)_hash_))")
INCLUDE = re.compile(r'#\s*include\s*"([^"]+)"')


def blank_comments_and_strings(text):
    """Replaces comments and string/char literals by spaces, keeping line structure."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c == 'R' and text.startswith('R"', i):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i)
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c in "\"'":
            # A quote right after an alphanumeric is a digit separator (1'000), not a literal.
            if c == "'" and i > 0 and text[i - 1].isalnum():
                out.append(c)
                i += 1
                continue
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(c + " " * (j - i - 2) + (c if j - i >= 2 else ""))
            i = j
        else:
            out.append(c)
            i += 1
    return "".join(out)


def skip_template_args(code, start):
    """Index just past the '>' closing the '<' at code[start - 1]."""
    depth, i = 1, start
    while i < len(code) and depth:
        if code[i] == "<":
            depth += 1
        elif code[i] == ">":
            depth -= 1
        elif code[i] in ";{}":
            return i
        i += 1
    return i


def hashed_names(code, alias_types):
    """Names of variables and members declared with a hashed container type."""
    names = set()
    type_pattern = HASHED_TYPE
    for m in type_pattern.finditer(code):
        end = skip_template_args(code, m.end())
        decl = re.match(r"\s*[&*]?\s*(\w+)\s*(?:[;={(\[]|,)", code[end:])
        if decl:
            names.add(decl.group(1))
    for alias in alias_types:
        for m in re.finditer(r"\b" + re.escape(alias) + r"\b\s*[&*]?\s*(\w+)\s*[;={(,]", code):
            if m.group(1) not in ("=",):
                names.add(m.group(1))
    return names


def aliases(code):
    return {m.group(1) for m in ALIAS.finditer(code)}


def iteration_rules(names):
    rules = []
    for name in sorted(names):
        n = re.escape(name)
        rules.append(("hashed container iteration",
                      re.compile(r"\bfor\s*\([^;()]*(?:\([^()]*\)[^;()]*)*:\s*[*&]?\s*(?:[\w.>-]*(?:\.|->))?" + n + r"\s*\)")))
        rules.append(("hashed container iteration", re.compile(r"(?<![\w])" + n + r"\s*(?:\.|->)\s*c?r?begin\s*\(")))
        rules.append(("hashed container iteration", re.compile(r"\bstd::c?r?begin\s*\(\s*(?:[\w.>-]*(?:\.|->))?" + n + r"\s*\)")))
    return rules


def source_files(root):
    sim = os.path.join(root, "sim")
    for dirpath, dirnames, filenames in os.walk(sim):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith(SOURCE_SUFFIXES):
                yield os.path.join(dirpath, name)


def scan(root):
    """Returns [(relative path, line number, rule, line text)]."""
    files = {}
    for path in source_files(root):
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        files[os.path.relpath(path, root).replace(os.sep, "/")] = (text, blank_comments_and_strings(text))

    alias_types = set()
    for _, code in files.values():
        alias_types |= aliases(code)
    declared = {rel: hashed_names(code, alias_types) for rel, (_, code) in files.items()}

    findings = []
    for rel, (text, code) in sorted(files.items()):
        names = set(declared[rel])
        # Members declared in a header this file includes (foo.cpp iterating foo.h's map).
        for inc in INCLUDE.findall(text):
            names |= declared.get(inc, set())
        rules = LINE_RULES + iteration_rules(names)
        raw_lines = text.split("\n")
        for number, line in enumerate(code.split("\n"), start=1):
            for rule, pattern in rules:
                if pattern.search(line):
                    findings.append((rel, number, rule, raw_lines[number - 1].strip()))
                    break
    return findings


ENTRY = re.compile(r"^(?P<path>[^:\s]+):(?P<line>\d+|\*)\s+(?P<text>.+?)\s+#\s*(?P<reason>\S.*)$")


def load_whitelist(path):
    entries, errors = [], []
    if not os.path.exists(path):
        return entries, errors
    with open(path, encoding="utf-8") as f:
        for number, raw in enumerate(f, start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            m = ENTRY.match(line)
            if not m:
                errors.append(f"{path}:{number}: expected 'file:line text # reason', got: {line}")
                continue
            entries.append({"path": m.group("path"), "line": m.group("line"), "text": m.group("text"),
                            "reason": m.group("reason"), "where": f"{path}:{number}", "used": False})
    return entries, errors


def allowed(finding, entries):
    rel, number, _, text = finding
    for e in entries:
        if e["path"] == rel and (e["line"] == "*" or int(e["line"]) == number) and e["text"] in text:
            e["used"] = True
            return True
    return False


def run(root, whitelist):
    entries, errors = load_whitelist(whitelist)
    failures = [f for f in scan(root) if not allowed(f, entries)]
    for rel, number, rule, text in failures:
        errors.append(f"{rel}:{number}: {rule}: {text}")
    for e in entries:
        if not e["used"]:
            errors.append(f"{e['where']}: whitelist entry matches nothing any more: {e['path']}:{e['line']} {e['text']}")
    return errors


SELF_TEST_CASES = [
    # (code, should be flagged)
    ("auto t = std::chrono::steady_clock::now();", True),
    ("std::time_t t = std::time(nullptr);", True),
    ("int64_t time() const { return time_; }", False),
    ("packet.time(0);", False),
    ("gettimeofday(&tv, nullptr);", True),
    ("int r = rand();", True),
    ("srand(42);", True),
    ("Rng rng(seed); rng.next_u64();", False),
    ("int operand(1);", False),
    ("std::random_device device;", True),
    ("std::thread worker([]{});", True),
    ("auto f = std::async(work);", True),
    ("pthread_create(&t, nullptr, run, nullptr);", True),
    ("// std::thread in a comment", False),
    ('log("std::thread in a string");', False),
    ("absl::flat_hash_map<ChunkPos, int> counts_;\nfor (auto& [k, v] : counts_) use(k);", True),
    ("absl::flat_hash_map<ChunkPos, int> counts_;\nauto it = counts_.find(k); if (it != counts_.end()) {}", False),
    ("std::unordered_set<int> seen;\nfor (auto it = seen.begin(); it != seen.end(); ++it) {}", True),
    ("std::map<int, int> ordered;\nfor (auto& [k, v] : ordered) {}", False),
    ("using Cells = absl::flat_hash_map<int64_t, int>;\nCells cells_;\nfor (const auto& c : cells_) {}", True),
    ("int64_t n = 1'000'000; std::thread t;", True),
]


def self_test():
    import tempfile
    failed = 0
    for code, flagged in SELF_TEST_CASES:
        with tempfile.TemporaryDirectory() as root:
            os.makedirs(os.path.join(root, "sim", "x"))
            with open(os.path.join(root, "sim", "x", "case.cpp"), "w") as f:
                f.write(code + "\n")
            got = bool(scan(root))
            if got != flagged:
                failed += 1
                print(f"self-test: expected {'a finding' if flagged else 'none'} for: {code}", file=sys.stderr)
    return failed


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", default=os.path.dirname(here))
    parser.add_argument("--whitelist", default=os.path.join(here, "determinism_guard_whitelist.txt"))
    parser.add_argument("--self-test", action="store_true", help="check the guard's own patterns first")
    args = parser.parse_args()
    if args.self_test and self_test():
        return 1
    errors = run(args.root, args.whitelist)
    if errors:
        print("determinism guard: %d problem(s) in sim/ (see docs/determinism.md):" % len(errors), file=sys.stderr)
        for e in errors:
            print("  " + e, file=sys.stderr)
        return 1
    print("determinism guard: sim/ is clean")
    return 0


if __name__ == "__main__":
    sys.exit(main())
