// Online-mode logins through the core: the encryption request it sends, the FinishEncryption
// effect it hands the shell, and each SessionAnswer outcome (verified profile, unverified,
// session servers down, bad handshake), plus packets out of order.
#include <gtest/gtest.h>

#include "sim/data/catalog.h"
#include "sim/game/core_config.h"
#include "sim/game/player_identity.h"
#include "sim/game/sessions.h"
#include "tests/game/client_bytes.h"

namespace hz {
namespace {

using testing::CoreHarness;
using testing::TestClient;

const Uuid kProfileId{0x069a79f444e94726ull, 0xa5befca90e38aaf5ull};
const Bytes kPublicKey = {0x30, 0x81, 0x9f, 0x30, 0x0d, 1, 2, 3, 4};  // stands in for the DER

CoreConfig online_config() {
  ServerProperties props = testing::test_properties();
  props.online_mode = true;
  CoreConfig config{std::move(props), 12345, "", {}, {}};
  config.server_public_key = kPublicKey;
  return config;
}

std::vector<FinishEncryption> finish_effects(const EffectBuffer& sink) {
  std::vector<FinishEncryption> out;
  for (const Effect& e : sink.effects)
    if (auto* f = std::get_if<FinishEncryption>(&e)) out.push_back(*f);
  return out;
}


// Handshake and login start; returns the encryption request the core answered with.
packet::login_cb::EncryptionBegin start_login(CoreHarness& h, TestClient& client, ConnId conn, const std::string& name) {
  h.iterate(0, {ConnectionOpened{conn, "192.0.2.9:40000"}});
  client.packet(packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2})
      .packet(packet::login_sb::LoginStart{name, {}});
  h.sink.clear();
  h.iterate(0, {client.take()});
  auto got = client.received(h.sink);
  EXPECT_EQ(got.size(), 1u);
  auto request = decode_packet<packet::login_cb::EncryptionBegin>(got.at(0));
  EXPECT_TRUE(request.ok());
  return request.ok() ? *request : packet::login_cb::EncryptionBegin{};
}

TEST(OnlineLogin, EncryptionRequestThenFinishEffectThenTheVerifiedProfile) {
  CoreHarness h(online_config());
  TestClient client(5);
  auto request = start_login(h, client, 5, "Notch");
  EXPECT_EQ(request.server_id, "");
  EXPECT_EQ(request.public_key, kPublicKey);
  EXPECT_EQ(request.verify_token.size(), 4u);
  EXPECT_TRUE(request.should_authenticate);

  client.packet(packet::login_sb::EncryptionBegin{Bytes(128, 0xAA), Bytes(128, 0xBB)});
  h.sink.clear();
  h.iterate(0, {client.take()});
  EXPECT_TRUE(client.received(h.sink).empty());  // nothing until the session server answered
  auto finish = finish_effects(h.sink);
  ASSERT_EQ(finish.size(), 1u);
  EXPECT_EQ(finish[0].conn, 5u);
  EXPECT_EQ(finish[0].username, "Notch");
  EXPECT_EQ(finish[0].encrypted_secret, Bytes(128, 0xAA));
  EXPECT_EQ(finish[0].encrypted_token, Bytes(128, 0xBB));
  EXPECT_EQ(finish[0].verify_token, request.verify_token);

  SessionAnswer answer{5, SessionOutcome::kVerified, kProfileId.most, kProfileId.least, "Notch",
                       {{"textures", "e30=", true, "c2ln"}}};
  h.sink.clear();
  h.iterate(0, {answer});
  std::optional<packet::login_cb::Success> success;
  for (const Bytes& body : client.received(h.sink))
    if (auto s = decode_packet<packet::login_cb::Success>(body)) success = *s;
  ASSERT_TRUE(success.has_value());
  EXPECT_EQ(success->uuid, kProfileId);
  EXPECT_NE(success->uuid, offline_player_uuid("Notch"));
  EXPECT_EQ(success->username, "Notch");
  ASSERT_EQ(success->properties.size(), 1u);
  EXPECT_EQ(success->properties[0].name, "textures");
  EXPECT_EQ(success->properties[0].value, "e30=");
  EXPECT_EQ(success->properties[0].signature, std::optional<std::string>("c2ln"));

  // The login finishes as usual: acknowledged, into configuration.
  client.set_compression(h.core.config().properties.network_compression_threshold);
  client.packet(packet::login_sb::LoginAcknowledged{});
  h.sink.clear();
  h.iterate(0, {client.take()});
  EXPECT_FALSE(client.closed(h.sink));
  EXPECT_FALSE(client.received(h.sink).empty());
}

TEST(OnlineLogin, TokensComeFromTheSeededRandomAndDiffer) {
  CoreHarness a(online_config());
  CoreHarness b(online_config());
  TestClient a5(5), a6(6), b5(5);
  auto first = start_login(a, a5, 5, "Alice");
  auto second = start_login(a, a6, 6, "Bob");
  auto again = start_login(b, b5, 5, "Alice");
  EXPECT_NE(first.verify_token, second.verify_token);
  EXPECT_EQ(first.verify_token, again.verify_token);  // same seed, same inputs: same token
}

TEST(OnlineLogin, EachRefusalHasVanillasText) {
  const std::pair<SessionOutcome, std::string> cases[] = {
      {SessionOutcome::kUnverified, "multiplayer.disconnect.unverified_username"},
      {SessionOutcome::kUnreachable, "multiplayer.disconnect.authservers_down"},
      {SessionOutcome::kBadHandshake, "Protocol error"}};
  CoreHarness h(online_config());
  ConnId conn = 10;
  for (const auto& [outcome, text] : cases) {
    TestClient client(conn);
    start_login(h, client, conn, "Steve");
    client.packet(packet::login_sb::EncryptionBegin{Bytes(128, 1), Bytes(128, 2)});
    h.iterate(0, {client.take()});
    h.sink.clear();
    h.iterate(0, {SessionAnswer{conn, outcome, 0, 0, "", {}}});
    auto reason = client.disconnect_text(h.sink);
    ASSERT_TRUE(reason.has_value()) << session_outcome_name(outcome);
    EXPECT_NE(reason->find(text), std::string::npos) << *reason;
    EXPECT_TRUE(client.closed(h.sink));
    ++conn;
  }
}

TEST(OnlineLogin, PacketsOutOfOrderAndStrayAnswersAreHandled) {
  CoreHarness h(online_config());
  // An encryption response before any request: refused.
  TestClient early(5);
  h.iterate(0, {ConnectionOpened{5, "192.0.2.9:40000"}});
  early.packet(packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2})
      .packet(packet::login_sb::EncryptionBegin{Bytes(128, 1), Bytes(128, 2)});
  h.sink.clear();
  h.iterate(0, {early.take()});
  EXPECT_TRUE(finish_effects(h.sink).empty());
  EXPECT_TRUE(early.closed(h.sink));

