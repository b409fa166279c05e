// The operator keys: enable-query and query.port (vanilla's) and horizon-metrics-port, typed,
// defaulted like vanilla and refused when out of range.
#include <gtest/gtest.h>

#include "sim/core/properties.h"

namespace hz {
namespace {

TEST(OpsProperties, Defaults) {
  auto r = parse_server_properties("");
  ASSERT_TRUE(r.properties);
  EXPECT_FALSE(r.properties->enable_query);
  EXPECT_EQ(r.properties->query_port, 25565);
  EXPECT_EQ(r.properties->metrics_port, 0);
  std::string written = write_server_properties(*r.properties, "date");
  EXPECT_NE(written.find("\nenable-query=false\n"), std::string::npos);
  EXPECT_NE(written.find("\nquery.port=25565\n"), std::string::npos);
  EXPECT_NE(written.find("\nhorizon-metrics-port=0\n"), std::string::npos);
}

TEST(OpsProperties, ReadsValues) {
  auto r = parse_server_properties("enable-query=true\nquery.port=25570\nhorizon-metrics-port=9225\n");
  ASSERT_TRUE(r.properties);
  EXPECT_TRUE(r.properties->enable_query);
  EXPECT_EQ(r.properties->query_port, 25570);
  EXPECT_EQ(r.properties->metrics_port, 9225);
}

TEST(OpsProperties, RefusesBadValues) {
  for (const char* text : {"enable-query=yes", "query.port=0", "query.port=65536", "query.port=x",
                           "horizon-metrics-port=-1", "horizon-metrics-port=70000"}) {
    auto r = parse_server_properties(text);
    EXPECT_FALSE(r.properties) << text;
    ASSERT_TRUE(r.error) << text;
    EXPECT_NE(r.error->message.find("Invalid value"), std::string::npos);
  }
}

}  // namespace
}  // namespace hz
