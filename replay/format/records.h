// What a trace holds: the file header (how to rebuild the core) and the records of each loop pass
// (inputs, clock reads, what the core sent, and the digest replay must reproduce).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "sim/core/effect_digest.h"
#include "sim/core/effects.h"
#include "sim/core/inputs.h"

namespace hz {

inline constexpr uint32_t kTraceFormatVersion = 8;
// Version 8 added the Snapshot record; a version-7 file is read the same way (it has none).
inline constexpr uint32_t kOldestReadableTraceVersion = 7;

enum class WorldOrigin : uint8_t { kGenerated = 0, kLoaded = 1 };

// One world clock the level starts from (world_clocks.dat), by world_clock network id.
struct TraceClockStart {
  uint32_t clock_id = 0;
  int64_t total_ticks = 0;
  float partial_tick = 0.0f;
  float rate = 1.0f;
  bool paused = false;
  bool operator==(const TraceClockStart&) const = default;
};

// The level's time and weather when the core was built (CoreConfig::level_time).
struct TraceLevelStart {
  int64_t game_time = 0;
  std::vector<TraceClockStart> clocks;  // ascending clock ids
  int32_t clear_weather_time = 0;
  int32_t rain_time = 0;
  int32_t thunder_time = 0;
  bool raining = false;
  bool thundering = false;
  bool operator==(const TraceLevelStart&) const = default;
};

// Everything replay needs to build the same core, plus where this file sits in its session.
struct TraceHeader {
  std::string build_id;
  int32_t protocol_version = 0;
  std::map<std::string, std::string> properties;  // every server.properties key, overrides applied
  int64_t world_seed = 0;
  WorldOrigin world_origin = WorldOrigin::kGenerated;
  uint64_t world_files_hash = 0;  // hash of the loaded world's files (0 when generated)
  TraceLevelStart level_start;    // game time, clocks and weather the core started from
  std::string ops_json;
  Bytes server_icon_png;
  // The session: one server run, possibly split over several files (a chain, see trace-format.md).
  std::string session;            // start time, e.g. "2025-11-29T18-44-01Z"
  uint32_t file_index = 0;        // 0 for the first file of the session
  uint64_t first_iteration = 0;   // loop passes recorded in earlier files of the session
  int64_t first_tick = 0;         // the core's tick count when this file starts
  uint64_t chain_digest = 0;      // running digest of every earlier iteration of the session
  int64_t wall_clock_millis = 0;  // Unix time when this file was started (for people only)
  // whitelist.json, banned-players.json and banned-ips.json as the server found them ("" when
  // absent). Written after the fields above; a header that ends before them has none.
  std::string whitelist_json;
  std::string banned_players_json;
  std::string banned_ips_json;
  // Online mode: the public key DER the core put in encryption requests (empty when offline).
  Bytes server_public_key;
  bool operator==(const TraceHeader&) const = default;
};

// One clock value the core read (start, tick start, tick end, sprint reads), in order.
struct ClockReadRecord {
  int64_t nanos = 0;
  bool operator==(const ClockReadRecord&) const = default;
};

// Core::start() returned; the clock reads before it belong to start().
struct StartedRecord {
  bool operator==(const StartedRecord&) const = default;
};

// What a trace keeps of a pass's IterationDigest: the tick, one hash over all of it (what replay
// must reproduce) and a byte of each part's hash, so a divergence can say which parts differ.
struct PassDigest {
  int64_t tick = 0;
  uint64_t whole = 0;          // the tick, every connection's packets, the other effects, the state
  uint8_t packets_tag = 0;     // low byte of a hash over every connection's packet hashes
  uint8_t other_tag = 0;       // low byte of other_effects
  uint8_t state_tag = 0;       // low byte of state
  bool operator==(const PassDigest&) const = default;
};
PassDigest pass_digest(const IterationDigest& digest);

// The end of one loop pass and the digest the core returned.
struct IterationEndRecord {
  PassDigest digest;
  bool operator==(const IterationEndRecord&) const = default;
};

// The final save after the loop stopped, and the digest of its effects (tick and state included).
struct StoppedRecord {
  PassDigest digest;
  bool operator==(const StoppedRecord&) const = default;
};

// One packet the core sent. Small bodies are kept whole so a divergence can be shown field by
// field; larger ones (chunks) only by size and hash.
struct OutboundRecord {
  static constexpr uint32_t kMaxKeptBody = 512;
  ConnId conn = 0;
  int32_t packet_id = -1;  // the leading VarInt, -1 if the body does not start with one
  uint32_t size = 0;
  uint64_t hash = 0;  // hash_bytes(body)
  std::optional<Bytes> body;
  bool operator==(const OutboundRecord&) const = default;
};

// The core's other effects, noted in the order emitted so a divergence can name the first
// differing one. The digest covers them in full; these keep what a person needs to read.
struct CompressionRecord {
  ConnId conn = 0;
  int32_t threshold = 0;
  bool operator==(const CompressionRecord&) const = default;
};
struct ServerCloseRecord {
  ConnId conn = 0;
  std::string reason;
  bool operator==(const ServerCloseRecord&) const = default;
};
struct LogRecord {
  LogLevel level = LogLevel::kInfo;
  std::string text;
  bool operator==(const LogRecord&) const = default;
};
struct StopRequestedRecord {
  bool operator==(const StopRequestedRecord&) const = default;
};
struct JobSubmittedRecord {
  JobId job = 0;
  uint32_t kind = 0;
  uint64_t size = 0;
  bool operator==(const JobSubmittedRecord&) const = default;
};
struct StorageWriteRecord {
  std::string path;
  uint64_t size = 0;
  bool sync = false;
  bool operator==(const StorageWriteRecord&) const = default;
};
struct RconReplyRecord {
  uint32_t request = 0;
  std::string output;
  bool operator==(const RconReplyRecord&) const = default;
};

// Online mode: the core handed a connection's encryption response to the shell. The encrypted
// blocks are noted by size only; the token the core drew is kept (the digest covers all of it).
struct FinishEncryptionRecord {
  ConnId conn = 0;
  std::string username;
  uint64_t secret_size = 0;
  uint64_t token_size = 0;
  Bytes verify_token;
  bool operator==(const FinishEncryptionRecord&) const = default;
};

// A pure job's result (world generation), kept as its size and hash: replay runs the job again
// from the request the replayed core submitted and feeds the result as a JobCompleted input.
struct JobRecomputedRecord {
  JobId job = 0;
  uint32_t kind = 0;
  uint8_t check = 0;  // result_check(result)
  bool operator==(const JobRecomputedRecord&) const = default;
};

// One piece of the core's state between two passes (Core::write_snapshot_parts), so replay can
// start here instead of at the session's start (docs/trace-format.md "Snapshots"). A state is
// split into pieces of at most kMaxPieceBytes, written one after another; every piece repeats
// where the snapshot was taken.
struct SnapshotRecord {
  static constexpr size_t kMaxPieceBytes = 4u << 20;
  static constexpr uint32_t kMaxPieces = 1u << 14;
  int64_t tick = 0;           // the core's tick count
  uint64_t iteration = 0;     // session-wide index of the pass after the snapshot
  uint64_t chain_digest = 0;  // the session's chain digest before that pass
  uint64_t state_hash = 0;    // Core::state_hash() when the snapshot was taken
  uint32_t piece = 0;         // this record's place among the snapshot's pieces
  uint32_t pieces = 1;
  Bytes bytes;
  bool operator==(const SnapshotRecord&) const = default;
};

// The record kinds, in the order of their type byte (index + 1) in the file.
using Record =
    std::variant<ConnectionOpened, BytesReceived, ConnectionClosed, ConsoleLine, JobCompleted, ClockReadRecord,
                 StartedRecord, IterationEndRecord, StoppedRecord, OutboundRecord, CompressionRecord, ServerCloseRecord,
                 LogRecord, StopRequestedRecord, JobSubmittedRecord, StorageWriteRecord, RconReplyRecord,
                 SessionAnswer, FinishEncryptionRecord, JobRecomputedRecord, SnapshotRecord>;

inline constexpr uint8_t kRecordTypeCount = std::variant_size_v<Record>;

inline uint8_t record_type(const Record& r) { return static_cast<uint8_t>(r.index() + 1); }
const char* record_type_name(uint8_t type);  // "BytesReceived", ... or "unknown"
inline const char* record_name(const Record& r) { return record_type_name(record_type(r)); }

// Whether the record is one of the core's inputs (what replay feeds back). A JobRecomputed
// record is one, though it becomes an Input only once replay has recomputed it.
bool is_input_record(const Record& r);
std::optional<Input> record_as_input(const Record& r);
Record input_as_record(Input in);

// A record for an effect as the core emitted it (packets are noted by size and hash).
Record effect_as_record(const Effect& effect);
OutboundRecord outbound_record(ConnId conn, const Bytes& body);

// Folds a pass's digest into the session's running chain digest.
uint64_t chain_step(uint64_t chain, const PassDigest& digest);

// The byte of a recomputed job's result a trace keeps to check the result replay computes (a
// result that differs passes it once in 256; the passes' digests catch what it lets through).
uint8_t result_check(std::span<const uint8_t> result);

}  // namespace hz
