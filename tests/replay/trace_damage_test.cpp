// One test per kind of damage a trace file can have, each reported distinctly, and properties
// that the reader never crashes: any flipped byte is damage, any cut is a truncation.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstring>

#include "replay/format/frame_builder.h"
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
  file[8] = 1;  // version 1 had no level start in its header: refused, not guessed
  TraceDamage d = damage_of(file);
  EXPECT_EQ(d.kind, DamageKind::kWrongVersion);
  EXPECT_NE(d.describe().find("format version 1"), std::string::npos) << d.describe();
  file[8] = 2;  // version 2 had no list files in its header
  EXPECT_EQ(damage_of(file).kind, DamageKind::kWrongVersion);
  file[8] = 3;  // version 3 had no server public key at the end of its header
  EXPECT_EQ(damage_of(file).kind, DamageKind::kWrongVersion);
  file[8] = 4;  // version 4 had no JobRecomputed records: its generation results are stored whole
  EXPECT_EQ(damage_of(file).kind, DamageKind::kWrongVersion);
  file[8] = 5;  // version 5 wrote an Outbound record's id, size and hash beside a kept body
  EXPECT_EQ(damage_of(file).kind, DamageKind::kWrongVersion);
  file[8] = 6;  // version 6 kept every digest whole and received bytes as they came
  EXPECT_EQ(damage_of(file).kind, DamageKind::kWrongVersion);
  file[8] = 9;  // a version this reader does not know yet
  EXPECT_EQ(damage_of(file).kind, DamageKind::kWrongVersion);
  file[8] = 7;  // version 7 is version 8 without Snapshot records: read as it is
  EXPECT_FALSE(read_trace(file).damage);
  EXPECT_EQ(TraceReader(file).format_version(), 7u);  // as `info` prints it
  EXPECT_EQ(TraceReader(valid_trace()).format_version(), kTraceFormatVersion);
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

// Every record of the frames read, in order.
std::vector<Record> records_of(const std::vector<Frame>& frames) {
  std::vector<Record> out;
  for (const Frame& f : frames) out.insert(out.end(), f.records.begin(), f.records.end());
  return out;
}

// The damaged file's frames must be exactly the first `count` frames of the valid file: same
// places, same records, nothing lost before the damage and nothing read after it.
void expect_first_frames(const TraceContents& damaged, size_t count) {
  TraceContents whole = read_trace(valid_trace());
  ASSERT_LE(count, whole.frames.size());
  ASSERT_EQ(damaged.frames.size(), count);
  for (size_t i = 0; i < count; ++i) EXPECT_EQ(damaged.frames[i].info.offset, whole.frames[i].info.offset) << i;
  std::vector<Record> expected = records_of(std::vector<Frame>(whole.frames.begin(), whole.frames.begin() + static_cast<ptrdiff_t>(count)));
  std::vector<Record> got = records_of(damaged.frames);
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); ++i) EXPECT_TRUE(got[i] == expected[i]) << "record " << i;
}

TEST(TraceDamagePlaces, TheValidTraceHasSeveralFramesOfRecords) {
  TraceContents whole = read_trace(valid_trace());
  ASSERT_GE(whole.frames.size(), 4u);
  for (const Frame& f : whole.frames) EXPECT_FALSE(f.records.empty());
  EXPECT_EQ(whole.frames.front().info.offset, header_end(valid_trace()));
}

