#include "sim/core/properties.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

namespace hz {
namespace {

TEST(Properties, MissingFileGivesVanillaDefaults) {
  auto result = parse_server_properties("");
  ASSERT_TRUE(result.properties);
  const ServerProperties& p = *result.properties;
  EXPECT_EQ(p.server_port, 25565);
  EXPECT_EQ(p.view_distance, 10);
  EXPECT_EQ(p.simulation_distance, 10);
  EXPECT_EQ(p.network_compression_threshold, 256);
  EXPECT_EQ(p.max_tick_time, 60000);
  EXPECT_EQ(p.gamemode, GameMode::kSurvival);
  EXPECT_EQ(p.difficulty, Difficulty::kEasy);
  EXPECT_EQ(p.motd, "A Minecraft Server");
  EXPECT_TRUE(p.online_mode);
  EXPECT_EQ(p.raw.at("level-type"), "minecraft:normal");
}

TEST(Properties, ReadsJavaPropertiesSyntax) {
  auto result = parse_server_properties(
      "#comment\n! other comment\n  server-port = 25570\nmotd=Hello\\u0021 \\\n  world\n"
      "level-seed:12345\ngamemode=1\nallow-flight=true\nweird\\=key=v\n");
  ASSERT_TRUE(result.properties) << result.error->message;
  const ServerProperties& p = *result.properties;
  EXPECT_EQ(p.server_port, 25570);
  EXPECT_EQ(p.motd, "Hello! world");
  EXPECT_EQ(p.level_seed, "12345");
  EXPECT_EQ(p.gamemode, GameMode::kCreative);
  EXPECT_TRUE(p.allow_flight);
  EXPECT_EQ(p.raw.at("weird=key"), "v");
}

TEST(Properties, BadValueNamesKeyAndValue) {
  auto result = parse_server_properties("server-port=abc\n");
  ASSERT_FALSE(result.properties);
  EXPECT_EQ(result.error->key, "server-port");
  EXPECT_EQ(result.error->value, "abc");
  EXPECT_NE(result.error->message.find("'server-port'"), std::string::npos);
  EXPECT_NE(result.error->message.find("'abc'"), std::string::npos);

  EXPECT_EQ(parse_server_properties("online-mode=yes").error->key, "online-mode");
  EXPECT_EQ(parse_server_properties("gamemode=flying").error->key, "gamemode");
  EXPECT_EQ(parse_server_properties("server-port=70000").error->key, "server-port");
}

// region-file-compression is checked like every other key: one of vanilla's three codec names.
TEST(Properties, RegionFileCompressionIsValidated) {
  EXPECT_EQ(parse_server_properties("").properties->region_file_compression, "deflate");
  for (const char* name : {"deflate", "none", "lz4"}) {
    auto result = parse_server_properties(std::string("region-file-compression=") + name + "\n");
    ASSERT_TRUE(result.properties) << name;
    EXPECT_EQ(result.properties->region_file_compression, name);
    EXPECT_EQ(result.properties->raw.at("region-file-compression"), name);
  }
  for (const char* bad : {"zstd", "Deflate", "", "LZ4", "gzip"}) {
    auto result = parse_server_properties(std::string("region-file-compression=") + bad + "\n");
    ASSERT_FALSE(result.properties) << "'" << bad << "' was accepted";
    EXPECT_EQ(result.error->key, "region-file-compression");
    EXPECT_EQ(result.error->value, bad);
    EXPECT_NE(result.error->message.find("'region-file-compression'"), std::string::npos) << result.error->message;
    EXPECT_NE(result.error->message.find(std::string("'") + bad + "'"), std::string::npos) << result.error->message;
    EXPECT_NE(result.error->message.find("deflate, none or lz4"), std::string::npos) << result.error->message;
  }
}

TEST(Properties, ClampsWhereVanillaClamps) {
  auto p = parse_server_properties("view-distance=50\nentity-broadcast-range-percentage=5\n").properties;
  ASSERT_TRUE(p);
  EXPECT_EQ(p->view_distance, 32);
  EXPECT_EQ(p->entity_broadcast_range_percentage, 10);
}

TEST(Properties, WrittenFileReadsBackTheSame) {
  auto first = parse_server_properties("motd=a=b: c#d\nlevel-seed=-42\nview-distance=7\n").properties;
  ASSERT_TRUE(first);
  std::string text = write_server_properties(*first, "Sun Nov 29 00:00:00 UTC 2026");
  EXPECT_EQ(text.rfind("#Minecraft server properties\n", 0), 0u);
  EXPECT_NE(text.find("level-type=minecraft\\:normal\n"), std::string::npos);
  auto second = parse_server_properties(text).properties;
  ASSERT_TRUE(second);
  EXPECT_EQ(second->raw, first->raw);
  EXPECT_EQ(second->motd, "a=b: c#d");
}

// Found by the server_properties fuzz target: a key that began with a form feed (written as "\f"
// in the file) was written back raw, and the raw form feed was read back as leading whitespace.
TEST(Properties, ControlCharactersInKeysAndValuesReadBackTheSame) {
  auto first = parse_server_properties("\\fal=x\nmotd=a\\u0000b\\u0001 \\f\ne\\u0007=\\u001f\n").properties;
  ASSERT_TRUE(first);
  ASSERT_EQ(first->raw.count("\fal"), 1u);
  EXPECT_EQ(first->motd, std::string("a\0b\x01 \f", 6));
  std::string text = write_server_properties(*first, "date");
  EXPECT_NE(text.find("\\fal=x\n"), std::string::npos) << text;
  EXPECT_NE(text.find("motd=a\\u0000b\\u0001 \\f\n"), std::string::npos) << text;
  auto second = parse_server_properties(text).properties;
  ASSERT_TRUE(second);
  EXPECT_EQ(second->raw, first->raw);
}

// The one properties writer (server.properties and the replayer's rebuilt configuration) leaves
// no raw control character in its text and reads back exactly the pairs it was given.
RC_GTEST_PROP(Properties, WrittenPairsReadBackExactly, ()) {
  const auto tricky = rc::gen::element<char>('\0', '\x01', '\x07', '\t', '\n', '\x0b', '\f', '\r', '\x1b', '\x1f', ' ',
                                             '=', ':', '#', '!', '\\', 'u', 'a', '0', '\x7f', '\xc3', '\xa9');
  const auto text = rc::gen::container<std::string>(tricky);
  const auto pairs = *rc::gen::container<std::map<std::string, std::string>>(text, text);
  const std::string written = write_properties_text(pairs);
  for (char c : written) RC_ASSERT(c == '\n' || static_cast<unsigned char>(c) >= 0x20);
  RC_ASSERT(parse_properties_text(written) == pairs);
}

TEST(Properties, LevelSeedParsesLikeJava) {
  EXPECT_EQ(parse_level_seed("12345"), 12345);
  EXPECT_EQ(parse_level_seed("-9223372036854775808"), INT64_MIN);
  EXPECT_EQ(parse_level_seed("hello"), 99162322);  // "hello".hashCode()
  EXPECT_FALSE(parse_level_seed(""));
}

}  // namespace
}  // namespace hz