  // A login acknowledgement while the session server is being asked: refused.
  TestClient hasty(6);
  start_login(h, hasty, 6, "Steve");
  hasty.packet(packet::login_sb::EncryptionBegin{Bytes(128, 1), Bytes(128, 2)})
      .packet(packet::login_sb::LoginAcknowledged{});
  h.sink.clear();
  h.iterate(0, {hasty.take()});
  EXPECT_EQ(finish_effects(h.sink).size(), 1u);
  EXPECT_TRUE(hasty.closed(h.sink));

  // An answer for a connection that is gone or never asked changes nothing.
  h.sink.clear();
  h.iterate(0, {SessionAnswer{6, SessionOutcome::kVerified, 1, 2, "Steve", {}},
                SessionAnswer{99, SessionOutcome::kVerified, 1, 2, "Steve", {}}});
  for (const Effect& e : h.sink.effects) EXPECT_FALSE(std::holds_alternative<SendPacket>(e));
}

TEST(OnlineLogin, OfflineModeStillRefusesAnEncryptionResponse) {
  CoreHarness h;
  TestClient client(5);
  h.iterate(0, {ConnectionOpened{5, "192.0.2.9:40000"}});
  client.packet(packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2})
      .packet(packet::login_sb::LoginStart{"Steve", {}});
  h.iterate(0, {client.take()});
  client.packet(packet::login_sb::EncryptionBegin{Bytes(128, 1), Bytes(128, 2)});
  h.sink.clear();
  h.iterate(0, {client.take()});
  EXPECT_TRUE(finish_effects(h.sink).empty());
}

}  // namespace
}  // namespace hz