TEST(TraceDamagePlaces, TruncatedLastFrameIsReportedAtItsStartAndEveryEarlierRecordIsRead) {
  const Bytes& valid = valid_trace();
  TraceContents whole = read_trace(valid);
  const size_t last = whole.frames.size() - 1;
  const uint64_t at = whole.frames[last].info.offset;
  const uint64_t payload_end = whole.frames.size() > last + 1 ? whole.frames[last + 1].info.offset : valid.size();
  // Cut inside the marker, inside the frame header, just after it, inside the payload, one byte short.
  for (uint64_t keep : {at + 2, at + 20, at + kFrameHeaderSize, at + kFrameHeaderSize + 3, payload_end - 1}) {
    SCOPED_TRACE("kept " + std::to_string(keep) + " of " + std::to_string(valid.size()) + " bytes");
    Bytes cut(valid.begin(), valid.begin() + static_cast<ptrdiff_t>(keep));
    TraceContents contents = read_trace(cut);
    ASSERT_TRUE(contents.damage.has_value());
    EXPECT_EQ(contents.damage->kind, DamageKind::kTruncated) << contents.damage->describe();
    EXPECT_TRUE(contents.damage->tolerated());
    EXPECT_EQ(contents.damage->offset, at);
    EXPECT_EQ(contents.damage->frame_index, last);
    expect_first_frames(contents, last);
  }

  // verify replays the passes before the cut and says what it dropped.
  Bytes cut(valid.begin(), valid.begin() + static_cast<ptrdiff_t>(at + 60));
  VerifyResult result = verify_files({{"cut", cut}});
  EXPECT_EQ(result.outcome, VerifyResult::Outcome::kIdentical) << result.problem;
  ASSERT_FALSE(result.notes.empty());
  EXPECT_NE(result.notes.back().find("truncated last frame"), std::string::npos);
}

TEST(TraceDamagePlaces, FlippedByteInAMiddleFrameIsReportedThereAndTheFramesBeforeItAreRead) {
  const Bytes& valid = valid_trace();
  TraceContents whole = read_trace(valid);
  const size_t middle = whole.frames.size() / 2;
  ASSERT_GT(middle, 0u);
  ASSERT_LT(middle + 1, whole.frames.size());
  const FrameInfo& info = whole.frames[middle].info;
  struct Flip {
    uint64_t at;
    DamageKind kind;
    const char* detail;
  };
  const Flip flips[] = {
      {info.offset + 1, DamageKind::kBadFrameMarker, "HZFR"},           // the marker
      {info.offset + 17, DamageKind::kBadChecksum, "header"},           // first_iteration
      {info.offset + 33, DamageKind::kBadChecksum, "header"},           // the header checksum itself
      {info.offset + kFrameHeaderSize, DamageKind::kBadChecksum, "payload"},
      {info.offset + kFrameHeaderSize + info.stored_size - 1, DamageKind::kBadChecksum, "payload"},
  };
  for (const Flip& flip : flips) {
    SCOPED_TRACE("byte " + std::to_string(flip.at) + " flipped (frame " + std::to_string(middle) + " at " +
                 std::to_string(info.offset) + ")");
    Bytes file = valid;
    file[flip.at] ^= 0x40;
    TraceContents contents = read_trace(file);
    ASSERT_TRUE(contents.damage.has_value());
    EXPECT_EQ(contents.damage->kind, flip.kind) << contents.damage->describe();
    EXPECT_FALSE(contents.damage->tolerated());
    EXPECT_EQ(contents.damage->offset, info.offset);
    EXPECT_EQ(contents.damage->frame_index, middle);
    EXPECT_NE(contents.damage->detail.find(flip.detail), std::string::npos) << contents.damage->describe();
    expect_first_frames(contents, middle);
  }
}

