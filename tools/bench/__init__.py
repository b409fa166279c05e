"""Helpers of tools/server_bench.py: console and /proc parsing, the bots' summary, server kinds,
one benchmark run, the Markdown report and the plots."""
