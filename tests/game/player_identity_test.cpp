#include "sim/game/player_identity.h"

#include <gtest/gtest.h>

#include "sim/core/md5.h"

namespace hz {
namespace {

TEST(Md5, KnownDigests) {
  auto hex = [](std::string_view s) {
    auto d = md5(std::span(reinterpret_cast<const uint8_t*>(s.data()), s.size()));
    std::string out;
    for (uint8_t b : d) {
      static constexpr char k[] = "0123456789abcdef";
      out += k[b >> 4];
      out += k[b & 15];
    }
    return out;
  };
  EXPECT_EQ(hex(""), "d41d8cd98f00b204e9800998ecf8427e");
  EXPECT_EQ(hex("abc"), "900150983cd24fb0d6963f7d28e17f72");
  EXPECT_EQ(hex("The quick brown fox jumps over the lazy dog"), "9e107d9d372bb6826bd81d3542a419d6");
}

TEST(PlayerNames, VanillaRules) {
  EXPECT_TRUE(is_valid_player_name("Steve_01"));
  EXPECT_TRUE(is_valid_player_name("!~"));
  EXPECT_FALSE(is_valid_player_name(""));
  EXPECT_FALSE(is_valid_player_name("has space"));
  EXPECT_FALSE(is_valid_player_name("seventeen_chars_x"));
  EXPECT_FALSE(is_valid_player_name("caf\xc3\xa9"));
}

TEST(OpList, ParsesVanillaOpsJson) {
  std::string error;
  auto ops = OpList::parse(R"([{"uuid":"3f0ca0c8-9f16-3b87-92fb-b626b9a1bb99","name":"Probe","level":4,
      "bypassesPlayerLimit":false},{"uuid":"51a4b33d-8b80-3bde-806f-de4086b03058","name":"Bot1"}])",
                           3, &error);
  EXPECT_TRUE(error.empty());
  EXPECT_EQ(ops.level_of(offline_player_uuid("Probe")), 4);
  EXPECT_EQ(ops.level_of(offline_player_uuid("Bot1")), 3);
  EXPECT_EQ(ops.level_of(offline_player_uuid("Other")), 0);
  OpList::parse("[{", 4, &error);
  EXPECT_NE(error.find("ops.json"), std::string::npos);
}

}  // namespace
}  // namespace hz
