// How records are coded inside a frame (format 7): received movement packets as differences from
// a prediction, clock reads, ticks and job numbers as differences, digests as one hash and three
// tags. Decoding gives back exactly what was encoded, for any bytes, frame by frame.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

#include "replay/format/move_coding.h"
#include "replay/format/record_archive.h"
#include "sim/protocol/codec.h"
#include "sim/protocol/framing.h"
#include "sim/protocol/packets.h"

namespace hz {
namespace {

namespace sb = packet::play_sb;

Bytes framed(const Bytes& body, int32_t threshold) {
  auto frame = encode_frame(body, threshold);
  RC_ASSERT(frame.ok());
  return *frame;
}

// Doubles and floats a client could send, including the awkward ones.
rc::Gen<double> any_double() {
  return rc::gen::oneOf(rc::gen::arbitrary<double>(), rc::gen::map(rc::gen::inRange(-30000000, 30000000), [](int v) {
                          return v / 16.0;
                        }),
                        rc::gen::element(0.0, -0.0, std::numeric_limits<double>::infinity(),
                                         -std::numeric_limits<double>::infinity(),
                                         std::numeric_limits<double>::quiet_NaN(),
                                         std::bit_cast<double>(uint64_t{0x7ff0000000000001}),  // a signalling NaN
                                         std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::max()));
}

// Movement packets mixed with other packets and garbage, framed with or without compression.
Bytes client_stream() {
  const int32_t threshold = *rc::gen::element(-1, 256);
  Bytes stream;
  const int packets = *rc::gen::inRange(1, 40);
  for (int i = 0; i < packets; ++i) {
    Bytes body;
    switch (*rc::gen::inRange(0, 5)) {
      case 0: body = encode_packet(sb::Position{*any_double(), *any_double(), *any_double(), *rc::gen::arbitrary<uint8_t>()}); break;
      case 1:
        body = encode_packet(sb::PositionLook{*any_double(), *any_double(), *any_double(), *rc::gen::arbitrary<float>(),
                                              *rc::gen::arbitrary<float>(), *rc::gen::arbitrary<uint8_t>()});
        break;
      case 2: body = encode_packet(sb::Look{*rc::gen::arbitrary<float>(), *rc::gen::arbitrary<float>(), 0}); break;
      case 3: body = encode_packet(sb::KeepAlive{*rc::gen::arbitrary<int64_t>()}); break;
      default: {
        Bytes junk = *rc::gen::container<Bytes>(*rc::gen::inRange(1, 40), rc::gen::arbitrary<uint8_t>());
        stream.insert(stream.end(), junk.begin(), junk.end());
        continue;
      }
    }
    Bytes frame = framed(body, threshold);
    stream.insert(stream.end(), frame.begin(), frame.end());
  }
  return stream;
}

// The stream cut into reads of random sizes, as the network delivers it.
std::vector<Record> received_pieces(ConnId conn, const Bytes& stream) {
  std::vector<Record> records;
  for (size_t pos = 0; pos < stream.size();) {
    size_t piece = std::min(stream.size() - pos, *rc::gen::inRange<size_t>(1, 120));
    records.push_back(BytesReceived{conn, Bytes(stream.begin() + static_cast<ptrdiff_t>(pos),
                                                stream.begin() + static_cast<ptrdiff_t>(pos + piece))});
    pos += piece;
  }
  return records;
}

RC_GTEST_PROP(RecordCoding, AnyFrameOfRecordsDecodesToExactlyWhatWasEncoded, ()) {
  // Three connections' reads interleaved (each in its own order), other coded records between them.
  std::vector<std::vector<Record>> streams;
  for (ConnId conn = 1; conn <= 3; ++conn) streams.push_back(received_pieces(conn, client_stream()));
  std::vector<Record> records;
  std::vector<size_t> next(streams.size(), 0);
  for (size_t left = streams[0].size() + streams[1].size() + streams[2].size(); left > 0; --left) {
    size_t s = *rc::gen::inRange<size_t>(0, streams.size());
    while (next[s] == streams[s].size()) s = (s + 1) % streams.size();
    records.push_back(streams[s][next[s]++]);
  }
  const size_t extra = *rc::gen::inRange(0, 30);
  for (size_t i = 0; i < extra; ++i) {
    size_t at = *rc::gen::inRange<size_t>(0, records.size() + 1);
    Record r;
    switch (*rc::gen::inRange(0, 5)) {
      case 0: r = ClockReadRecord{*rc::gen::arbitrary<int64_t>()}; break;
      case 1: r = JobSubmittedRecord{*rc::gen::arbitrary<uint64_t>(), *rc::gen::arbitrary<uint32_t>(), *rc::gen::arbitrary<uint64_t>()}; break;
      case 2:
        r = JobRecomputedRecord{*rc::gen::arbitrary<uint64_t>(), *rc::gen::arbitrary<uint32_t>(),
                                *rc::gen::arbitrary<uint8_t>()};
        break;
      case 3: r = JobCompleted{*rc::gen::arbitrary<uint64_t>(), Bytes{1, 2}}; break;
      default:
        r = IterationEndRecord{PassDigest{*rc::gen::arbitrary<int64_t>(), *rc::gen::arbitrary<uint64_t>(),
                                          *rc::gen::arbitrary<uint8_t>(), *rc::gen::arbitrary<uint8_t>(),
                                          *rc::gen::arbitrary<uint8_t>()}};
    }
    records.insert(records.begin() + static_cast<ptrdiff_t>(at), std::move(r));
  }
  DecodedRecords decoded = decode_records(encode_records(records));
  RC_ASSERT(!decoded.damage.has_value());
  RC_ASSERT(decoded.records == records);
}

RC_GTEST_PROP(RecordCoding, EachFrameOfAnEncoderDecodesOnItsOwn, ()) {
  RecordEncoder encoder;
  for (int frame = 0; frame < 3; ++frame) {
    std::vector<Record> records = received_pieces(7, client_stream());
    records.push_back(ClockReadRecord{*rc::gen::arbitrary<int64_t>()});
    for (const Record& r : records) encoder.add(r);
    DecodedRecords decoded = decode_records(encoder.take());
    RC_ASSERT(!decoded.damage.has_value());
    RC_ASSERT(decoded.records == records);
  }
}

TEST(MoveCoding, AWalkingClientsPositionsBecomeNearlyAllZeroBytes) {
  // A client walking a straight line at a steady pace, across a power of two (16) and back.
  Bytes stream;
  double x = 10.3, z = -3.7;
  for (int i = 0; i < 200; ++i) {
    if (i == 100) z += 0.5;  // one sideways step
    x += (i < 120 ? 0.2158 : -0.2158);
    auto frame = encode_frame(encode_packet(sb::Position{x, 70.0, z, 1}), 256);
    ASSERT_TRUE(frame.ok());
    stream.insert(stream.end(), frame->begin(), frame->end());
  }
  Bytes coded = stream;
  MoveCoder().encode(1, coded);
  size_t nonzero_before = 0, nonzero_after = 0;
  for (uint8_t b : stream) nonzero_before += b != 0;
  for (uint8_t b : coded) nonzero_after += b != 0;
  // Each packet keeps its length, data length, id and flags; the 24 bytes of position come to
  // about one byte, except around the turns.
  EXPECT_GT(nonzero_before, 200u * 20);
  EXPECT_LT(nonzero_after, 200u * 5);
  MoveCoder().decode(1, coded);
  EXPECT_EQ(coded, stream);
}

TEST(MoveCoding, ConnectionsArePredictedApart) {
  // Two clients walking different lines, their packets interleaved, code as well as one alone.
  Bytes a, b;
  MoveCoder together, alone;
  size_t nonzero_together = 0, nonzero_alone = 0;
  for (int i = 0; i < 50; ++i) {
    auto fa = encode_frame(encode_packet(sb::Position{1.5 + 0.2 * i, 64.0, 8.5, 0}), 256);
    auto fb = encode_frame(encode_packet(sb::Position{-900.25, 64.0, 300.0 - 0.3 * i, 0}), 256);
    ASSERT_TRUE(fa.ok() && fb.ok());
    Bytes ca = *fa, cb = *fb, solo = *fa;
    together.encode(1, ca), together.encode(2, cb), alone.encode(1, solo);
    for (uint8_t x : ca) nonzero_together += x != 0;
    for (uint8_t x : solo) nonzero_alone += x != 0;
  }
  EXPECT_EQ(nonzero_together, nonzero_alone);
}

}  // namespace
}  // namespace hz
