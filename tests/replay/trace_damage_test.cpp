// One test per kind of damage a trace file can have, each reported distinctly, and properties
// that the reader never crashes: any flipped byte is damage, any cut is a truncation.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstring>

#include "replay/format/record_archive.h"
#include "replay/format/trace_file.h"
#include "session_fixtures.h"
#include "sim/core/hash.h"

namespace hz::testing {
namespace {

// A small valid trace: the scripted session in frames of a few passes each.
const Bytes& valid_trace() {
  static const Bytes bytes = [] {
    SessionPlan plan = scripted_plan();
    plan.frames.max_span_nanos = 100'000'000;
    return record_session(plan).files.at(0).bytes;
  }();
  return bytes;
}

size_t header_end(const Bytes& file) {
  uint32_t size;
  std::memcpy(&size, file.data() + 12, 4);
  return kPreambleSize + size;
}

// Frame header fields written as the format document says, with both checksums.
Bytes frame_bytes(uint32_t stored, uint32_t raw, uint8_t encoding, uint8_t flags, uint64_t first_iteration,
                  const Bytes& payload) {
  Bytes h = {'H', 'Z', 'F', 'R'};
  auto put = [&h](uint64_t v, int n) {
    for (int i = 0; i < n; ++i) h.push_back(static_cast<uint8_t>(v >> (8 * i)));
  };
  put(stored, 4), put(raw, 4), h.push_back(encoding), h.push_back(flags), put(0, 2), put(first_iteration, 8), put(0, 8);
  put(hash_bytes(std::span(h.data(), 32)), 8);
  put(hash_bytes(payload), 8);
  h.insert(h.end(), payload.begin(), payload.end());
  return h;
}

// The valid trace's preamble followed by one hand-made frame.
Bytes with_frame(const Bytes& frame) {
  const Bytes& valid = valid_trace();
  Bytes out(valid.begin(), valid.begin() + static_cast<ptrdiff_t>(header_end(valid)));
  out.insert(out.end(), frame.begin(), frame.end());
  return out;
}

Bytes stored_frame(const Bytes& payload) {
  return frame_bytes(static_cast<uint32_t>(payload.size()), static_cast<uint32_t>(payload.size()), 0, 0, 0, payload);
}

TraceDamage damage_of(const Bytes& file) {
  TraceContents contents = read_trace(file);
  EXPECT_TRUE(contents.damage.has_value()) << "no damage reported";
  return contents.damage.value_or(TraceDamage{});
}

TEST(TraceDamageKinds, ValidTraceReadsCleanly) {
  TraceContents contents = read_trace(valid_trace());
  ASSERT_TRUE(contents.header.has_value());
  EXPECT_FALSE(contents.damage.has_value()) << contents.damage->describe();
  EXPECT_GE(contents.frames.size(), 3u);
}

TEST(TraceDamageKinds, NotATrace) {
  EXPECT_EQ(damage_of(Bytes{}).kind, DamageKind::kNotATrace);
  EXPECT_EQ(damage_of(Bytes{'P', 'K', 3, 4, 0, 0, 0, 0, 0, 0}).kind, DamageKind::kNotATrace);
  TraceContents contents = read_trace(Bytes{'x'});
  EXPECT_FALSE(contents.header.has_value());
}

TEST(TraceDamageKinds, WrongVersion) {
  Bytes file = valid_trace();
  file[8] = 2;
  TraceDamage d = damage_of(file);
  EXPECT_EQ(d.kind, DamageKind::kWrongVersion);
  EXPECT_NE(d.describe().find("format version 2"), std::string::npos) << d.describe();
}

TEST(TraceDamageKinds, BadHeaderChecksumAndBadHeaderFields) {
  Bytes file = valid_trace();
  file[kPreambleSize + 3] ^= 0x10;
  EXPECT_EQ(damage_of(file).kind, DamageKind::kBadHeader);

  // A header with a correct checksum but a byte too many after its last field.
  Bytes body = encode_header(TraceHeader{});
  body.push_back(0);
  Bytes crafted(std::begin(kTraceMagic), std::end(kTraceMagic));
  auto put = [&crafted](uint64_t v, int n) {
    for (int i = 0; i < n; ++i) crafted.push_back(static_cast<uint8_t>(v >> (8 * i)));
  };
  put(kTraceFormatVersion, 4), put(body.size(), 4), put(hash_bytes(body), 8);
  crafted.insert(crafted.end(), body.begin(), body.end());
  TraceDamage d = damage_of(crafted);
  EXPECT_EQ(d.kind, DamageKind::kBadHeader);
  EXPECT_NE(d.detail.find("after the header"), std::string::npos) << d.describe();
}

TEST(TraceDamageKinds, TruncatedLastFrameIsToleratedAndTheFramesBeforeItStand) {
  const Bytes& valid = valid_trace();
  TraceContents whole = read_trace(valid);
  uint64_t last_frame = whole.frames.back().info.offset;
  Bytes cut(valid.begin(), valid.begin() + static_cast<ptrdiff_t>(last_frame + 60));
  TraceContents contents = read_trace(cut);
  ASSERT_TRUE(contents.damage.has_value());
  EXPECT_EQ(contents.damage->kind, DamageKind::kTruncated);
  EXPECT_TRUE(contents.damage->tolerated());
  EXPECT_EQ(contents.damage->offset, last_frame);
  EXPECT_EQ(contents.frames.size(), whole.frames.size() - 1);

  VerifyResult result = verify_files({{"cut", cut}});
  EXPECT_EQ(result.outcome, VerifyResult::Outcome::kIdentical) << result.problem;
  ASSERT_FALSE(result.notes.empty());
  EXPECT_NE(result.notes.back().find("truncated last frame"), std::string::npos);

  Bytes in_header(valid.begin(), valid.begin() + kPreambleSize + 5);
  EXPECT_EQ(damage_of(in_header).kind, DamageKind::kTruncated);
}

TEST(TraceDamageKinds, BadFrameMarker) {
  Bytes file = valid_trace();
  file.insert(file.end(), {'J', 'U', 'N', 'K', 0, 0});
  TraceDamage d = damage_of(file);
  EXPECT_EQ(d.kind, DamageKind::kBadFrameMarker);
  EXPECT_EQ(d.offset, valid_trace().size());
}

TEST(TraceDamageKinds, BadChecksumInFrameHeaderOrPayload) {
  const Bytes& valid = valid_trace();
  TraceContents whole = read_trace(valid);
  uint64_t second = whole.frames[1].info.offset;
  Bytes header_flip = valid;
  header_flip[second + 17] ^= 1;  // first_iteration
  TraceDamage d = damage_of(header_flip);
  EXPECT_EQ(d.kind, DamageKind::kBadChecksum);
  EXPECT_EQ(d.frame_index, 1u);
  EXPECT_NE(d.detail.find("header"), std::string::npos);

  Bytes payload_flip = valid;
  payload_flip[second + kFrameHeaderSize + 2] ^= 1;
  d = damage_of(payload_flip);
  EXPECT_EQ(d.kind, DamageKind::kBadChecksum);
  EXPECT_NE(d.detail.find("payload"), std::string::npos);
}

TEST(TraceDamageKinds, OversizeFrameIsRefusedBeforeAllocating) {
  Bytes payload(16, 0);
  EXPECT_EQ(damage_of(with_frame(frame_bytes(16, 200u << 20, 1, 0, 0, payload))).kind, DamageKind::kOversizeFrame);
  // Within 64 MiB but beyond the 1024:1 ratio the writer never produces.
  EXPECT_EQ(damage_of(with_frame(frame_bytes(16, 1u << 20, 1, 0, 0, payload))).kind, DamageKind::kOversizeFrame);
  EXPECT_EQ(damage_of(with_frame(frame_bytes(16, 0, 0, 0, 0, payload))).kind, DamageKind::kOversizeFrame);
}

TEST(TraceDamageKinds, BadCompression) {
  Bytes garbage = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12};
  TraceDamage d = damage_of(with_frame(frame_bytes(12, 40, 1, 0, 0, garbage)));
  EXPECT_EQ(d.kind, DamageKind::kBadCompression);
}

TEST(TraceDamageKinds, UnknownRecordType) {
  Bytes payload = encode_records(std::vector<Record>{ConsoleLine{"hi"}});
  payload.push_back(99);
  TraceDamage d = damage_of(with_frame(stored_frame(payload)));
  EXPECT_EQ(d.kind, DamageKind::kUnknownRecordType);
  EXPECT_NE(d.detail.find("record type 99"), std::string::npos) << d.describe();
}

TEST(TraceDamageKinds, MalformedRecords) {
  // A length claiming more bytes than the payload holds.
  Bytes too_long = {2, 7, 0, 0, 0, 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0};
  TraceDamage d = damage_of(with_frame(stored_frame(too_long)));
  EXPECT_EQ(d.kind, DamageKind::kMalformedRecords);
  EXPECT_NE(d.detail.find("exceeds"), std::string::npos) << d.describe();

  // Records that do not end at a pass boundary, without the continuation flag.
  d = damage_of(with_frame(stored_frame(encode_records(std::vector<Record>{ConsoleLine{"x"}}))));
  EXPECT_EQ(d.kind, DamageKind::kMalformedRecords);
  EXPECT_NE(d.detail.find("pass boundary"), std::string::npos);

  // A frame out of sequence.
  Bytes started = encode_records(std::vector<Record>{IterationEndRecord{}});
  d = damage_of(with_frame(
      frame_bytes(static_cast<uint32_t>(started.size()), static_cast<uint32_t>(started.size()), 0, 0, 5, started)));
  EXPECT_EQ(d.kind, DamageKind::kMalformedRecords);

  // A boolean byte that is neither 0 nor 1.
  Bytes bad_bool = encode_records(std::vector<Record>{StorageWriteRecord{"r.0.0.mca", 1, true}});
  bad_bool.back() = 7;
  d = damage_of(with_frame(stored_frame(bad_bool)));
  EXPECT_EQ(d.kind, DamageKind::kMalformedRecords);
}

RC_GTEST_PROP(TraceDamageProperty, AnyFlippedByteIsReportedAsDamage, ()) {
  Bytes file = valid_trace();
  size_t at = *rc::gen::inRange<size_t>(0, file.size());
  file[at] ^= *rc::gen::inRange<uint8_t>(1, 255);
  TraceContents contents = read_trace(file);
  RC_ASSERT(contents.damage.has_value());
}

RC_GTEST_PROP(TraceDamageProperty, AnyCutIsATruncationOrAFrameBoundary, ()) {
  const Bytes& valid = valid_trace();
  size_t keep = *rc::gen::inRange<size_t>(1, valid.size());
  TraceContents contents = read_trace(std::span(valid).first(keep));
  if (contents.damage) {
    RC_ASSERT(contents.damage->kind == DamageKind::kTruncated);
  } else {
    bool boundary = false;
    for (const Frame& f : read_trace(valid).frames) boundary |= f.info.offset == keep;
    RC_ASSERT(boundary || keep == header_end(valid));
  }
}

RC_GTEST_PROP(TraceDamageProperty, ArbitraryBytesNeverCrashTheReader, ()) {
  Bytes file = *rc::gen::container<Bytes>(rc::gen::arbitrary<uint8_t>());
  if (*rc::gen::arbitrary<bool>()) {  // often with a valid start, to get past the magic
    const Bytes& valid = valid_trace();
    size_t prefix = *rc::gen::inRange<size_t>(0, valid.size());
    file.insert(file.begin(), valid.begin(), valid.begin() + static_cast<ptrdiff_t>(prefix));
  }
  TraceContents contents = read_trace(file);
  RC_ASSERT(contents.header.has_value() || contents.damage.has_value());
}

}  // namespace
}  // namespace hz::testing