TEST(TraceDamagePlaces, TruncatedHeaderIsReportedAtTheHeaderWithNothingRead) {
  const Bytes& valid = valid_trace();
  const size_t end = header_end(valid);
  for (size_t keep : {kPreambleSize, kPreambleSize + 1, kPreambleSize + 5, end - 1}) {
    SCOPED_TRACE("kept " + std::to_string(keep) + " bytes, header ends at " + std::to_string(end));
    TraceContents contents = read_trace(std::span(valid).first(keep));
    ASSERT_TRUE(contents.damage.has_value());
    EXPECT_EQ(contents.damage->kind, DamageKind::kTruncated) << contents.damage->describe();
    EXPECT_EQ(contents.damage->offset, kPreambleSize);
    EXPECT_EQ(contents.damage->frame_index, 0u);
    EXPECT_NE(contents.damage->detail.find("inside the header"), std::string::npos) << contents.damage->describe();
    EXPECT_FALSE(contents.header.has_value());
    EXPECT_TRUE(contents.frames.empty());
  }
  // Inside the preamble: the place is the file's start.
  for (size_t keep : {size_t{3}, size_t{8}, kPreambleSize - 1}) {
    TraceContents contents = read_trace(std::span(valid).first(keep));
    ASSERT_TRUE(contents.damage.has_value());
    EXPECT_EQ(contents.damage->kind, DamageKind::kTruncated) << keep;
    EXPECT_EQ(contents.damage->offset, 0u) << keep;
  }
  // A cut exactly after the header is a valid trace with no passes yet.
  TraceContents header_only = read_trace(std::span(valid).first(end));
  EXPECT_FALSE(header_only.damage.has_value());
  EXPECT_TRUE(header_only.header.has_value());
  EXPECT_TRUE(header_only.frames.empty());
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
  // A length claiming more bytes than the payload holds (BytesReceived: connection 7, then a
  // VarInt length of 2^28 - 1).
  Bytes too_long = {2, 7, 0xff, 0xff, 0xff, 0x7f, 0, 0, 0, 0};
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

// The writer never makes the damage "a frame not ending at a pass boundary": closing a frame
// inside a pass is a broken invariant that stops the process, in every build type.
TEST(TraceFrameBoundaries, AFrameClosesOnlyAtAPassBoundary) {
  std::vector<Bytes> frames;
  FrameBuilder builder(0, 0);
  builder.add(ClockReadRecord{5}, frames);
  builder.add(StartedRecord{}, frames);
  EXPECT_TRUE(builder.at_pass_boundary());
  builder.flush(frames);  // after Started: fine
  EXPECT_EQ(frames.size(), 1u);
  builder.add(ConsoleLine{"mid-pass"}, frames);
  EXPECT_FALSE(builder.at_pass_boundary());
  EXPECT_DEATH(builder.flush(frames), "a trace frame closes only at a pass boundary");
  builder.add(IterationEndRecord{}, frames);
  builder.flush(frames);
  EXPECT_EQ(frames.size(), 2u);
  TraceHeader header;
  Bytes file = encode_preamble(header);
  for (const Bytes& f : frames) file.insert(file.end(), f.begin(), f.end());
  TraceContents contents = read_trace(file);
  EXPECT_FALSE(contents.damage.has_value()) << contents.damage->describe();
  EXPECT_EQ(contents.frames.size(), 2u);
}

RC_GTEST_PROP(TraceDamageProperty, AnyFlippedByteIsReportedAsDamage, ()) {
  Bytes file = valid_trace();
  size_t at = *rc::gen::inRange<size_t>(0, file.size());
  file[at] ^= *rc::gen::inRange<uint8_t>(1, 255);
  // The one flip that leaves a valid file: the version 8 (at offset 8, little-endian) turned into
  // 7, which a file without snapshots also is (docs/trace-format.md, "Versioning").
  RC_PRE(!(at == 8 && file[at] == kOldestReadableTraceVersion));
  TraceContents contents = read_trace(file);
  RC_ASSERT(contents.damage.has_value());
  // Nothing at or after the damaged byte was read, and what was read is the valid file's.
  TraceContents whole = read_trace(valid_trace());
  for (size_t i = 0; i < contents.frames.size(); ++i) {
    uint64_t end = i + 1 < whole.frames.size() ? whole.frames[i + 1].info.offset : file.size();
    RC_ASSERT(end <= at);
    RC_ASSERT(contents.frames[i].records == whole.frames[i].records);
  }
}

RC_GTEST_PROP(TraceDamageProperty, AnyCutIsATruncationOrAFrameBoundary, ()) {
  const Bytes& valid = valid_trace();
  size_t keep = *rc::gen::inRange<size_t>(1, valid.size());
  TraceContents contents = read_trace(std::span(valid).first(keep));
  TraceContents whole = read_trace(valid);
  // The frames read are exactly the valid file's frames that end before the cut.
  size_t complete = 0;
  for (size_t i = 0; i < whole.frames.size(); ++i) {
    uint64_t end = i + 1 < whole.frames.size() ? whole.frames[i + 1].info.offset : valid.size();
    if (end <= keep) complete = i + 1;
  }
  RC_ASSERT(contents.frames.size() == (keep >= header_end(valid) ? complete : 0u));
  for (size_t i = 0; i < contents.frames.size(); ++i)
    RC_ASSERT(contents.frames[i].records == whole.frames[i].records);
  if (contents.damage) {
    RC_ASSERT(contents.damage->kind == DamageKind::kTruncated);
    RC_ASSERT(contents.damage->frame_index == contents.frames.size());
  } else {
    bool boundary = false;
    for (const Frame& f : whole.frames) boundary |= f.info.offset == keep;
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
