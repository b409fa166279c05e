// The connection tracker reads recorded bytes the way the server does: frames, protocol states
// from the handshake, login and configuration packets, compression from the server's switch
// (also when the connection opened in the same pass), and the state of each outbound packet.
#include <gtest/gtest.h>

#include "replay/format/connection_tracker.h"
#include "session_fixtures.h"

namespace hz::testing {
namespace {

std::vector<std::pair<ProtocolState, int32_t>> packets_of(const std::vector<InboundPacket>& in) {
  std::vector<std::pair<ProtocolState, int32_t>> out;
  for (const InboundPacket& p : in) {
    ByteReader r(p.body);
    out.emplace_back(p.state, r.varint());
  }
  return out;
}

TEST(ConnectionTracker, OpenHandshakeAndLoginInOnePassThenCompressedFrames) {
  ConnectionTracker t;
  Bytes first = client_frame(packet::handshake_sb::SetProtocol{775, "localhost", 25565, 2});
  append(first, client_frame(packet::login_sb::LoginStart{"Ann", Uuid{}}));
  // Pass 1: the server switched compression while handling login_start.
  t.note_compression(4, 64);
  t.feed(ConnectionOpened{4, "127.0.0.1:1"});
  auto got = packets_of(t.feed(BytesReceived{4, first}));
  t.end_pass();
  using S = ProtocolState;
  EXPECT_EQ(got, (std::vector<std::pair<S, int32_t>>{{S::kHandshake, packet_id::handshake_sb::set_protocol},
                                                     {S::kLogin, packet_id::login_sb::login_start}}));
  ASSERT_EQ(t.logins(), std::vector<std::string>{"Ann"});

  // Pass 2: everything else, compressed (a body of 64 bytes or more deflated).
  Bytes rest = client_frame(packet::login_sb::LoginAcknowledged{}, 64);
  append(rest, client_frame(packet::config_sb::CustomPayload{"minecraft:brand", Bytes(100, 'x')}, 64));
  append(rest, client_frame(packet::config_sb::FinishConfiguration{}, 64));
  append(rest, client_frame(packet::play_sb::ChatCommand{"list"}, 64));
  got = packets_of(t.feed(BytesReceived{4, rest}));
  EXPECT_EQ(got, (std::vector<std::pair<S, int32_t>>{{S::kLogin, packet_id::login_sb::login_acknowledged},
                                                     {S::kConfiguration, packet_id::config_sb::custom_payload},
                                                     {S::kConfiguration, packet_id::config_sb::finish_configuration},
                                                     {S::kPlay, packet_id::play_sb::chat_command}}));
  EXPECT_EQ(t.state(4), S::kPlay);
  EXPECT_FALSE(t.find(4)->error.has_value());
}

TEST(ConnectionTracker, OutboundPacketsFollowTheServersSwitchesWithinAPass) {
  ConnectionTracker t;
  using S = ProtocolState;
  t.feed(ConnectionOpened{1, "a"});
  t.feed(BytesReceived{1, join_stream("Ann", -1, "list")});  // no compression: every frame plain
  // The server's answers in order: login, then configuration once the client acknowledged, then
  // play after both finished configuration.
  EXPECT_EQ(t.outbound_state(1, packet_id::login_cb::success), S::kLogin);
  EXPECT_EQ(t.outbound_state(1, packet_id::config_cb::custom_payload), S::kConfiguration);
  EXPECT_EQ(t.outbound_state(1, packet_id::config_cb::registry_data), S::kConfiguration);
  EXPECT_EQ(t.outbound_state(1, packet_id::config_cb::finish_configuration), S::kConfiguration);
  EXPECT_EQ(t.outbound_state(1, packet_id::play_cb::login), S::kPlay);
  t.end_pass();
  EXPECT_EQ(t.outbound_state(1, packet_id::play_cb::keep_alive), S::kPlay);
}

TEST(ConnectionTracker, AnAcknowledgementInALaterPassSwitchesTheNextOutboundPacket) {
  ConnectionTracker t;
  using S = ProtocolState;
  Bytes hello = client_frame(packet::handshake_sb::SetProtocol{775, "h", 1, 2});
  append(hello, client_frame(packet::login_sb::LoginStart{"Ann", Uuid{}}));
  t.feed(ConnectionOpened{2, "a"});
  t.feed(BytesReceived{2, hello});
  EXPECT_EQ(t.outbound_state(2, packet_id::login_cb::success), S::kLogin);
  t.end_pass();
  t.feed(BytesReceived{2, client_frame(packet::login_sb::LoginAcknowledged{})});
  EXPECT_EQ(t.outbound_state(2, packet_id::config_cb::custom_payload), S::kConfiguration);
  t.end_pass();
}

TEST(ConnectionTracker, GarbageStopsDecodingWithTheFramingError) {
  ConnectionTracker t;
  t.feed(ConnectionOpened{3, "a"});
  auto got = t.feed(BytesReceived{3, Bytes{0xff, 0xff, 0xff, 0xff, 0x0f}});
  EXPECT_TRUE(got.empty());
  ASSERT_NE(t.find(3), nullptr);
  EXPECT_TRUE(t.find(3)->error.has_value());
  EXPECT_TRUE(t.feed(BytesReceived{3, client_frame(packet::status_sb::PingStart{})}).empty());
}

}  // namespace
}  // namespace hz::testing
