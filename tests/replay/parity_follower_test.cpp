// horizon-parity's pure parts: the frame follower reads a proxied connection's two streams as
// client and server do (states, compression, both directions, any TCP split), stops at an
// encryption request, and the recording file round-trips its events with trace frames' damage
// reporting.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "session_fixtures.h"
#include "tools/parity/frame_follower.h"
#include "tools/parity/recording.h"
#include "tools/parity/recording_dump.h"

namespace hz::testing {
namespace {

using parity::FollowedPacket;
using parity::FrameFollower;
using S = ProtocolState;
using D = Direction;

// A frame of a packet given by id and already-encoded fields.
Bytes raw_frame(int32_t id, const Bytes& fields = {}, int32_t threshold = -1) {
  ByteWriter w;
  w.varint(id);
  w.raw(fields);
  return *encode_frame(w.bytes(), threshold);
}

struct Segment {
  D direction;
  Bytes bytes;
};

// A whole offline session in the order the proxy sees it: login with compression at 64, into
// configuration, play, back to configuration (the server's start_configuration) and play again.
std::vector<Segment> session() {
  constexpr int32_t t = 64;
  std::vector<Segment> out;
  Bytes hello = client_frame(packet::handshake_sb::SetProtocol{775, "localhost", 25565, 2});
  append(hello, client_frame(packet::login_sb::LoginStart{"Ann", Uuid{}}));
  out.push_back({D::kServerbound, hello});
  Bytes login = client_frame(packet::login_cb::Compress{t});  // the last uncompressed frame
  append(login, client_frame(packet::login_cb::Success{Uuid{1, 2}, "Ann", {}}, t));
  out.push_back({D::kClientbound, login});
  Bytes ack = client_frame(packet::login_sb::LoginAcknowledged{}, t);
  append(ack, client_frame(packet::config_sb::CustomPayload{"minecraft:brand", Bytes(100, 'x')}, t));
  out.push_back({D::kServerbound, ack});
  Bytes config = client_frame(packet::config_cb::CustomPayload{"minecraft:brand", Bytes(200, 'y')}, t);
  append(config, raw_frame(packet_id::config_cb::finish_configuration, {}, t));
  append(config, raw_frame(packet_id::play_cb::start_configuration, {}, t));  // already play
  out.push_back({D::kClientbound, config});
  Bytes finish = client_frame(packet::config_sb::FinishConfiguration{}, t);
  append(finish, client_frame(packet::play_sb::ChatCommand{"list"}, t));
  append(finish, raw_frame(packet_id::play_sb::configuration_acknowledged, {}, t));
  append(finish, client_frame(packet::config_sb::FinishConfiguration{}, t));
  out.push_back({D::kServerbound, finish});
  Bytes again = raw_frame(packet_id::config_cb::finish_configuration, {}, t);
  out.push_back({D::kClientbound, again});
  return out;
}

using Seen = std::vector<std::tuple<D, S, int32_t>>;

Seen seen_of(const std::vector<FollowedPacket>& packets) {
  Seen out;
  for (const FollowedPacket& p : packets) {
    ByteReader r(p.body);
    out.emplace_back(p.direction, p.state, r.varint());
  }
  return out;
}

// Feeds each segment in pieces cut at `cuts` (offsets within it; any order, duplicates fine).
std::vector<FollowedPacket> follow(FrameFollower& f, const std::vector<Segment>& segments,
                                   const std::vector<std::vector<size_t>>& cuts = {}) {
  std::vector<FollowedPacket> out;
  for (size_t i = 0; i < segments.size(); ++i) {
    std::vector<size_t> at = i < cuts.size() ? cuts[i] : std::vector<size_t>{};
    at.push_back(segments[i].bytes.size());
    std::sort(at.begin(), at.end());
    size_t from = 0;
    for (size_t to : at) {
      to = std::min(to, segments[i].bytes.size());
      if (to <= from) continue;
      auto got = f.feed(segments[i].direction, std::span(segments[i].bytes).subspan(from, to - from));
      for (auto& p : got) out.push_back(std::move(p));
      from = to;
    }
  }
  return out;
}

const Seen kExpected = {
    {D::kServerbound, S::kHandshake, packet_id::handshake_sb::set_protocol},
    {D::kServerbound, S::kLogin, packet_id::login_sb::login_start},
    {D::kClientbound, S::kLogin, packet_id::login_cb::compress},
    {D::kClientbound, S::kLogin, packet_id::login_cb::success},
    {D::kServerbound, S::kLogin, packet_id::login_sb::login_acknowledged},
    {D::kServerbound, S::kConfiguration, packet_id::config_sb::custom_payload},
    {D::kClientbound, S::kConfiguration, packet_id::config_cb::custom_payload},
    {D::kClientbound, S::kConfiguration, packet_id::config_cb::finish_configuration},
    {D::kClientbound, S::kPlay, packet_id::play_cb::start_configuration},
    {D::kServerbound, S::kConfiguration, packet_id::config_sb::finish_configuration},
    {D::kServerbound, S::kPlay, packet_id::play_sb::chat_command},
    {D::kServerbound, S::kPlay, packet_id::play_sb::configuration_acknowledged},
    {D::kServerbound, S::kConfiguration, packet_id::config_sb::finish_configuration},
    {D::kClientbound, S::kConfiguration, packet_id::config_cb::finish_configuration},
};

TEST(ParityFollower, LoginConfigurationPlayAndBackWithCompression) {
  FrameFollower f;
  auto packets = follow(f, session());
  EXPECT_EQ(seen_of(packets), kExpected);
  EXPECT_EQ(f.compression_threshold(), 64);
  EXPECT_EQ(f.state(D::kServerbound), S::kPlay);
  EXPECT_EQ(f.state(D::kClientbound), S::kPlay);
  EXPECT_FALSE(f.error());
  // Bodies are decompressed: the 200-byte brand payload comes out whole.
  EXPECT_EQ(packets[6].body.size(), 1 + 1 + 15 + 200u);
}

TEST(ParityFollower, ByteByByteReadsGiveTheSamePackets) {
  std::vector<std::vector<size_t>> cuts;
  for (const Segment& s : session()) {
    std::vector<size_t> every;
    for (size_t i = 1; i < s.bytes.size(); ++i) every.push_back(i);
    cuts.push_back(every);
  }
  FrameFollower f;
  EXPECT_EQ(seen_of(follow(f, session(), cuts)), kExpected);
}

RC_GTEST_PROP(ParityFollower, AnySplitOfTheReadsGivesTheSamePackets, ()) {
  auto segments = session();
  std::vector<std::vector<size_t>> cuts;
  for (const Segment& s : segments)
    cuts.push_back(*rc::gen::container<std::vector<size_t>>(rc::gen::inRange<size_t>(0, s.bytes.size() + 1)));
  FrameFollower f;
  auto whole = follow(f, segments, cuts);
  RC_ASSERT(seen_of(whole) == kExpected);
}

TEST(ParityFollower, MergedReadsOfOneDirection) {
  // Everything the client sends in a status ping arrives in one read.
  FrameFollower f;
  auto got = seen_of(f.feed(D::kServerbound, status_ping_stream(42)));
  EXPECT_EQ(got, (Seen{{D::kServerbound, S::kHandshake, packet_id::handshake_sb::set_protocol},
                       {D::kServerbound, S::kStatus, packet_id::status_sb::ping_start},
                       {D::kServerbound, S::kStatus, packet_id::status_sb::ping}}));
  EXPECT_EQ(f.state(D::kClientbound), S::kStatus);
  got = seen_of(f.feed(D::kClientbound, raw_frame(packet_id::status_cb::server_info, Bytes{2, '{', '}'})));
  EXPECT_EQ(got, (Seen{{D::kClientbound, S::kStatus, packet_id::status_cb::server_info}}));
}

TEST(ParityFollower, EncryptionRequestStopsFollowing) {
  FrameFollower f;
  Bytes hello = client_frame(packet::handshake_sb::SetProtocol{775, "localhost", 25565, 2});
  append(hello, client_frame(packet::login_sb::LoginStart{"Ann", Uuid{}}));
  f.feed(D::kServerbound, hello);
  Bytes request = client_frame(packet::login_cb::EncryptionBegin{"", Bytes(162, 1), Bytes{1, 2, 3, 4}, true});
  append(request, Bytes{0x13, 0x77, 0x42});  // what would be ciphertext
  auto got = seen_of(f.feed(D::kClientbound, request));
  EXPECT_EQ(got, (Seen{{D::kClientbound, S::kLogin, packet_id::login_cb::encryption_begin}}));
  EXPECT_TRUE(f.encryption_requested());
  EXPECT_TRUE(f.feed(D::kServerbound, Bytes{5, 1, 2, 3, 4, 5}).empty());
}

TEST(ParityFollower, FramingErrorIsReportedAndFinal) {
  FrameFollower f;
  f.feed(D::kServerbound, Bytes{0xff, 0xff, 0xff, 0xff, 0x7f});  // a length beyond any frame
  ASSERT_TRUE(f.error());
  EXPECT_NE(f.error()->find("serverbound"), std::string::npos) << *f.error();
  EXPECT_TRUE(f.feed(D::kClientbound, raw_frame(0)).empty());
}

std::vector<parity::Event> sample_events() {
  using namespace parity;
  return {
      Event{1, 10, ConnectionOpenedEvent{"127.0.0.1:50000"}},
      Event{1, 20, PacketEvent{D::kServerbound, S::kHandshake, encode_packet(packet::handshake_sb::SetProtocol{775, "h", 1, 2})}},
      Event{2, 25, ConnectionOpenedEvent{"127.0.0.1:50001"}},
      Event{1, 30, PacketEvent{D::kServerbound, S::kLogin, encode_packet(packet::login_sb::LoginStart{"Ann", Uuid{}})}},
      Event{1, 31, PacketEvent{D::kClientbound, S::kLogin, encode_packet(packet::login_cb::Compress{256})}},
      Event{2, 40, UnframedBytesEvent{D::kClientbound, Bytes{9, 9, 9}}},
      Event{1, 1'000'000, ConnectionClosedEvent{"client closed"}},
  };
}

Bytes recording_of(const std::vector<parity::Event>& events, size_t flush_every) {
  parity::RecordingHeader header;
  header.upstream = "127.0.0.1:25565";
  header.listen = "127.0.0.1:25566";
  header.wall_clock_millis = 1764633600000;
  Bytes file = parity::encode_recording_preamble(header);
  parity::RecordingEncoder encoder;
  for (size_t i = 0; i < events.size(); ++i) {
    if (auto frame = encoder.add(events[i])) append(file, *frame);
    if ((i + 1) % flush_every == 0)
      if (auto frame = encoder.flush()) append(file, *frame);
  }
  if (auto frame = encoder.flush()) append(file, *frame);
  return file;
}

void expect_same(const parity::Event& a, const parity::Event& b) {
  EXPECT_EQ(a.conn, b.conn);
  EXPECT_EQ(a.micros, b.micros);
  Bytes ea, eb;
  parity::append_event(a, ea);
  parity::append_event(b, eb);
  EXPECT_EQ(ea, eb);
}

TEST(ParityRecording, EventsRoundTripAcrossFrames) {
  auto events = sample_events();
  for (size_t flush_every : {1u, 3u, 100u}) {
    auto contents = parity::read_recording(recording_of(events, flush_every));
    ASSERT_FALSE(contents.damage) << contents.damage->describe();
    ASSERT_TRUE(contents.header);
    EXPECT_EQ(contents.header->upstream, "127.0.0.1:25565");
    EXPECT_EQ(contents.header->wall_clock_millis, 1764633600000);
    ASSERT_EQ(contents.events.size(), events.size());
    for (size_t i = 0; i < events.size(); ++i) expect_same(contents.events[i], events[i]);
  }
}

TEST(ParityRecording, DamageIsReportedLikeATrace) {
  Bytes file = recording_of(sample_events(), 3);
  // A killed proxy's last frame, cut short: tolerated, the earlier frames stand.
  Bytes cut(file.begin(), file.end() - 5);
  auto truncated = parity::read_recording(cut);
  ASSERT_TRUE(truncated.damage);
  EXPECT_EQ(truncated.damage->kind, DamageKind::kTruncated);
  EXPECT_TRUE(truncated.damage->tolerated());
  EXPECT_EQ(truncated.events.size(), 6u);

  Bytes flipped = file;
  flipped[flipped.size() - 3] ^= 0x40;
  auto bad = parity::read_recording(flipped);
  ASSERT_TRUE(bad.damage);
  EXPECT_EQ(bad.damage->kind, DamageKind::kBadChecksum);

  Bytes other = file;
  other[0] = 'X';
  EXPECT_EQ(parity::read_recording(other).damage->kind, DamageKind::kNotATrace);
  Bytes version = file;
  version[8] = 2;
  EXPECT_EQ(parity::read_recording(version).damage->kind, DamageKind::kWrongVersion);
  EXPECT_EQ(parity::read_recording(Bytes(file.begin(), file.begin() + 20)).damage->kind, DamageKind::kTruncated);
}

TEST(ParityRecording, DumpNamesPacketsByConnection) {
  auto text = parity::dump_recording(parity::read_recording(recording_of(sample_events(), 2)), false);
  EXPECT_NE(text.find("recording of 127.0.0.1:25565 through 127.0.0.1:25566"), std::string::npos) << text;
  size_t first = text.find("connection 1 (3 packets)"), second = text.find("connection 2 (0 packets)");
  ASSERT_NE(first, std::string::npos) << text;
  ASSERT_NE(second, std::string::npos) << text;
  EXPECT_LT(first, second);
  EXPECT_NE(text.find("C->S handshake/serverbound 0x00 set_protocol"), std::string::npos) << text;
  EXPECT_NE(text.find("C->S login/serverbound 0x00 login_start"), std::string::npos) << text;
  EXPECT_NE(text.find("S->C login/clientbound 0x03 compress"), std::string::npos) << text;
  EXPECT_NE(text.find("3 bytes not framed"), std::string::npos) << text;
  EXPECT_NE(text.find("closed: client closed"), std::string::npos) << text;
  EXPECT_LT(text.find("closed: client closed"), second);
}

}  // namespace
}  // namespace hz::testing
