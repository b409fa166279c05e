"""The JSON summary horizon-bots writes: its required fields, and the figures the benchmark
takes from it (chunks per second, new chunks per second, resent chunks, pull-backs)."""
import json

COUNT_FIELDS = ("seconds", "chunks", "chunks_per_s", "new_chunks", "new_chunks_per_s",
                "resent_chunks", "forgotten_chunks", "batches", "pullbacks", "moves", "moves_per_s")
TOP_FIELDS = ("tool", "options", "ended_by", "elapsed_s", "bots_started", "bots_reached_play",
              "bots_in_play_at_end", "distinct_chunks", "total", "window", "bots", "samples")
OPTION_FIELDS = ("host", "port", "bots", "join_interval_s", "behaviour", "walk_speed", "explore_speed",
                 "duration_s", "warmup_s", "view_distance", "prefix", "seed")
BOT_FIELDS = ("name", "reached_play", "play_since_s", "phase_at_end", "close_reason", "game_mode", "spawn",
              "position", "horizontal_distance_from_spawn", "held_chunks", "ticks_waiting_for_chunk",
              "desired_chunks_per_tick", "total", "window")
SAMPLE_FIELDS = ("t", "in_play", "closed", "chunks", "new_chunks", "resent_chunks", "pullbacks", "moves")


class SummaryError(ValueError):
    pass


def missing_fields(summary):
    """Every required field that is absent, as dotted paths ('bots[0].window.chunks')."""
    missing = []

    def need(obj, fields, where):
        if not isinstance(obj, dict):
            missing.append(where or "(top)")
            return
        for f in fields:
            if f not in obj:
                missing.append(f"{where}.{f}" if where else f)

    need(summary, TOP_FIELDS, "")
    if not isinstance(summary, dict):
        return missing
    need(summary.get("options"), OPTION_FIELDS, "options")
    for part in ("total", "window"):
        need(summary.get(part), COUNT_FIELDS + ("start_s",), part)
    for i, bot in enumerate(summary.get("bots") or []):
        need(bot, BOT_FIELDS, f"bots[{i}]")
        if isinstance(bot, dict):
            for part in ("total", "window"):
                need(bot.get(part), COUNT_FIELDS, f"bots[{i}].{part}")
    for i, sample in enumerate(summary.get("samples") or []):
        need(sample, SAMPLE_FIELDS, f"samples[{i}]")
    return missing


def parse(text):
    """The summary in `text`; raises SummaryError when it is not JSON or lacks fields."""
    try:
        summary = json.loads(text)
    except json.JSONDecodeError as e:
        raise SummaryError(f"the bots' summary is not JSON: {e}") from None
    missing = missing_fields(summary)
    if missing:
        raise SummaryError("the bots' summary lacks " + ", ".join(missing[:10]))
    return summary


def figures(summary):
    """What the benchmark report takes from the bots: the measurement window's rates."""
    window = summary["window"]
    return {
        "bots_reached_play": summary["bots_reached_play"],
        "bots_in_play_at_end": summary["bots_in_play_at_end"],
        "window_seconds": window["seconds"],
        "chunks": window["chunks"],
        "chunks_per_s": window["chunks_per_s"],
        "new_chunks": window["new_chunks"],
        "new_chunks_per_s": window["new_chunks_per_s"],
        "resent_chunks": window["resent_chunks"],
        "pullbacks": window["pullbacks"],
        "moves_per_s": window["moves_per_s"],
        # Building bots: blocks placed or dug, and block changes the bots were told of (older
        # summaries lack them).
        "actions_per_s": window.get("actions_per_s"),
        "block_updates_per_s": window.get("block_updates_per_s"),
        # The bots' own process, over their whole run (older summaries lack it).
        "bots_cpu_percent": summary.get("cpu_percent"),
        "close_reasons": sorted({b["close_reason"] for b in summary["bots"]
                                 if b["phase_at_end"] == "closed" and b["close_reason"]}),
    }
