#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "sim/game/connection_limits.h"
#include "sim/game/packet_rate_limiter.h"

#include "sim/data/catalog.h"
#include "tests/game/client_bytes.h"

namespace hz {
namespace {

using testing::CoreHarness;
using testing::packet_id_of;
using testing::TestClient;

packet::handshake_sb::SetProtocol handshake(int intent, int version = kProtocolVersion) {
  return {version, "localhost", 25565, intent};
}

TEST(Sessions, StatusPingAnswersVersionPlayersAndMotd) {
  ServerProperties props = testing::test_properties();
  props.motd = "Hello Horizon";
  CoreHarness h(props);
  TestClient client(7);
  h.iterate(0, {ConnectionOpened{7, "127.0.0.1:1"}});
  client.packet(handshake(1)).packet(packet::status_sb::PingStart{});
  h.sink.clear();
  h.iterate(0, {client.take()});
  auto got = client.received(h.sink);
  ASSERT_EQ(got.size(), 1u);
  auto info = decode_packet<packet::status_cb::ServerInfo>(got[0]);
  ASSERT_TRUE(info.ok()) << info.error();
  EXPECT_NE(info->response.find(R"("version":{"name":"26.1","protocol":775})"), std::string::npos) << info->response;
  EXPECT_NE(info->response.find(R"("max":20,"online":0)"), std::string::npos);
  EXPECT_NE(info->response.find("Hello Horizon"), std::string::npos);

  client.packet(packet::status_sb::Ping{123456789});
  h.sink.clear();
  h.iterate(0, {client.take()});
  got = client.received(h.sink);
  ASSERT_EQ(got.size(), 1u);
  EXPECT_EQ(decode_packet<packet::status_cb::Ping>(got[0])->time, 123456789);
  EXPECT_TRUE(client.closed(h.sink));
}

struct LoggedInClient {
  TestClient client;
  std::vector<Bytes> received;
};

// Runs the whole offline login and configuration of `name` on connection `conn`.
LoggedInClient log_in_offline(CoreHarness& h, ConnId conn, const std::string& name) {
  TestClient client(conn);
  h.iterate(0, {ConnectionOpened{conn, "127.0.0.1:2"}});
  client.packet(handshake(2)).packet(packet::login_sb::LoginStart{name, {}});
  h.sink.clear();
  h.iterate(0, {client.take()});
  h.sink.clear();
  client.set_compression(256);
  client.packet(packet::login_sb::LoginAcknowledged{});
  h.iterate(0, {client.take()});
  client.packet(packet::config_sb::Settings{});
  client.packet(packet::config_sb::SelectKnownPacks{});
  h.iterate(0, {client.take()});
  client.packet(packet::config_sb::FinishConfiguration{});
  h.iterate(0, {client.take()});
  auto rest = client.received(h.sink);
  return {client, rest};
}

TEST(Sessions, OfflineLoginSendsCompressionThenSuccessWithVanillaUuid) {
  CoreHarness h;
  TestClient client(1);
  h.iterate(0, {ConnectionOpened{1, "127.0.0.1:2"}});
  client.packet(handshake(2)).packet(packet::login_sb::LoginStart{"Probe", {}});
  h.sink.clear();
  h.iterate(0, {client.take()});
  auto got = client.received(h.sink);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_EQ(decode_packet<packet::login_cb::Compress>(got[0])->threshold, 256);
  auto success = decode_packet<packet::login_cb::Success>(got[1]);
  ASSERT_TRUE(success.ok());
  EXPECT_EQ(success->uuid.to_string(), "3f0ca0c8-9f16-3b87-92fb-b626b9a1bb99");
  EXPECT_EQ(success->username, "Probe");
  // Compression is switched on right after the compress packet, before success.
  size_t compress_at = 0, enable_at = 0, success_at = 0, i = 0;
  for (const Effect& e : h.sink.effects) {
    ++i;
    if (auto* s = std::get_if<SendPacket>(&e)) (packet_id_of(*s->body) == packet_id::login_cb::compress ? compress_at : success_at) = i;
    if (std::holds_alternative<EnableCompression>(e)) enable_at = i;
  }
  EXPECT_LT(compress_at, enable_at);
  EXPECT_LT(enable_at, success_at);
}

TEST(Sessions, JoinSequenceFollowsTheSpecOrder) {
  CoreHarness h;
  LoggedInClient j = log_in_offline(h, 3, "Bot1");
  std::vector<int32_t> ids;
  for (const Bytes& b : j.received) ids.push_back(packet_id_of(b));
  // Configuration: brand, feature flags, known packs, 28 registries, tags, finish.
  ASSERT_GE(ids.size(), 34u);
  EXPECT_EQ(ids[0], packet_id::config_cb::custom_payload);
  EXPECT_EQ(ids[1], packet_id::config_cb::feature_flags);
  EXPECT_EQ(ids[2], packet_id::config_cb::select_known_packs);
  for (int r = 0; r < 28; ++r) EXPECT_EQ(ids[3 + r], packet_id::config_cb::registry_data) << r;
  EXPECT_EQ(ids[31], packet_id::config_cb::tags);
  EXPECT_EQ(ids[32], packet_id::config_cb::finish_configuration);
  // Play: login first; position before update_health; game event 13 and the centre chunk.
  std::vector<int32_t> play(ids.begin() + 33, ids.end());
  ASSERT_FALSE(play.empty());
  EXPECT_EQ(play[0], packet_id::play_cb::login);
  auto find = [&](int32_t id) { return std::find(play.begin(), play.end(), id) - play.begin(); };
  EXPECT_LT(find(packet_id::play_cb::position), find(packet_id::play_cb::update_health));
  EXPECT_LT(find(packet_id::play_cb::game_state_change), static_cast<long>(play.size()));
  EXPECT_LT(find(packet_id::play_cb::update_view_position), static_cast<long>(play.size()));
  auto login = decode_packet<packet::play_cb::Login>(j.received[33]);
  ASSERT_TRUE(login.ok()) << login.error();
  EXPECT_EQ(login->entity_id, 1);
  EXPECT_EQ(login->dimension_type, 0);
  EXPECT_FALSE(login->enforces_secure_chat);
  auto position = decode_packet<packet::play_cb::Position>(j.received[33 + find(packet_id::play_cb::position)]);
  EXPECT_EQ(position->teleport_id, 1);
  EXPECT_EQ(h.core.online_player_names(), std::vector<std::string>{"Bot1"});
}

TEST(Sessions, ChatIsBroadcastAsSystemChat) {
  CoreHarness h;
  LoggedInClient a = log_in_offline(h, 1, "Alice");
  LoggedInClient b = log_in_offline(h, 2, "Bob");
  a.client.packet(packet::play_sb::ChatMessage{"hello there", 0, 0, std::nullopt, 0, {}, 0});
  h.sink.clear();
  h.iterate(0, {a.client.take()});
  for (TestClient* c : {&a.client, &b.client}) {
    auto got = c->received(h.sink);
    ASSERT_EQ(got.size(), 1u);
    auto chat = decode_packet<packet::play_cb::SystemChat>(got[0]);
    ASSERT_TRUE(chat.ok());
    EXPECT_EQ(nbt::to_string(chat->content), "\"<Alice> hello there\"");
  }
}

TEST(Sessions, NonOpsGetVanillasRefusalAndOpsRunCommands) {
  ServerProperties props = testing::test_properties();
  CoreHarness h(props);
  LoggedInClient j = log_in_offline(h, 1, "Alice");
  j.client.packet(packet::play_sb::ChatCommand{"tick query"});
  h.sink.clear();
  h.iterate(0, {j.client.take()});
  auto got = j.client.received(h.sink);
  ASSERT_EQ(got.size(), 2u);
  EXPECT_NE(nbt::to_string(decode_packet<packet::play_cb::SystemChat>(got[0])->content)
                .find("Unknown or incomplete command. See below for error"),
            std::string::npos);
}

TEST(Sessions, MalformedBytesDisconnectWithAReasonAndTheServerKeepsTicking) {
  CoreHarness h;
  LoggedInClient healthy = log_in_offline(h, 1, "Alice");
  TestClient bad(9);
  h.iterate(0, {ConnectionOpened{9, "127.0.0.1:3"}});
  bad.packet(handshake(2)).raw({0xFF, 0xFF, 0xFF, 0xFF, 0x0F});  // a 5-byte length prefix
  h.sink.clear();
  h.iterate(0, {bad.take()});
  auto got = bad.received(h.sink);
  ASSERT_EQ(got.size(), 1u);
  auto reason = decode_packet<packet::login_cb::Disconnect>(got[0]);
  ASSERT_TRUE(reason.ok());
  EXPECT_NE(reason->reason_json.find("Internal Exception"), std::string::npos) << reason->reason_json;
  EXPECT_TRUE(bad.closed(h.sink));
  int64_t ticks = h.core.tick_count();
  h.iterate(0, {});
  EXPECT_EQ(h.core.tick_count(), ticks + 1);
  EXPECT_EQ(h.core.online_player_names(), std::vector<std::string>{"Alice"});
}

TEST(Sessions, WrongProtocolVersionIsRefusedWithTheVersionName) {
  CoreHarness h;
  TestClient client(4);
  h.iterate(0, {ConnectionOpened{4, "127.0.0.1:4"}});
  client.packet(handshake(2, 770)).packet(packet::login_sb::LoginStart{"Old", {}});
  h.sink.clear();
  h.iterate(0, {client.take()});
  auto got = client.received(h.sink);
  ASSERT_GE(got.size(), 1u);
  auto reason = decode_packet<packet::login_cb::Disconnect>(got[0]);
  ASSERT_TRUE(reason.ok());
  EXPECT_NE(reason->reason_json.find("multiplayer.disconnect.incompatible"), std::string::npos);
  EXPECT_NE(reason->reason_json.find("26.1"), std::string::npos);
}

TEST(Sessions, DuplicateLoginKicksTheOldConnection) {
  CoreHarness h;
  LoggedInClient first = log_in_offline(h, 1, "Alice");
  TestClient second(2);
  h.iterate(0, {ConnectionOpened{2, "127.0.0.1:5"}});
  second.packet(handshake(2)).packet(packet::login_sb::LoginStart{"Alice", {}});
  h.sink.clear();
  h.iterate(0, {second.take()});
  EXPECT_TRUE(first.client.closed(h.sink));
  auto kick = decode_packet<packet::play_cb::KickDisconnect>(first.client.received(h.sink).at(0));
  ASSERT_TRUE(kick.ok());
  EXPECT_NE(nbt::to_string(kick->reason).find("multiplayer.disconnect.duplicate_login"), std::string::npos);
  EXPECT_TRUE(h.core.online_player_names().empty());  // the new Alice is still configuring
}


// --- what a connection may cost (connection_limits.h) ---

Input arm_swings(TestClient& client, int count) {
  for (int i = 0; i < count; ++i) client.packet(packet::play_sb::ArmAnimation{0});
  return client.take();
}

bool kicked_with(const LoggedInClient& joined, const EffectBuffer& sink, const std::string& key) {
  for (const Bytes& body : joined.client.received(sink)) {
    if (packet_id_of(body) != packet::play_cb::KickDisconnect::kId) continue;
    auto kick = decode_packet<packet::play_cb::KickDisconnect>(body);
    if (kick.ok() && nbt::to_string(kick->reason).find(key) != std::string::npos) return true;
  }
  return false;
}

TEST(ConnectionLimits, AFloodingClientIsKickedWithThePacketRateTextAndOthersPlayOn) {
  CoreHarness h;
  LoggedInClient alice = log_in_offline(h, 1, "Alice");
  LoggedInClient bob = log_in_offline(h, 2, "Bob");
  h.sink.clear();
  // 500 a second over 7 s is 3,500 packets: one more is over the limit.
  h.iterate(0, {arm_swings(bob.client, 3501)});
  EXPECT_TRUE(kicked_with(bob, h.sink, "disconnect.exceeded_packet_rate"));
  EXPECT_TRUE(bob.client.closed(h.sink));
  EXPECT_FALSE(alice.client.closed(h.sink));
  int64_t ticks = h.core.tick_count();
  h.iterate(0, {arm_swings(alice.client, 10)});
  EXPECT_EQ(h.core.tick_count(), ticks + 1);
  EXPECT_EQ(h.core.online_player_names(), std::vector<std::string>{"Alice"});
}

TEST(ConnectionLimits, ABusyClientUnderTheRateIsNotKicked) {
  CoreHarness h;
  LoggedInClient alice = log_in_offline(h, 1, "Alice");
  h.sink.clear();
  for (int tick = 0; tick < 200; ++tick) h.iterate(0, {arm_swings(alice.client, 24)});  // 480 a second for 10 s
  EXPECT_FALSE(alice.client.closed(h.sink));
  h.iterate(0, {arm_swings(alice.client, 400)});  // a burst over the average
  EXPECT_TRUE(kicked_with(alice, h.sink, "disconnect.exceeded_packet_rate"));
}

TEST(ConnectionLimits, ALimitOfZeroTurnsTheLimiterOff) {
  ServerProperties props = testing::test_properties();
  props.packet_rate_limit = 0;
  CoreHarness h(props);
  LoggedInClient alice = log_in_offline(h, 1, "Alice");
  h.sink.clear();
  h.iterate(0, {arm_swings(alice.client, 10000)});
  EXPECT_FALSE(alice.client.closed(h.sink));
}

TEST(ConnectionLimits, ASilentSocketIsClosedAfterTheReadTimeout) {
  CoreHarness h;
  TestClient idle(5);
  h.iterate(0, {ConnectionOpened{5, "127.0.0.1:6"}});
  h.sink.clear();
  const int ticks_in_timeout = static_cast<int>(connection_limits::kReadTimeoutMillis / 50);
  for (int i = 0; i < ticks_in_timeout - 2; ++i) h.iterate(0, {});
  EXPECT_FALSE(idle.closed(h.sink));
  for (int i = 0; i < 4; ++i) h.iterate(0, {});
  EXPECT_TRUE(idle.closed(h.sink));
  EXPECT_TRUE(idle.received(h.sink).empty());  // the handshake state has no disconnect packet
}

TEST(ConnectionLimits, APlayerAnsweringKeepAlivesIsNeverTimedOut) {
  CoreHarness h;
  LoggedInClient alice = log_in_offline(h, 1, "Alice");
  h.sink.clear();
  int answered = 0;
  for (int tick = 0; tick < 1400; ++tick) {  // 70 s
    std::vector<Input> answers;
    for (const Bytes& body : alice.client.received(h.sink)) {
      if (packet_id_of(body) != packet::play_cb::KeepAlive::kId) continue;
      alice.client.packet(packet::play_sb::KeepAlive{decode_packet<packet::play_cb::KeepAlive>(body)->id});
      answers.push_back(alice.client.take());
      ++answered;
    }
    h.sink.clear();
    h.iterate(0, answers);
    ASSERT_FALSE(alice.client.closed(h.sink)) << "closed at tick " << tick;
  }
  EXPECT_GE(answered, 4);
}

TEST(ConnectionLimits, AnUnansweredKeepAliveTimesThePlayerOut) {
  CoreHarness h;
  LoggedInClient alice = log_in_offline(h, 1, "Alice");
  h.sink.clear();
  for (int tick = 0; tick < 700 && !alice.client.closed(h.sink); ++tick) h.iterate(0, {});
  EXPECT_TRUE(kicked_with(alice, h.sink, "disconnect.timeout"));
}

// Logs `name` in and stops in configuration before the client's known packs answer (false) or
// its finish_configuration (true: the server's finish is out).
TestClient configure_without_finishing(CoreHarness& h, ConnId conn, const std::string& name, bool answer_packs) {
  TestClient client(conn);
  h.iterate(0, {ConnectionOpened{conn, "127.0.0.1:2"}});
  client.packet(handshake(2)).packet(packet::login_sb::LoginStart{name, {}});
  h.iterate(0, {client.take()});
  client.set_compression(256);
  client.packet(packet::login_sb::LoginAcknowledged{}).packet(packet::config_sb::Settings{});
  if (answer_packs) client.packet(packet::config_sb::SelectKnownPacks{});
  h.sink.clear();  // from here on only configuration packets come
  h.iterate(0, {client.take()});
  return client;
}

int count_of(const TestClient& client, const EffectBuffer& sink, int32_t id) {
  int n = 0;
  for (const Bytes& body : client.received(sink)) n += packet_id_of(body) == id;
  return n;
}

// ServerCommonPacketListenerImpl: the server's finish_configuration is a terminal packet, which
// closes the configuration listener. It sends no keep-alive after it (the client already reads the
// play protocol, where a configuration keep-alive's id is another packet); a client that never
// answers the finish is timed out 15 s after it, the connection closed without a disconnect packet
// (the server no longer encodes configuration packets, and the client could not read one).
TEST(ConnectionLimits, AfterTheServersFinishNoKeepAliveAndATimeoutFifteenSecondsOn) {
  CoreHarness h;
  TestClient client = configure_without_finishing(h, 1, "Alice", true);
  for (int tick = 0; tick < 5 && count_of(client, h.sink, packet::config_cb::FinishConfiguration::kId) == 0; ++tick)
    h.iterate(0, {});  // the finish waits for the player's file
  ASSERT_EQ(count_of(client, h.sink, packet::config_cb::FinishConfiguration::kId), 1);
  h.sink.clear();
  const int ticks_to_timeout = static_cast<int>(connection_limits::kClosedListenerTimeoutMillis / 50);
  int tick = 0;
  for (; tick < 2 * ticks_to_timeout && !client.closed(h.sink); ++tick) h.iterate(0, {});
  EXPECT_EQ(count_of(client, h.sink, packet::config_cb::KeepAlive::kId), 0);
  ASSERT_TRUE(client.closed(h.sink));
  EXPECT_GE(tick, ticks_to_timeout - 1);
  EXPECT_LE(tick, ticks_to_timeout + 1);
  for (const Bytes& body : client.received(h.sink)) ADD_FAILURE() << "packet " << packet_id_of(body) << " after the finish";
  bool timed_out = false;
  for (const Effect& e : h.sink.effects)
    if (auto* close = std::get_if<CloseConnection>(&e); close && close->conn == 1)
      timed_out = close->reason == to_plain(TextComponent::translatable("disconnect.timeout"));
  EXPECT_TRUE(timed_out);
}

// Each state has its own listener: a configuration keep-alive still unanswered when the client
// finishes is forgotten, and play's first keep-alive comes 15 s after the join.
TEST(ConnectionLimits, PlayStartsItsOwnKeepAliveTimer) {
  CoreHarness h;
  TestClient client = configure_without_finishing(h, 1, "Alice", false);
  h.sink.clear();
  const int interval = static_cast<int>(connection_limits::kKeepAliveIntervalMillis / 50);
  for (int tick = 0; tick < interval + 20; ++tick) h.iterate(0, {});
  ASSERT_EQ(count_of(client, h.sink, packet::config_cb::KeepAlive::kId), 1);  // left unanswered
  client.packet(packet::config_sb::SelectKnownPacks{});
  h.iterate(0, {client.take()});
  client.packet(packet::config_sb::FinishConfiguration{});
  h.sink.clear();
  h.iterate(0, {client.take()});
  int first_keep_alive = -1;
  for (int tick = 1; tick <= interval + 20 && !client.closed(h.sink); ++tick) {
    h.iterate(0, {});
    if (first_keep_alive < 0 && count_of(client, h.sink, packet::play_cb::KeepAlive::kId) > 0) first_keep_alive = tick;
  }
  EXPECT_FALSE(client.closed(h.sink));
  EXPECT_GE(first_keep_alive, interval - 1);
  EXPECT_LE(first_keep_alive, interval + 1);
}

// Paper's counter, written from its rule: each packet counts; the rate is the packets received
// less than the interval ago, divided by the interval in seconds.
RC_GTEST_PROP(PacketRateLimiter, DecisionsMatchTheSlidingWindowRule, ()) {
  const int limit = *rc::gen::inRange(0, 60);
  const int64_t interval = *rc::gen::element<int64_t>(1000, 7000);
  const auto steps = *rc::gen::container<std::vector<std::pair<int, int>>>(
      rc::gen::pair(rc::gen::inRange(0, 3000), rc::gen::inRange(0, 40)));
  PacketRateLimiter limiter(limit, interval);
  std::vector<int64_t> times;
  int64_t now = 5'000'000;
  for (auto [advance, packets] : steps) {
    now += advance;
    for (int i = 0; i < packets; ++i) {
      times.push_back(now);
      int64_t recent = 0;  // times are in order: count back to the first one too old
      for (auto t = times.rbegin(); t != times.rend() && *t > now - interval; ++t) ++recent;
      bool expected = limit == 0 || static_cast<double>(recent) * 1000.0 / static_cast<double>(interval) <= limit;
      RC_ASSERT(limiter.record(now) == expected);
    }
  }
}

}  // namespace
}  // namespace hz
