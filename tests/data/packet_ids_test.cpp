// Packet ids against the protocol spec (join sequence ids) and the id <-> name lookup.
#include "sim/data/packet_ids.h"

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "tests/data/spec_files.h"

namespace hz {
namespace {

TEST(PacketIds, JoinSequenceIdsMatchTheSpec) {
  EXPECT_EQ(packet_id::handshake_sb::set_protocol, 0x00);
  EXPECT_EQ(packet_id::login_cb::compress, 0x03);
  EXPECT_EQ(packet_id::login_cb::success, 0x02);
  EXPECT_EQ(packet_id::login_sb::login_acknowledged, 0x03);
  EXPECT_EQ(packet_id::config_cb::custom_payload, 0x01);
  EXPECT_EQ(packet_id::config_cb::feature_flags, 0x0c);
  EXPECT_EQ(packet_id::config_cb::select_known_packs, 0x0e);
  EXPECT_EQ(packet_id::config_cb::registry_data, 0x07);
  EXPECT_EQ(packet_id::config_cb::tags, 0x0d);
  EXPECT_EQ(packet_id::config_cb::finish_configuration, 0x03);
  EXPECT_EQ(packet_id::config_cb::code_of_conduct, 0x13);
  EXPECT_EQ(packet_id::config_sb::select_known_packs, 0x07);
  EXPECT_EQ(packet_id::config_sb::settings, 0x00);
  EXPECT_EQ(packet_id::play_cb::login, 0x31);
  EXPECT_EQ(packet_id::play_cb::position, 0x48);
  EXPECT_EQ(packet_id::play_cb::map_chunk, 0x2d);
}

TEST(PacketIds, NamesRoundTripAndUnknownIdsAreEmpty) {
  EXPECT_EQ(packet_name(ProtocolState::kPlay, Direction::kClientbound, packet_id::play_cb::map_chunk), "map_chunk");
  EXPECT_EQ(packet_name(ProtocolState::kConfiguration, Direction::kServerbound, 0x07), "select_known_packs");
  EXPECT_EQ(packet_name(ProtocolState::kHandshake, Direction::kClientbound, 0), "");
  EXPECT_EQ(packet_name(ProtocolState::kPlay, Direction::kServerbound, -1), "");
  const int32_t play_cb = packet_count(ProtocolState::kPlay, Direction::kClientbound);
  EXPECT_EQ(packet_name(ProtocolState::kPlay, Direction::kClientbound, play_cb), "");
}

TEST(PacketIds, EveryIdBelowTheCountHasAUniqueName) {
  for (auto state : {ProtocolState::kHandshake, ProtocolState::kStatus, ProtocolState::kLogin,
                     ProtocolState::kConfiguration, ProtocolState::kPlay}) {
    for (auto direction : {Direction::kServerbound, Direction::kClientbound}) {
      std::set<std::string> seen;
      for (int32_t id = 0; id < packet_count(state, direction); ++id) {
        const std::string name(packet_name(state, direction, id));
        EXPECT_FALSE(name.empty()) << state_name(state) << " " << id;
        EXPECT_TRUE(seen.insert(name).second) << "duplicate " << name;
      }
    }
  }
  EXPECT_EQ(packet_count(ProtocolState::kHandshake, Direction::kServerbound), 1);
  EXPECT_EQ(packet_count(ProtocolState::kHandshake, Direction::kClientbound), 0);
  EXPECT_STREQ(state_name(ProtocolState::kConfiguration), "configuration");
}

TEST(PacketIds, EveryIdMatchesTheSpecIdFile) {
  const auto ids = test::load_spec_json("protocol-26.1-ids.json");
  if (!ids || !ids->member("packets")) {
    HZ_SPEC_MISSING("protocol-26.1-ids.json");
  }
  const std::pair<const char*, ProtocolState> states[] = {
      {"handshaking", ProtocolState::kHandshake}, {"status", ProtocolState::kStatus}, {"login", ProtocolState::kLogin},
      {"configuration", ProtocolState::kConfiguration}, {"play", ProtocolState::kPlay}};
  const std::pair<const char*, Direction> directions[] = {{"clientbound", Direction::kClientbound},
                                                          {"serverbound", Direction::kServerbound}};
  int checked = 0;
  for (const auto& [state_key, state] : states) {
    const auto* by_direction = ids->member("packets")->member(state_key);
    ASSERT_NE(by_direction, nullptr) << state_key;
    for (const auto& [direction_key, direction] : directions) {
      const auto* packets = by_direction->member(direction_key);
      ASSERT_NE(packets, nullptr) << state_key << " " << direction_key;
      EXPECT_EQ(static_cast<size_t>(packet_count(state, direction)), packets->members.size()) << state_key << " " << direction_key;
      for (const auto& [name, id] : packets->members) {
        EXPECT_EQ(packet_name(state, direction, static_cast<int32_t>(id.number)), name) << state_key << " " << direction_key;
        ++checked;
      }
    }
  }
  EXPECT_GT(checked, 250);
}

}  // namespace
}  // namespace hz
