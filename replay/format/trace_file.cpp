#include "replay/format/trace_file.h"

#include <zstd.h>

#include <algorithm>
#include <cstring>

#include "replay/format/record_archive.h"
#include "sim/core/hash.h"

namespace hz {
namespace {

void put_u32(Bytes& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
void put_u64(Bytes& out, uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<uint8_t>(v >> (8 * i)));
}
uint32_t get_u32(const uint8_t* p) {
  uint32_t v = 0;
  for (int i = 3; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}
uint64_t get_u64(const uint8_t* p) {
  uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
  return v;
}

constexpr uint8_t kContinuesFlag = 1;

uint64_t checksum(std::span<const uint8_t> bytes) { return hash_bytes(bytes); }

// Compresses `raw`, or returns nullopt when storing it plain is the better choice.
std::optional<Bytes> compress(std::span<const uint8_t> raw, int level) {
  Bytes out(ZSTD_compressBound(raw.size()));
  size_t n = ZSTD_compress(out.data(), out.size(), raw.data(), raw.size(), level);
  if (ZSTD_isError(n) || n >= raw.size()) return std::nullopt;
  if (raw.size() / n >= kMaxCompressionRatio) return std::nullopt;  // the reader would refuse it
  out.resize(n);
  return out;
}

}  // namespace

Bytes encode_preamble(const TraceHeader& header) {
  Bytes body = encode_header(header);
  Bytes out(std::begin(kTraceMagic), std::end(kTraceMagic));
  put_u32(out, kTraceFormatVersion);
  put_u32(out, static_cast<uint32_t>(body.size()));
  put_u64(out, checksum(body));
  out.insert(out.end(), body.begin(), body.end());
  return out;
}

bool ends_pass(const Record& r) {
  if (auto* snapshot = std::get_if<SnapshotRecord>(&r)) return snapshot->piece + 1 == snapshot->pieces;
  return std::holds_alternative<IterationEndRecord>(r) || std::holds_alternative<StartedRecord>(r) ||
         std::holds_alternative<StoppedRecord>(r);
}

Bytes encode_trace_frame(std::span<const Record> records, const FrameInfo& info, int zstd_level) {
  return encode_frame_payload(encode_records(records), info, zstd_level);
}

Bytes encode_frame_payload(std::span<const uint8_t> raw, const FrameInfo& info, int zstd_level) {
  std::optional<Bytes> packed = compress(raw, zstd_level);
  std::span<const uint8_t> stored = packed ? std::span<const uint8_t>(*packed) : raw;
  Bytes out(std::begin(kFrameMagic), std::end(kFrameMagic));
  out.reserve(kFrameHeaderSize + stored.size());
  put_u32(out, static_cast<uint32_t>(stored.size()));
  put_u32(out, static_cast<uint32_t>(raw.size()));
  out.push_back(static_cast<uint8_t>(packed ? FrameEncoding::kZstd : FrameEncoding::kStored));
  out.push_back(info.continues ? kContinuesFlag : 0);
  out.insert(out.end(), 2, 0);
  put_u64(out, info.first_iteration);
  put_u64(out, static_cast<uint64_t>(info.first_tick));
  put_u64(out, checksum(std::span(out.data(), 32)));
  put_u64(out, checksum(stored));
  out.insert(out.end(), stored.begin(), stored.end());
  return out;
}

TraceReader::TraceReader(std::span<const uint8_t> file) : file_(file) { read_preamble(); }

void TraceReader::set_damage(DamageKind kind, uint64_t at, std::string detail) {
  damage_ = TraceDamage{kind, at, frames_read_, std::move(detail)};
}

void TraceReader::read_preamble() {
  if (file_.empty()) {
    set_damage(DamageKind::kNotATrace, 0, "the file is empty");
    return;
  }
  if (file_.size() < sizeof kTraceMagic || std::memcmp(file_.data(), kTraceMagic, sizeof kTraceMagic) != 0) {
    bool prefix = std::memcmp(file_.data(), kTraceMagic, std::min(file_.size(), sizeof kTraceMagic)) == 0;
    if (prefix)
      set_damage(DamageKind::kTruncated, 0, "the file ends inside the trace magic");
    else
      set_damage(DamageKind::kNotATrace, 0, "the file does not start with HZTRACE");
    return;
  }
  if (file_.size() < kPreambleSize) {
    set_damage(DamageKind::kTruncated, 0, "the file ends inside the preamble");
    return;
  }
  uint32_t version = get_u32(file_.data() + 8);
  if (version < kOldestReadableTraceVersion || version > kTraceFormatVersion) {
    set_damage(DamageKind::kWrongVersion, 8,
               "format version " + std::to_string(version) + "; this reader knows " +
                   std::to_string(kOldestReadableTraceVersion) + " to " + std::to_string(kTraceFormatVersion));
    return;
  }
  format_version_ = version;
  uint32_t size = get_u32(file_.data() + 12);
  if (size > kMaxHeaderSize) {
    set_damage(DamageKind::kBadHeader, 12, "header size " + std::to_string(size) + " over the limit");
    return;
  }
  if (file_.size() - kPreambleSize < size) {
    set_damage(DamageKind::kTruncated, kPreambleSize, "the file ends inside the header");
    return;
  }
  auto body = file_.subspan(kPreambleSize, size);
  if (checksum(body) != get_u64(file_.data() + 16)) {
    set_damage(DamageKind::kBadHeader, kPreambleSize, "header checksum mismatch");
    return;
  }
  DecodedHeader decoded = decode_header(body);
  if (!decoded.header) {
    set_damage(DamageKind::kBadHeader, kPreambleSize, decoded.error);
    return;
  }
  header_ = std::move(decoded.header);
  offset_ = kPreambleSize + size;
  next_iteration_ = header_->first_iteration;
}

std::variant<RawFrame, TraceDamage> read_raw_frame(std::span<const uint8_t> file, uint64_t at, uint64_t frame_index,
                                                   std::optional<uint64_t> expected_first_iteration) {
  auto damage = [&](DamageKind kind, std::string detail) { return TraceDamage{kind, at, frame_index, std::move(detail)}; };
  auto rest = file.subspan(at);
  size_t magic_bytes = std::min(rest.size(), sizeof kFrameMagic);
  if (std::memcmp(rest.data(), kFrameMagic, magic_bytes) != 0) return damage(DamageKind::kBadFrameMarker, "expected HZFR");
  if (rest.size() < kFrameHeaderSize) return damage(DamageKind::kTruncated, "the file ends inside a frame header");
  const uint8_t* h = rest.data();
  if (checksum(rest.first(32)) != get_u64(h + 32)) return damage(DamageKind::kBadChecksum, "frame header checksum mismatch");
  RawFrame frame;
  FrameInfo& info = frame.info;
  info.offset = at;
  info.stored_size = get_u32(h + 4);
  info.raw_size = get_u32(h + 8);
  uint8_t encoding = h[12];
  info.first_iteration = get_u64(h + 16);
  info.first_tick = static_cast<int64_t>(get_u64(h + 24));
  if (encoding > static_cast<uint8_t>(FrameEncoding::kZstd) || (h[13] & ~kContinuesFlag) != 0 || h[14] != 0 ||
      h[15] != 0) {
    return damage(DamageKind::kMalformedRecords,
                  "unknown frame encoding " + std::to_string(encoding) + " or flags " + std::to_string(h[13]));
  }
  info.continues = (h[13] & kContinuesFlag) != 0;
  info.encoding = static_cast<FrameEncoding>(encoding);
  if (info.stored_size > kMaxFrameSize || info.raw_size > kMaxFrameSize || info.raw_size == 0 ||
      info.raw_size / std::max<uint32_t>(info.stored_size, 1) > kMaxCompressionRatio) {
    return damage(DamageKind::kOversizeFrame,
                  "stored " + std::to_string(info.stored_size) + " bytes, raw " + std::to_string(info.raw_size));
  }
  if (rest.size() - kFrameHeaderSize < info.stored_size) {
    return damage(DamageKind::kTruncated, "frame of " + std::to_string(info.stored_size) + " bytes, " +
                                              std::to_string(rest.size() - kFrameHeaderSize) + " present");
  }
  auto stored = rest.subspan(kFrameHeaderSize, info.stored_size);
  if (checksum(stored) != get_u64(h + 40)) return damage(DamageKind::kBadChecksum, "frame payload checksum mismatch");
  if (expected_first_iteration && info.first_iteration != *expected_first_iteration) {
    return damage(DamageKind::kMalformedRecords, "frame starts at pass " + std::to_string(info.first_iteration) +
                                                     ", expected " + std::to_string(*expected_first_iteration));
  }
  if (info.encoding == FrameEncoding::kZstd) {
    unsigned long long declared = ZSTD_getFrameContentSize(stored.data(), stored.size());
    if (declared != info.raw_size)
      return damage(DamageKind::kBadCompression, "zstd frame content size differs from the frame header");
    frame.raw.resize(info.raw_size);
    size_t n = ZSTD_decompress(frame.raw.data(), frame.raw.size(), stored.data(), stored.size());
    if (ZSTD_isError(n) || n != info.raw_size) {
      return damage(DamageKind::kBadCompression,
                    ZSTD_isError(n) ? ZSTD_getErrorName(n) : "decompressed size differs from the frame header");
    }
  } else if (info.raw_size != info.stored_size) {
    return damage(DamageKind::kMalformedRecords, "stored frame with differing sizes");
  } else {
    frame.raw.assign(stored.begin(), stored.end());
  }
  return frame;
}

std::optional<Frame> TraceReader::next_frame() {
  if (damage_ || !header_ || offset_ == file_.size()) return std::nullopt;
  const uint64_t at = offset_;
  auto read = read_raw_frame(file_, at, frames_read_, next_iteration_);
  if (auto* d = std::get_if<TraceDamage>(&read)) {
    damage_ = std::move(*d);
    return std::nullopt;
  }
  RawFrame& rawframe = std::get<RawFrame>(read);
  Frame frame;
  frame.info = rawframe.info;
  FrameInfo& info = frame.info;
  std::span<const uint8_t> raw = rawframe.raw;

  DecodedRecords decoded = decode_records(raw);
  if (decoded.damage) {
    damage_ = *decoded.damage;
    damage_->offset = at;
    damage_->frame_index = frames_read_;
    damage_->detail += " (payload byte " + std::to_string(decoded.damage->offset) + ")";
    return std::nullopt;
  }
  if (decoded.records.empty() || (!info.continues && !ends_pass(decoded.records.back()))) {
    set_damage(DamageKind::kMalformedRecords, at, "frame does not end at a pass boundary");
    return std::nullopt;
  }
  for (const Record& r : decoded.records) next_iteration_ += std::holds_alternative<IterationEndRecord>(r);
  frame.records = std::move(decoded.records);
  offset_ = at + kFrameHeaderSize + info.stored_size;
  ++frames_read_;
  raw_bytes_read_ += info.raw_size;
  stored_bytes_read_ += info.stored_size;
  return frame;
}

TraceContents read_trace(std::span<const uint8_t> file) {
  TraceContents out;
  TraceReader reader(file);
  out.header = reader.header();
  while (auto frame = reader.next_frame()) out.frames.push_back(std::move(*frame));
  out.damage = reader.damage();
  return out;
}

}  // namespace hz
