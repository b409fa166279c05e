// What the declarations give besides encoding: JSON dumps, flattened fields, diffs, equality.
#include "sim/protocol/codec.h"

#include <gtest/gtest.h>

#include <cmath>

#include "sim/protocol/packets.h"
#include "sim/protocol/text.h"

namespace hz {
namespace {

using namespace hz::packet;

TEST(CodecJson, FieldsInDeclarationOrder) {
  play_cb::UpdateHealth health{20, 18, 5.5f};
  EXPECT_EQ(to_json(health), R"({"health":20,"food":18,"saturation":5.5})");
  EXPECT_EQ(packet_to_json(health),
            R"({"packet":"update_health","state":"play","direction":"clientbound","id":104,)"
            R"("fields":{"health":20,"food":18,"saturation":5.5}})");
}

TEST(CodecJson, NestedOptionalAndSpecialValues) {
  play_cb::Login login;
  login.death_location = GlobalPos{"minecraft:the_end", {1, -2, 3}};
  std::string json = to_json(login);
  EXPECT_NE(json.find(R"("death_location":{"dimension":"minecraft:the_end","pos":{"x":1,"y":-2,"z":3}})"),
            std::string::npos)
      << json;
  EXPECT_NE(json.find(R"("dimensions":["minecraft:overworld"])"), std::string::npos) << json;

  play_cb::SpawnEntity e;
  e.x = std::nan("");
  e.yaw = Angle{64};
  std::string ej = to_json(e);
  EXPECT_NE(ej.find(R"("x":"NaN")"), std::string::npos) << ej;
  EXPECT_NE(ej.find(R"("yaw":90)"), std::string::npos) << ej;
}

TEST(CodecJson, BytesAreHexOrSummarised) {
  play_cb::MapChunk small{0, 0, {0x01, 0xAB}};
  EXPECT_EQ(to_json(small), R"({"x":0,"z":0,"body":"01ab"})");
  play_cb::MapChunk big{0, 0, Bytes(1000, 7)};
  EXPECT_NE(to_json(big).find("<1000 bytes, hash 0x"), std::string::npos);
}

TEST(CodecJson, PlayerInfoShowsOnlyAnnouncedFields) {
  play_cb::PlayerInfo info;
  info.actions = play_cb::PlayerInfo::kUpdateLatency;
  play_cb::PlayerInfoEntry entry;
  entry.latency = 42;
  entry.game_mode = 1;  // not announced
  info.entries.push_back(entry);
  EXPECT_EQ(to_json(info),
            R"({"actions":16,"entries":[{"uuid":"00000000-0000-0000-0000-000000000000","latency":42}]})");
}

TEST(CodecFlatten, PathsNameEveryLeaf) {
  login_cb::Success s;
  s.username = "Bot1";
  s.properties.push_back({"textures", "abc", std::nullopt});
  std::vector<FieldValue> expected = {
      {"uuid", "\"00000000-0000-0000-0000-000000000000\""},
      {"username", "\"Bot1\""},
      {"properties", "[1 items]"},
      {"properties[0].name", "\"textures\""},
      {"properties[0].value", "\"abc\""},
      {"properties[0].signature", "null"},
  };
  EXPECT_EQ(flatten(s), expected);
}

TEST(CodecDiff, ReportsTheFieldsThatDiffer) {
  play_cb::EntityTeleport a;
  a.entity_id = 5;
  a.x = 1.5;
  play_cb::EntityTeleport b = a;
  b.x = 1.25;
  b.on_ground = true;
  auto diffs = diff(a, b);
  ASSERT_EQ(diffs.size(), 2u);
  EXPECT_EQ(diffs[0].path, "x");
  EXPECT_EQ(diffs[0].a, "1.5");
  EXPECT_EQ(diffs[0].b, "1.25");
  EXPECT_EQ(diffs[1].path, "on_ground");
  EXPECT_TRUE(diff(a, a).empty());
}

TEST(CodecDiff, ArrayLengthsDifferOnceAndExtraItemsShow) {
  play_cb::EntityDestroy a{{1, 2}};
  play_cb::EntityDestroy b{{1, 2, 3}};
  auto diffs = diff(a, b);
  ASSERT_EQ(diffs.size(), 2u);
  EXPECT_EQ(diffs[0].path, "entity_ids");
  EXPECT_EQ(diffs[0].a, "[2 items]");
  EXPECT_EQ(diffs[1].path, "entity_ids[2]");
  EXPECT_EQ(diffs[1].a, "(absent)");
  EXPECT_EQ(diffs[1].b, "3");
}

TEST(CodecEquality, FloatsCompareExactly) {
  play_cb::UpdateHealth a{20, 20, 0.0f};
  play_cb::UpdateHealth b{20, 20, -0.0f};
  EXPECT_FALSE(fields_equal(a, b));
  a.saturation = b.saturation = std::nanf("");
  EXPECT_TRUE(fields_equal(a, b));
  play_cb::UpdateHealth c{20.000002f, 20, 0};
  play_cb::UpdateHealth d{20, 20, 0};
  EXPECT_FALSE(fields_equal(c, d));
}

TEST(CodecEquality, NbtFieldsCompareByContent) {
  play_cb::SystemChat a{to_nbt(TextComponent::plain("x")), false};
  play_cb::SystemChat b{to_nbt(TextComponent::plain("x").colored("red")), false};
  EXPECT_FALSE(fields_equal(a, b));
  EXPECT_TRUE(fields_equal(a, a));
}

}  // namespace
}  // namespace hz
