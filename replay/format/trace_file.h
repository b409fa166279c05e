// The byte layout of a .hztrace file: a preamble with the header, then checksummed frames of
// zstd-compressed records. Reading is a pure function of the bytes that never trusts a length.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <variant>
#include <vector>

#include "replay/format/records.h"
#include "replay/format/trace_damage.h"

namespace hz {

inline constexpr uint8_t kTraceMagic[8] = {'H', 'Z', 'T', 'R', 'A', 'C', 'E', 0};
inline constexpr uint8_t kFrameMagic[4] = {'H', 'Z', 'F', 'R'};
inline constexpr size_t kPreambleSize = 24;     // magic, version, header size, header checksum
inline constexpr size_t kFrameHeaderSize = 48;  // see docs/trace-format.md
inline constexpr uint32_t kMaxHeaderSize = 64u << 20;
inline constexpr uint32_t kMaxFrameSize = 64u << 20;  // stored and decompressed payload
inline constexpr uint32_t kMaxCompressionRatio = 1024;

enum class FrameEncoding : uint8_t { kStored = 0, kZstd = 1 };

struct FrameInfo {
  uint64_t offset = 0;  // of the frame header in the file
  uint32_t stored_size = 0;
  uint32_t raw_size = 0;
  FrameEncoding encoding = FrameEncoding::kZstd;
  bool continues = false;        // the last pass goes on in the next frame (an oversize pass)
  uint64_t first_iteration = 0;  // session-wide index of the first pass whose records start here
  int64_t first_tick = 0;        // the core's tick count before that pass
};

struct Frame {
  FrameInfo info;
  std::vector<Record> records;
};

// The file's first bytes: magic, format version, header size and checksum, the header.
Bytes encode_preamble(const TraceHeader& header);

// One frame holding `records`, which must end at a pass boundary (IterationEnd, Started or
// Stopped) unless `continues`. Falls back to storing the payload uncompressed when zstd fails or
// would exceed the reader's ratio limit.
Bytes encode_trace_frame(std::span<const Record> records, const FrameInfo& info, int zstd_level = 3);
// The same, from records already serialized (RecordEncoder); info's sizes and offset are ignored.
Bytes encode_frame_payload(std::span<const uint8_t> raw, const FrameInfo& info, int zstd_level = 3);

// One frame's payload as stored (any content): the frame layout, checksums, size limits and zstd
// of a trace, shared with other files that use trace frames (horizon-parity's recordings).
struct RawFrame {
  FrameInfo info;
  Bytes raw;  // decompressed payload
};
// Reads and checks the frame at byte `at` of `file` (the frame_index'th); the damage found
// otherwise. With `expected_first_iteration`, a frame that starts elsewhere is malformed.
std::variant<RawFrame, TraceDamage> read_raw_frame(std::span<const uint8_t> file, uint64_t at, uint64_t frame_index,
                                                   std::optional<uint64_t> expected_first_iteration = std::nullopt);

// Whether a record closes a loop pass, or the last piece of a snapshot between two passes (frames
// end only after one).
bool ends_pass(const Record& r);

// Reads a trace frame by frame from the whole file's bytes. Stops at the first damage.
class TraceReader {
 public:
  explicit TraceReader(std::span<const uint8_t> file);

  // The header, unless the preamble is damaged (then damage() says how).
  const std::optional<TraceHeader>& header() const { return header_; }
  // The format version the file was written in (0 when the preamble is unreadable).
  uint32_t format_version() const { return format_version_; }
  // The next good frame; nullopt at the end of the file or at damage.
  std::optional<Frame> next_frame();
  const std::optional<TraceDamage>& damage() const { return damage_; }
  uint64_t frames_read() const { return frames_read_; }
  uint64_t offset() const { return offset_; }
  // Sizes of the payloads read so far, decompressed and as stored (for compression ratios).
  uint64_t raw_bytes_read() const { return raw_bytes_read_; }
  uint64_t stored_bytes_read() const { return stored_bytes_read_; }

 private:
  void read_preamble();
  void set_damage(DamageKind kind, uint64_t at, std::string detail);

  std::span<const uint8_t> file_;
  std::optional<TraceHeader> header_;
  uint32_t format_version_ = 0;
  std::optional<TraceDamage> damage_;
  uint64_t offset_ = 0;
  uint64_t frames_read_ = 0;
  uint64_t raw_bytes_read_ = 0;
  uint64_t stored_bytes_read_ = 0;
  uint64_t next_iteration_ = 0;
};

// Everything in a file at once (for small traces, tests and the fuzz target).
struct TraceContents {
  std::optional<TraceHeader> header;
  std::vector<Frame> frames;
  std::optional<TraceDamage> damage;
};
TraceContents read_trace(std::span<const uint8_t> file);

}  // namespace hz
