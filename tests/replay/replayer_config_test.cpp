// The replayer rebuilds the core's configuration from a trace header through the one
// server.properties writer: every recorded key and value, control characters included, comes back
// exactly, so the replayed core is configured as the recorded one was.
#include <gtest/gtest.h>

#include "replay/replayer/replayer.h"

namespace hz {
namespace {

TEST(ReplayerConfig, RecordedPropertiesWithControlCharactersComeBackExactly) {
  ServerProperties recorded = *parse_server_properties("").properties;
  recorded.raw["motd"] = std::string("tab\there, form\ffeed, bell\x07, nul\0, escape\x1b[0m", 44);
  recorded.raw["\fform-feed-key"] = "\x01leading control";
  recorded.raw["key with spaces"] = " leading space\r\n";
  recorded.raw["x\x0b=y:z#!"] = "\\backslash\\";
  TraceHeader header;
  header.properties = recorded.raw;
  header.world_seed = -77;
  header.ops_json = "[]";

  auto config = core_config_from_header(header);
  ASSERT_TRUE(config.ok()) << config.error();
  EXPECT_EQ(config->properties.raw, recorded.raw);
  EXPECT_EQ(config->properties.motd, recorded.raw["motd"]);
  EXPECT_EQ(config->world_seed, -77);
  EXPECT_EQ(config->ops_json, "[]");
}

}  // namespace
}  // namespace hz
