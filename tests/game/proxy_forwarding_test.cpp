// Proxy forwarding (docs/operations.md): the HMAC against RFC 4231's vector, Velocity answers
// built by hand and checked (good, tampered, wrong secret, unknown version), BungeeCord hosts
// with and without BungeeGuard's token, and logins through the core in both modes.
#include <gtest/gtest.h>

#include "sim/data/catalog.h"
#include "sim/game/access/proxy_forwarding.h"
#include "sim/game/player_identity.h"
#include "sim/game/sessions.h"
#include "tests/game/client_bytes.h"

namespace hz {
namespace {

using testing::CoreHarness;
using testing::packet_id_of;
using testing::TestClient;

constexpr std::string_view kSecret = "forwarding-secret";
const Uuid kForwardedUuid{0x0123456789abcdefull, 0xfedcba9876543210ull};

std::string hex(std::span<const uint8_t> bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  for (uint8_t b : bytes) out += kDigits[b >> 4], out += kDigits[b & 15];
  return out;
}

// Velocity's answer written field by field, the way the proxy writes it: signature, then the
// version, address, profile id, name and properties.
Bytes velocity_answer(std::string_view secret, int version = 4, const std::string& name = "Steve") {
  ByteWriter payload;
  payload.varint(version);
  payload.string("203.0.113.7");
  payload.uuid(kForwardedUuid);
  payload.string(name);
  payload.varint(1);
  payload.string("textures");
  payload.string("e30=");
  payload.boolean(true);
  payload.string("c2lnbmF0dXJl");
  Bytes body = payload.take();
  const auto signature = velocity::sign(secret, body);
  body.insert(body.begin(), signature.begin(), signature.end());
  return body;
}

TEST(VelocityForwarding, SignIsHmacSha256) {
  const std::string data = "what do ya want for nothing?";  // RFC 4231, test case 2
  const auto mac = velocity::sign("Jefe", std::span(reinterpret_cast<const uint8_t*>(data.data()), data.size()));
  EXPECT_EQ(hex(mac), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
}

TEST(VelocityForwarding, ASignedAnswerGivesTheForwardedPlayer) {
  auto player = velocity::read_answer(velocity_answer(kSecret), kSecret);
  ASSERT_TRUE(player.ok()) << player.error();
  EXPECT_EQ(player->address, "203.0.113.7");
  EXPECT_EQ(player->uuid, kForwardedUuid);
  EXPECT_EQ(player->name, "Steve");
  ASSERT_EQ(player->properties.size(), 1u);
  EXPECT_EQ(player->properties[0].name, "textures");
  EXPECT_EQ(player->properties[0].value, "e30=");
  EXPECT_EQ(player->properties[0].signature, std::optional<std::string>("c2lnbmF0dXJl"));
  EXPECT_EQ(velocity::request_data(), Bytes{4});
}

TEST(VelocityForwarding, EveryChangedByteOrAnotherSecretIsRefused) {
  const Bytes good = velocity_answer(kSecret);
  for (size_t i = 0; i < good.size(); ++i) {
    Bytes bad = good;
    bad[i] ^= 0x01;
    auto read = velocity::read_answer(bad, kSecret);
    ASSERT_FALSE(read.ok()) << "byte " << i;
    EXPECT_EQ(read.error(), velocity::kBadSignature);
  }
  EXPECT_FALSE(velocity::read_answer(good, "another-secret").ok());
  EXPECT_FALSE(velocity::read_answer(Bytes(good.begin(), good.begin() + 31), kSecret).ok());
  auto future = velocity::read_answer(velocity_answer(kSecret, 5), kSecret);
  ASSERT_FALSE(future.ok());
  EXPECT_EQ(future.error(), "Unsupported forwarding version 5, wanted up to 4");
}

std::string bungee_host(const std::string& properties_json) {
  std::string host = "mc.example.org";
  host += '\0';
  host += "198.51.100.20";
  host += '\0';
  host += "0123456789abcdeffedcba9876543210";
  if (!properties_json.empty()) host += '\0' + properties_json;
  return host;
}

TEST(BungeeCordForwarding, TheHandshakeHostCarriesAddressIdAndProperties) {
  auto player = bungeecord::read_handshake_host(
      bungee_host(R"([{"name":"textures","value":"e30=","signature":"c2ln"}])"), "");
  ASSERT_TRUE(player.ok()) << player.error();
  EXPECT_EQ(player->address, "198.51.100.20");
  EXPECT_EQ(player->uuid, kForwardedUuid);
  ASSERT_EQ(player->properties.size(), 1u);
  EXPECT_EQ(player->properties[0].signature, std::optional<std::string>("c2ln"));
  EXPECT_TRUE(bungeecord::read_handshake_host(bungee_host(""), "").ok());
  auto plain = bungeecord::read_handshake_host("mc.example.org", "");
  ASSERT_FALSE(plain.ok());
  EXPECT_EQ(plain.error(), bungeecord::kNotForwarded);
  EXPECT_FALSE(bungeecord::read_handshake_host(bungee_host("not json"), "").ok());
}

TEST(BungeeCordForwarding, BungeeGuardNeedsExactlyTheTokenAndDropsIt) {
  const std::string with_token =
      bungee_host(R"([{"name":"textures","value":"e30="},{"name":"bungeeguard-token","value":"s3cret"}])");
  auto player = bungeecord::read_handshake_host(with_token, "s3cret");
  ASSERT_TRUE(player.ok()) << player.error();
  ASSERT_EQ(player->properties.size(), 1u);
  EXPECT_EQ(player->properties[0].name, "textures");
  EXPECT_FALSE(bungeecord::read_handshake_host(with_token, "other").ok());
  EXPECT_FALSE(bungeecord::read_handshake_host(bungee_host(""), "s3cret").ok());
  EXPECT_EQ(bungeecord::read_handshake_host(bungee_host(""), "s3cret").error(), bungeecord::kBadToken);
}

TEST(ForwardedAddress, ReplacesTheProxysAddressAndKeepsThePort) {
  EXPECT_EQ(with_forwarded_address("127.0.0.1:50123", "203.0.113.7"), "203.0.113.7:50123");
  EXPECT_EQ(with_forwarded_address("127.0.0.1:50123", "2001:db8::1"), "[2001:db8::1]:50123");
}

// --- logins through the core ---


TEST(VelocityLogin, TheServerAsksTheProxyAndLogsInTheForwardedPlayer) {
  ServerProperties props = testing::test_properties();
  props.proxy_forwarding = ProxyForwarding::kVelocity;
  props.proxy_secret = std::string(kSecret);
  CoreHarness h(props);
  TestClient client(5);
  h.iterate(0, {ConnectionOpened{5, "127.0.0.1:40000"}});
  client.packet(packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2})
      .packet(packet::login_sb::LoginStart{"Steve", {}});
  h.sink.clear();
  h.iterate(0, {client.take()});
  auto got = client.received(h.sink);
  ASSERT_EQ(got.size(), 1u);
  auto request = decode_packet<packet::login_cb::LoginPluginRequest>(got[0]);
  ASSERT_TRUE(request.ok()) << request.error();
  EXPECT_EQ(request->channel, "velocity:player_info");
  EXPECT_EQ(request->data, Bytes{4});
  client.packet(packet::login_sb::LoginPluginResponse{request->message_id, velocity_answer(kSecret)});
  h.sink.clear();
  h.iterate(0, {client.take()});
  std::optional<packet::login_cb::Success> success;
  for (const Bytes& body : client.received(h.sink))
    if (auto s = decode_packet<packet::login_cb::Success>(body)) success = *s;
  ASSERT_TRUE(success.has_value());
  EXPECT_EQ(success->uuid, kForwardedUuid);
  EXPECT_EQ(success->username, "Steve");
  ASSERT_EQ(success->properties.size(), 1u);
  EXPECT_EQ(success->properties[0].name, "textures");
  EXPECT_EQ(h.core.sessions().player_address(5), "203.0.113.7");
}

TEST(VelocityLogin, NoAnswerOrABadSignatureIsRefusedWithItsReason) {
  ServerProperties props = testing::test_properties();
  props.proxy_forwarding = ProxyForwarding::kVelocity;
  props.proxy_secret = std::string(kSecret);
  CoreHarness h(props);
  const std::pair<std::optional<Bytes>, std::string_view> cases[] = {
      {std::nullopt, velocity::kNotFromVelocity}, {velocity_answer("wrong"), velocity::kBadSignature}};
  ConnId conn = 10;
  for (const auto& [answer, reason] : cases) {
    TestClient client(conn);
    h.iterate(0, {ConnectionOpened{conn, "127.0.0.1:40000"}});
    client.packet(packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2})
        .packet(packet::login_sb::LoginStart{"Steve", {}})
        .packet(packet::login_sb::LoginPluginResponse{0, answer});
    h.sink.clear();
    h.iterate(0, {client.take()});
    auto text = client.disconnect_text(h.sink);
    ASSERT_TRUE(text.has_value());
    EXPECT_NE(text->find(std::string(reason)), std::string::npos) << *text;
    EXPECT_TRUE(client.closed(h.sink));
    ++conn;
  }
}

TEST(BungeeCordLogin, TheForwardedIdAndAddressAreUsedAndAPlainHandshakeIsRefused) {
  ServerProperties props = testing::test_properties();
  props.proxy_forwarding = ProxyForwarding::kBungeeCord;
  CoreHarness h(props);
  TestClient forwarded(5);
  h.iterate(0, {ConnectionOpened{5, "127.0.0.1:40000"}});
  forwarded.packet(packet::handshake_sb::SetProtocol{kProtocolVersion, bungee_host(""), 25565, 2})
      .packet(packet::login_sb::LoginStart{"Alex", {}});
  h.sink.clear();
  h.iterate(0, {forwarded.take()});
  std::optional<packet::login_cb::Success> success;
  for (const Bytes& body : forwarded.received(h.sink))
    if (auto s = decode_packet<packet::login_cb::Success>(body)) success = *s;
  ASSERT_TRUE(success.has_value());
  EXPECT_EQ(success->uuid, kForwardedUuid);
  EXPECT_NE(success->uuid, offline_player_uuid("Alex"));
  EXPECT_EQ(h.core.sessions().player_address(5), "198.51.100.20");

  TestClient direct(6);
  h.iterate(0, {ConnectionOpened{6, "127.0.0.1:40001"}});
  direct.packet(packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2})
      .packet(packet::login_sb::LoginStart{"Mallory", {}});
  h.sink.clear();
  h.iterate(0, {direct.take()});
  auto text = direct.disconnect_text(h.sink);
  ASSERT_TRUE(text.has_value());
  EXPECT_NE(text->find("please enable it in your BungeeCord config"), std::string::npos) << *text;
}

TEST(ProxyForwardingProperties, TheKeyTakesThreeValuesAndNamesABadOne) {
  auto r = parse_server_properties("horizon-proxy-forwarding=velocity\nhorizon-proxy-secret=abc\n");
  ASSERT_TRUE(r.properties.has_value());
  EXPECT_EQ(r.properties->proxy_forwarding, ProxyForwarding::kVelocity);
  EXPECT_EQ(r.properties->proxy_secret, "abc");
  auto bad = parse_server_properties("horizon-proxy-forwarding=waterfall\n");
  ASSERT_TRUE(bad.error.has_value());
  EXPECT_EQ(bad.error->key, "horizon-proxy-forwarding");
  EXPECT_EQ(bad.error->value, "waterfall");
}

}  // namespace
}  // namespace hz
