// Operators, the whitelist and bans through the core: the commands' texts and effects, the login
// refusals in vanilla's order, and the list files written (read back with the decoders).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "sim/core/server_files.h"
#include "sim/data/catalog.h"
#include "sim/game/access/access_lists.h"
#include "sim/game/sessions.h"
#include "sim/game/access/list_files.h"
#include "tests/game/client_bytes.h"

namespace hz {
namespace {

using testing::CoreHarness;
using testing::packet_id_of;
using testing::TestClient;

CoreConfig config_with(std::string whitelist = "", std::string banned_players = "", std::string banned_ips = "",
                       std::string ops = "") {
  CoreConfig config;
  config.properties = testing::test_properties();
  config.world_seed = 12345;
  config.ops_json = std::move(ops);
  config.whitelist_json = std::move(whitelist);
  config.banned_players_json = std::move(banned_players);
  config.banned_ips_json = std::move(banned_ips);
  return config;
}

// The text of the last write of `file` to the server folder in the sink, if any.
std::optional<std::string> written(const EffectBuffer& sink, const std::string& file) {
  std::optional<std::string> text;
  for (const Effect& e : sink.effects)
    if (auto* w = std::get_if<StorageWrite>(&e); w && w->path == file && w->folder == StorageFolder::kServer)
      text = std::string(w->bytes.begin(), w->bytes.end());
  return text;
}

bool logged(const std::vector<std::string>& logs, const std::string& text) {
  for (const std::string& line : logs)
    if (line == text) return true;
  return false;
}

struct Login {
  TestClient client;
  bool joined = false;
  std::string refusal = {};  // the login disconnect's JSON when refused
};

// Logs `name` in from `address`; when the server accepts, runs configuration into play.
Login log_in(CoreHarness& h, ConnId conn, const std::string& name, const std::string& address = "127.0.0.1") {
  Login login{TestClient(conn)};
  h.iterate(0, {ConnectionOpened{conn, address + ":40000"}});
  login.client.packet(packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2})
      .packet(packet::login_sb::LoginStart{name, {}});
  h.sink.clear();
  h.iterate(0, {login.client.take()});
  auto got = login.client.received(h.sink);
  if (!got.empty() && packet_id_of(got[0]) == packet::login_cb::Disconnect::kId) {
    login.refusal = decode_packet<packet::login_cb::Disconnect>(got[0])->reason_json;
    return login;
  }
  login.client.set_compression(256);
  login.client.packet(packet::login_sb::LoginAcknowledged{});
  h.iterate(0, {login.client.take()});
  login.client.packet(packet::config_sb::Settings{}).packet(packet::config_sb::SelectKnownPacks{});
  h.iterate(0, {login.client.take()});
  login.client.packet(packet::config_sb::FinishConfiguration{});
  h.iterate(0, {login.client.take()});
  login.joined = h.core.find_player(name).has_value();
  return login;
}

// The reason of the play-state kick the client received, as NBT text.
std::string kick_reason(const TestClient& client, const EffectBuffer& sink) {
  for (const Bytes& body : client.received(sink))
    if (packet_id_of(body) == packet::play_cb::KickDisconnect::kId)
      return nbt::to_string(decode_packet<packet::play_cb::KickDisconnect>(body)->reason);
  return "";
}

TEST(Operators, OpAndDeopChangeThePlayersLevelAndOpsJson) {
  CoreHarness h(config_with());
  Login alice = log_in(h, 1, "Alice");
  ASSERT_TRUE(alice.joined);
  EXPECT_TRUE(logged(h.command("op Alice"), "Made Alice a server operator"));
  auto ops = decode_ops(*written(h.sink, "ops.json"), 0);
  ASSERT_TRUE(ops.ok());
  ASSERT_EQ(ops->size(), 1u);
  EXPECT_EQ(ops->at(offline_player_uuid("Alice")), (OpEntry{"Alice", 4, false}));
  EXPECT_EQ(h.core.sessions().player(1)->permission_level, 4);
  EXPECT_TRUE(logged(h.command("op Alice"), "Nothing changed. The player already is an operator"));

  EXPECT_TRUE(logged(h.command("deop Alice"), "Made Alice no longer a server operator"));
  EXPECT_EQ(*written(h.sink, "ops.json"), "[]");
  EXPECT_EQ(h.core.sessions().player(1)->permission_level, 0);
  EXPECT_TRUE(logged(h.command("deop Alice"), "Nothing changed. The player is not an operator"));
}

TEST(Operators, ANameNotOnlineGetsItsOfflineModeUuid) {
  CoreHarness h(config_with());
  EXPECT_TRUE(logged(h.command("op Zed"), "Made Zed a server operator"));
  auto ops = decode_ops(*written(h.sink, "ops.json"), 0);
  ASSERT_TRUE(ops.ok());
  EXPECT_TRUE(ops->contains(offline_player_uuid("Zed")));
  EXPECT_TRUE(logged(h.command("op way_too_long_a_name"), "That player does not exist"));
  EXPECT_TRUE(logged(h.command("whitelist add way_too_long_a_name"), "That player does not exist"));
}

TEST(Operators, WhitelistRefusesUnlistedPlayersUntilAdded) {
  CoreHarness h(config_with());
  EXPECT_TRUE(logged(h.command("whitelist on"), "Whitelist is now turned on"));
  EXPECT_EQ(written(h.sink, "server.properties"), "white-list=true\n");
  EXPECT_TRUE(logged(h.command("whitelist on"), "Whitelist is already turned on"));
  EXPECT_FALSE(written(h.sink, "server.properties").has_value());
  Login refused = log_in(h, 1, "Bob");
  EXPECT_FALSE(refused.joined);
  EXPECT_EQ(refused.refusal, R"({"translate":"multiplayer.disconnect.not_whitelisted"})");
  EXPECT_TRUE(refused.client.closed(h.sink));

  EXPECT_TRUE(logged(h.command("whitelist list"), "There are no whitelisted players"));
  EXPECT_TRUE(logged(h.command("whitelist add Bob"), "Added Bob to the whitelist"));
  EXPECT_TRUE(logged(h.command("whitelist add Bob"), "Player is already whitelisted"));
  h.command("whitelist add Carol");
  auto whitelist = decode_whitelist(*written(h.sink, "whitelist.json"));
  ASSERT_TRUE(whitelist.ok());
  EXPECT_EQ(whitelist->size(), 2u);
  EXPECT_EQ(whitelist->at(offline_player_uuid("Bob")), "Bob");
  auto list = h.command("whitelist list");
  ASSERT_FALSE(list.empty());
  EXPECT_TRUE(list.back() == "There are 2 whitelisted player(s): Bob, Carol" ||
              list.back() == "There are 2 whitelisted player(s): Carol, Bob")
      << list.back();

  EXPECT_TRUE(log_in(h, 2, "Bob").joined);
  EXPECT_TRUE(logged(h.command("whitelist remove Carol"), "Removed Carol from the whitelist"));
  EXPECT_TRUE(logged(h.command("whitelist remove Carol"), "Player is not whitelisted"));
  EXPECT_TRUE(logged(h.command("whitelist off"), "Whitelist is now turned off"));
  EXPECT_TRUE(logged(h.command("whitelist off"), "Whitelist is already turned off"));
  EXPECT_TRUE(log_in(h, 3, "Dave").joined);
}

TEST(Operators, OperatorsPassTheWhitelist) {
  CoreHarness h(config_with());
  h.command("whitelist on");
  h.command("op Olga");
  EXPECT_TRUE(log_in(h, 1, "Olga").joined);
}

TEST(Operators, BanKicksTheOnlinePlayerRefusesTheRejoinAndPardonLetsBack) {
  CoreHarness h(config_with());
  Login alice = log_in(h, 1, "Alice");
  ASSERT_TRUE(alice.joined);
  h.clock.wall = 1'764'617'400'000;  // 2025-12-01 19:30:00 UTC
  auto logs = h.command("ban Alice griefing the spawn");
  EXPECT_TRUE(logged(logs, "Banned Alice: griefing the spawn"));
  EXPECT_NE(kick_reason(alice.client, h.sink).find("multiplayer.disconnect.banned"), std::string::npos);
  EXPECT_TRUE(alice.client.closed(h.sink));
  auto bans = decode_player_bans(*written(h.sink, "banned-players.json"), "");
  ASSERT_TRUE(bans.ok());
  const PlayerBan& ban = bans->at(offline_player_uuid("Alice"));
  EXPECT_EQ(ban.name, "Alice");
  EXPECT_EQ(ban.details, (BanDetails{"2025-12-01 19:30:00 +0000", "Server", "forever", "griefing the spawn"}));

  Login again = log_in(h, 2, "Alice");
  EXPECT_FALSE(again.joined);
  EXPECT_EQ(again.refusal,
            R"({"translate":"multiplayer.disconnect.banned.reason","with":["griefing the spawn"]})");
  EXPECT_TRUE(logged(h.command("ban Alice"), "Nothing changed. The player is already banned"));

  EXPECT_TRUE(logged(h.command("pardon Alice"), "Unbanned Alice"));
  EXPECT_EQ(*written(h.sink, "banned-players.json"), "[]");
  EXPECT_TRUE(logged(h.command("pardon Alice"), "Nothing changed. The player isn't banned"));
  EXPECT_TRUE(log_in(h, 3, "Alice").joined);
}

TEST(Operators, BanWithoutReasonUsesVanillasDefault) {
  CoreHarness h(config_with());
  EXPECT_TRUE(logged(h.command("ban Mallory"), "Banned Mallory: Banned by an operator."));
  Login refused = log_in(h, 1, "Mallory");
  EXPECT_EQ(refused.refusal,
            R"({"translate":"multiplayer.disconnect.banned.reason","with":["Banned by an operator."]})");
}

TEST(Operators, BanIpKicksEveryoneOnTheAddressAndRefusesIt) {
  CoreHarness h(config_with());
  Login alice = log_in(h, 1, "Alice", "10.0.0.7");
  Login bob = log_in(h, 2, "Bob", "10.0.0.8");
  auto logs = h.command("ban-ip Alice");
  EXPECT_TRUE(logged(logs, "Banned IP 10.0.0.7: Banned by an operator."));
  EXPECT_TRUE(logged(logs, "This ban affects 1 player(s): Alice"));
  EXPECT_NE(kick_reason(alice.client, h.sink).find("multiplayer.disconnect.ip_banned"), std::string::npos);
  EXPECT_FALSE(bob.client.closed(h.sink));
  auto ips = decode_ip_bans(*written(h.sink, "banned-ips.json"), "");
  ASSERT_TRUE(ips.ok());
  EXPECT_EQ(ips->at("10.0.0.7").source, "Server");

  Login carol = log_in(h, 3, "Carol", "10.0.0.7");
  EXPECT_EQ(carol.refusal,
            R"({"translate":"multiplayer.disconnect.banned_ip.reason","with":["Banned by an operator."]})");
  EXPECT_TRUE(logged(h.command("ban-ip 10.0.0.7"), "Nothing changed. That IP is already banned"));
  EXPECT_TRUE(logged(h.command("ban-ip nobody"), "Invalid IP address or unknown player"));
  EXPECT_TRUE(logged(h.command("pardon-ip 10.0.0.300"), "Invalid IP address"));
  EXPECT_TRUE(logged(h.command("pardon-ip 10.0.0.7"), "Unbanned IP 10.0.0.7"));
  EXPECT_TRUE(logged(h.command("pardon-ip 10.0.0.7"), "Nothing changed. That IP isn't banned"));
  EXPECT_TRUE(log_in(h, 4, "Carol", "10.0.0.7").joined);
}

TEST(Operators, LoginRefusalsComeInVanillasOrder) {
  ServerProperties props = testing::test_properties();
  props.max_players = 1;
  CoreConfig config = config_with();
  config.properties = props;
  CoreHarness h(config);
  ASSERT_TRUE(log_in(h, 1, "Alice", "10.0.0.1").joined);
  h.command("whitelist on");
  h.command("whitelist add Alice");
  h.command("ban Eve");
  h.command("ban-ip 10.0.0.9");
  // Banned, not whitelisted, IP banned and the server full: the ban is named first.
  EXPECT_NE(log_in(h, 2, "Eve", "10.0.0.9").refusal.find("multiplayer.disconnect.banned.reason"), std::string::npos);
  h.command("pardon Eve");
  EXPECT_NE(log_in(h, 3, "Eve", "10.0.0.9").refusal.find("not_whitelisted"), std::string::npos);
  h.command("whitelist add Eve");
  EXPECT_NE(log_in(h, 4, "Eve", "10.0.0.9").refusal.find("banned_ip.reason"), std::string::npos);
  h.command("pardon-ip 10.0.0.9");
  EXPECT_EQ(log_in(h, 5, "Eve", "10.0.0.9").refusal, R"({"translate":"multiplayer.disconnect.server_full"})");
}

TEST(Operators, AnOperatorWhoBypassesTheLimitJoinsAFullServer) {
  CoreConfig config = config_with(
      "", "", "", R"([{"uuid":")" + offline_player_uuid("Vip").to_string() + R"(","name":"Vip","level":4,"bypassesPlayerLimit":true}])");
  config.properties.max_players = 1;
  CoreHarness h(config);
  ASSERT_TRUE(log_in(h, 1, "Alice").joined);
  EXPECT_EQ(log_in(h, 2, "Bob").refusal, R"({"translate":"multiplayer.disconnect.server_full"})");
  EXPECT_TRUE(log_in(h, 3, "Vip").joined);
}

TEST(Operators, ABanFromTheFileExpiresAndAFutureExpiryIsShown) {
  const std::string alice = offline_player_uuid("Alice").to_string();
  const std::string bob = offline_player_uuid("Bob").to_string();
  CoreHarness h(config_with(
      "",
      R"([{"uuid":")" + alice + R"(","name":"Alice","created":"2025-01-01 00:00:00 +0000","source":"Server","expires":"2025-06-01 00:00:00 +0000","reason":"cooling off"},)" +
          R"({"uuid":")" + bob + R"(","name":"Bob","created":"2025-01-01 00:00:00 +0000","source":"Server","expires":"2026-01-02 03:04:05 +0100","reason":"later"}])"));
  h.clock.wall = 1'764'617'400'000;  // 2025-12-01: Alice's ban has run out, Bob's has not
  EXPECT_TRUE(log_in(h, 1, "Alice").joined);
  EXPECT_EQ(log_in(h, 2, "Bob").refusal,
            R"({"translate":"multiplayer.disconnect.banned.reason","with":["later"],"extra":[{"translate":)"
            R"("multiplayer.disconnect.banned.expiration","with":["2026-01-02 at 02:04:05 UTC"]}]})");
}

TEST(Operators, StartWritesTheBanListsAndOpsAndAMissingWhitelist) {
  testing::LoopClock clock;
  EffectBuffer sink;
  Core core(config_with(), clock, sink);
  core.start();
  EXPECT_EQ(written(sink, "banned-players.json"), "[]");
  EXPECT_EQ(written(sink, "banned-ips.json"), "[]");
  EXPECT_EQ(written(sink, "ops.json"), "[]");
  EXPECT_EQ(written(sink, "whitelist.json"), "[]");

  EffectBuffer kept_sink;
  Core kept(config_with(R"([{"uuid":"3f0ca0c8-9f16-3b87-92fb-b626b9a1bb99","name":"Probe"}])"), clock, kept_sink);
  kept.start();
  EXPECT_FALSE(written(kept_sink, "whitelist.json").has_value());  // vanilla writes it only when absent
}

TEST(Operators, AnUnreadableListIsLoggedLeftOnDiskAndEmpty) {
  testing::LoopClock clock;
  EffectBuffer sink;
  Core core(config_with("", "[{\"uuid\": oops", "", ""), clock, sink);
  core.start();
  bool warned = false;
  for (const std::string& line : sink.logs())
    warned |= line.starts_with("Failed to load user banlist: banned-players.json: ");
  EXPECT_TRUE(warned);
  EXPECT_FALSE(written(sink, "banned-players.json").has_value());
  EXPECT_TRUE(core.access_lists().player_bans().empty());
}

TEST(Operators, WhitelistReloadReadsTheFileAndKicksWhomItNoLongerLists) {
  CoreConfig config = config_with(R"([{"uuid":")" + offline_player_uuid("Alice").to_string() + R"(","name":"Alice"}])");
  config.properties.white_list = true;
  config.properties.enforce_whitelist = true;
  CoreHarness h(config);
  Login alice = log_in(h, 1, "Alice");
  ASSERT_TRUE(alice.joined);
  h.command("whitelist reload");
  std::optional<SubmitJob> read;
  for (const Effect& e : h.sink.effects)
    if (auto* job = std::get_if<SubmitJob>(&e); job && job->kind == kServerFileReadJobKind) read = *job;
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(std::string(read->request.begin(), read->request.end()), "whitelist.json");
  h.sink.clear();
  h.iterate(0, {JobCompleted{read->job, encode_server_file_result(R"([{"uuid":")" +
                                                                  offline_player_uuid("Bob").to_string() +
                                                                  R"(","name":"Bob"}])")}});
  EXPECT_TRUE(logged(h.sink.logs(), "Reloaded the whitelist"));
  EXPECT_NE(kick_reason(alice.client, h.sink).find("multiplayer.disconnect.not_whitelisted"), std::string::npos);
  EXPECT_TRUE(h.core.access_lists().whitelist().contains(offline_player_uuid("Bob")));
}

// The reads of whitelist.json in flight are data: who asked is kept, so RCON's reply (sent when
// the command ran) is never written to afterwards, and a snapshot taken meanwhile carries them.
std::optional<SubmitJob> whitelist_read(const EffectBuffer& sink) {
  std::optional<SubmitJob> read;
  for (const Effect& e : sink.effects)
    if (auto* job = std::get_if<SubmitJob>(&e); job && job->kind == kServerFileReadJobKind) read = *job;
  return read;
}

TEST(Operators, AWhitelistReloadAskedOverRconIsAnsweredInTheLog) {
  CoreHarness h(config_with());
  h.iterate(0, {ConsoleLine{"whitelist reload", 9}});
  std::optional<SubmitJob> read = whitelist_read(h.sink);
  ASSERT_TRUE(read.has_value());
  h.sink.clear();
  h.iterate(0, {JobCompleted{read->job, encode_server_file_result("[]")}});
  EXPECT_TRUE(logged(h.sink.logs(), "Reloaded the whitelist"));
}

TEST(Operators, AWhitelistReadInFlightTravelsInASnapshot) {
  CoreHarness a(config_with());
  a.command("whitelist reload");
  std::optional<SubmitJob> read = whitelist_read(a.sink);
  ASSERT_TRUE(read.has_value());
  CoreHarness b(config_with());
  ASSERT_TRUE(b.core.read_snapshot_parts(a.core.write_snapshot_parts()));
  b.sink.clear();
  b.iterate(0, {JobCompleted{read->job, encode_server_file_result(R"([{"uuid":")" +
                                                               offline_player_uuid("Bob").to_string() +
                                                               R"(","name":"Bob"}])")}});
  EXPECT_TRUE(logged(b.sink.logs(), "Reloaded the whitelist"));
  EXPECT_TRUE(b.core.access_lists().whitelist().contains(offline_player_uuid("Bob")));
}

TEST(Operators, WhitelistOnWithoutEnforceKeepsPlayersOnline) {
  CoreHarness h(config_with());
  Login alice = log_in(h, 1, "Alice");
  h.command("whitelist on");
  EXPECT_FALSE(alice.client.closed(h.sink));
}

TEST(Operators, BanlistShowsPlayersThenIps) {
  CoreHarness h(config_with());
  EXPECT_TRUE(logged(h.command("banlist"), "There are no bans"));
  h.command("ban Eve cheating");
  h.command("ban-ip 10.1.2.3");
  auto logs = h.command("banlist");
  ASSERT_GE(logs.size(), 3u);
  EXPECT_EQ(logs[logs.size() - 3], "There are 2 ban(s):");
  EXPECT_EQ(logs[logs.size() - 2], "Eve was banned by Server: cheating");
  EXPECT_EQ(logs[logs.size() - 1], "10.1.2.3 was banned by Server: Banned by an operator.");
  EXPECT_TRUE(logged(h.command("banlist ips"), "There are 1 ban(s):"));
  EXPECT_TRUE(logged(h.command("banlist players"), "Eve was banned by Server: cheating"));
}

TEST(Operators, KickDisconnectsWithVanillasTextOrTheGivenReason) {
  CoreHarness h(config_with());
  Login alice = log_in(h, 1, "Alice");
  Login bob = log_in(h, 2, "Bob");
  EXPECT_TRUE(logged(h.command("kick Alice"), "Kicked Alice: Kicked by an operator"));
  EXPECT_NE(kick_reason(alice.client, h.sink).find("multiplayer.disconnect.kicked"), std::string::npos);
  EXPECT_TRUE(logged(h.command("kick Bob go to bed"), "Kicked Bob: go to bed"));
  EXPECT_NE(kick_reason(bob.client, h.sink).find("go to bed"), std::string::npos);
  EXPECT_TRUE(logged(h.command("kick Nobody"), "No player was found"));
}

TEST(Operators, PlayersWithoutTheLevelCannotBan) {
  CoreHarness h(config_with());
  Login alice = log_in(h, 1, "Alice");
  alice.client.packet(packet::play_sb::ChatCommand{"ban Bob"});
  h.sink.clear();
  h.iterate(0, {alice.client.take()});
  EXPECT_FALSE(written(h.sink, "banned-players.json").has_value());
}

// Runs passes until `ticks` ticks have run; true if any of them wrote level.dat.
bool level_saved_within(CoreHarness& h, int ticks) {
  bool saved = false;
  for (int i = 0; i < ticks; ++i) {
    h.sink.clear();
    h.iterate(0, {});
    for (const Effect& e : h.sink.effects)
      if (auto* w = std::get_if<StorageWrite>(&e); w && w->path == "level.dat") saved = true;
  }
  return saved;
}

TEST(Operators, SaveOffStopsAutosavesAndSaveOnResumesThem) {
  CoreHarness h(config_with());
  EXPECT_TRUE(logged(h.command("save-off"), "Automatic saving is now disabled"));
  EXPECT_TRUE(logged(h.command("save-off"), "Saving is already turned off"));
  EXPECT_FALSE(level_saved_within(h, Core::kAutosaveIntervalTicks + 10));
  EXPECT_TRUE(logged(h.command("save-on"), "Automatic saving is now enabled"));
  EXPECT_TRUE(logged(h.command("save-on"), "Saving is already turned on"));
  EXPECT_TRUE(level_saved_within(h, Core::kAutosaveIntervalTicks + 10));
}

// Vanilla's (int) cast saturates: while a sprint has measured no tick yet its rate is 1e9 ticks a
// second, the interval Integer.MAX_VALUE, which does not bring the next autosave forward.
TEST(Operators, ARateChangeAtTheStartOfASprintDoesNotBringTheAutosaveForward) {
  CoreHarness h(config_with());
  h.command("tick sprint 1000");
  h.command("tick rate 30");
  EXPECT_FALSE(level_saved_within(h, 200));
}

TEST(Operators, SaveAllStillSavesWhileSavingIsOff) {
  CoreHarness h(config_with());
  h.command("save-off");
  h.command("save-all");
  bool saved = false;
  for (const Effect& e : h.sink.effects)
    if (auto* w = std::get_if<StorageWrite>(&e); w && w->path == "level.dat") saved = true;
  EXPECT_TRUE(saved);
}

TEST(Operators, ListChangesReachTheStateHash) {
  CoreHarness a(config_with()), b(config_with());
  a.command("say hi");
  b.command("whitelist add Bob");
  EXPECT_NE(a.core.state_hash(), b.core.state_hash());
}

TEST(ListFiles, GsonWritesVanillasLayoutAndEscapes) {
  OpEntries ops;
  ops[offline_player_uuid("Probe")] = OpEntry{"Probe", 4, false};
  EXPECT_EQ(encode_ops(ops),
            "[\n  {\n    \"uuid\": \"3f0ca0c8-9f16-3b87-92fb-b626b9a1bb99\",\n    \"name\": \"Probe\",\n"
            "    \"level\": 4,\n    \"bypassesPlayerLimit\": false\n  }\n]");
  EXPECT_EQ(gson_string("a<b>&'=\"\\\n\x01"), R"("a\u003cb\u003e\u0026\u0027\u003d\"\\\n\u0001")");
}

TEST(ListFiles, BanDatesFormatAndParseLikeVanillas) {
  EXPECT_EQ(format_ban_date(0), "1970-01-01 00:00:00 +0000");
  EXPECT_EQ(format_ban_date(1'764'617'400'000), "2025-12-01 19:30:00 +0000");
  EXPECT_EQ(parse_ban_date("2025-12-01 20:30:00 +0100"), 1'764'617'400'000);
  EXPECT_EQ(parse_ban_date("forever"), std::nullopt);
  EXPECT_EQ(parse_ban_date("2025-13-01 20:30:00 +0100"), std::nullopt);
}

TEST(ListFiles, ErrorsNameTheFile) {
  EXPECT_NE(decode_whitelist("{}").error().find("whitelist.json"), std::string::npos);
  EXPECT_NE(decode_ip_bans("[1]", "").error().find("banned-ips.json"), std::string::npos);
  EXPECT_TRUE(decode_ops("  \n", 4).ok());  // an empty file is an empty list, as Gson reads it
}

TEST(ListFiles, AddressesAndIpv4Pattern) {
  EXPECT_EQ(address_without_port("10.0.0.7:40000"), "10.0.0.7");
  EXPECT_EQ(address_without_port("::1:40000"), "::1");
  EXPECT_TRUE(is_ipv4_address("255.0.09.1"));
  EXPECT_FALSE(is_ipv4_address("256.0.0.1"));
  EXPECT_FALSE(is_ipv4_address("1.2.3"));
  EXPECT_FALSE(is_ipv4_address("1.2.3.4.5"));
  EXPECT_FALSE(is_ipv4_address("1.2.3.4."));
  EXPECT_TRUE(is_ip_address("::1"));
  EXPECT_TRUE(is_ip_address("2001:db8::8a2e:370:7334"));
  EXPECT_TRUE(is_ip_address("::ffff:10.0.0.1"));
  EXPECT_TRUE(is_ip_address("1:2:3:4:5:6:7:8"));
  EXPECT_FALSE(is_ip_address("1:2:3:4:5:6:7:8:9"));
  EXPECT_FALSE(is_ip_address("1::2::3"));
  EXPECT_FALSE(is_ip_address("nobody"));
}

// Printable text with the characters Gson escapes mixed in.
rc::Gen<std::string> list_text() {
  return rc::gen::container<std::string>(rc::gen::oneOf(rc::gen::inRange<char>(' ', '~'),
                                                         rc::gen::element('<', '>', '&', '=', '\'', '"', '\\', '\n')));
}

rc::Gen<Uuid> uuid() {
  return rc::gen::apply([](uint64_t most, uint64_t least) { return Uuid{most, least}; }, rc::gen::arbitrary<uint64_t>(),
                        rc::gen::arbitrary<uint64_t>());
}

rc::Gen<std::string> ban_date() {
  return rc::gen::map(rc::gen::inRange<int64_t>(0, 4'102'444'800'000),
                      [](int64_t millis) { return format_ban_date(millis / 1000 * 1000); });
}

rc::Gen<BanDetails> ban_details() {
  return rc::gen::apply(
      [](std::string created, std::string source, rc::Maybe<std::string> expires, std::string reason) {
        return BanDetails{created, source, expires ? *expires : std::string("forever"), reason};
      },
      ban_date(), list_text(), rc::gen::maybe(ban_date()), list_text());
}

RC_GTEST_PROP(ListFiles, EveryListReadsBackWhatWasWritten, ()) {
  OpEntries ops;
  WhitelistEntries whitelist;
  PlayerBanEntries bans;
  IpBanEntries ips;
  const int n = *rc::gen::inRange(0, 5);
  for (int i = 0; i < n; ++i) {
    const Uuid id = *uuid();
    ops[id] = OpEntry{*list_text(), *rc::gen::inRange(0, 5), *rc::gen::arbitrary<bool>()};
    whitelist[id] = *list_text();
    bans[id] = PlayerBan{*list_text(), *ban_details()};
    ips[*list_text()] = *ban_details();
  }
  RC_ASSERT(*decode_ops(encode_ops(ops), 4) == ops);
  RC_ASSERT(*decode_whitelist(encode_whitelist(whitelist)) == whitelist);
  RC_ASSERT(*decode_player_bans(encode_player_bans(bans), "") == bans);
  RC_ASSERT(*decode_ip_bans(encode_ip_bans(ips), "") == ips);
}

}  // namespace
}  // namespace hz
