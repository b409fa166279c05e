#include "replay/format/trace_damage.h"

namespace hz {

const char* damage_kind_name(DamageKind kind) {
  switch (kind) {
    case DamageKind::kNotATrace:
      return "not a trace file";
    case DamageKind::kWrongVersion:
      return "wrong format version";
    case DamageKind::kBadHeader:
      return "bad header";
    case DamageKind::kTruncated:
      return "truncated last frame";
    case DamageKind::kBadFrameMarker:
      return "bad frame marker";
    case DamageKind::kBadChecksum:
      return "bad checksum";
    case DamageKind::kOversizeFrame:
      return "oversize frame";
    case DamageKind::kBadCompression:
      return "bad compression";
    case DamageKind::kUnknownRecordType:
      return "unknown record type";
    case DamageKind::kMalformedRecords:
      return "malformed records";
  }
  return "unknown damage";
}

std::string TraceDamage::describe() const {
  std::string out = damage_kind_name(kind);
  out += " at byte " + std::to_string(offset) + " (after " + std::to_string(frame_index) + " good frames)";
  if (!detail.empty()) out += ": " + detail;
  return out;
}

}  // namespace hz
