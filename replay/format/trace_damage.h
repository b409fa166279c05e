// The ways a trace file can be damaged, each reported distinctly by the reader (see
// docs/trace-format.md). Only a truncated last frame is tolerated: the records before it stand.
#pragma once

#include <cstdint>
#include <string>

namespace hz {

enum class DamageKind : uint8_t {
  kNotATrace,          // the file does not start with the trace magic
  kWrongVersion,       // a format version this reader does not know
  kBadHeader,          // header checksum or contents wrong
  kTruncated,          // the file ends inside a frame (a crash while writing): tolerated
  kBadFrameMarker,     // bytes where a frame should start are not a frame
  kBadChecksum,        // a frame's header or payload checksum does not match
  kOversizeFrame,      // a frame claims sizes beyond the format's limits
  kBadCompression,     // the payload does not decompress to the declared size
  kUnknownRecordType,  // a record type byte this reader does not know
  kMalformedRecords,   // records that do not decode, or a frame not closed at a pass boundary
};

const char* damage_kind_name(DamageKind kind);  // "truncated last frame", ...

struct TraceDamage {
  DamageKind kind = DamageKind::kMalformedRecords;
  uint64_t offset = 0;       // byte offset in the file where the damaged part starts
  uint64_t frame_index = 0;  // frames read successfully before it
  std::string detail;
  bool tolerated() const { return kind == DamageKind::kTruncated; }
  std::string describe() const;
};

}  // namespace hz
