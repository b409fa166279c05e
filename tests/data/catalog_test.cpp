// Item and entity type ids from the spec (player 155, item 71) and lookup behaviour.
#include "sim/data/catalog.h"

#include <gtest/gtest.h>

namespace hz {
namespace {

TEST(Catalog, EntityTypeIdsMatchTheSpec) {
  EXPECT_EQ(entity_type_id("player"), 155);
  EXPECT_EQ(entity_type_id("minecraft:player"), 155);
  EXPECT_EQ(entity_type_id("item"), 71);
  EXPECT_FALSE(entity_type_id("no_such_entity").has_value());
}

TEST(Catalog, ItemIds) {
  EXPECT_EQ(item_id("air"), 0);
  EXPECT_EQ(item_id("stone"), 1);
  EXPECT_EQ(item_id("minecraft:stone"), 1);
  EXPECT_FALSE(item_id("minecraft:").has_value());
  EXPECT_FALSE(item_id("").has_value());
  EXPECT_FALSE(item_id("zzz_not_an_item").has_value());
  // Distinct items have distinct ids.
  EXPECT_NE(item_id("diamond_sword"), item_id("diamond_pickaxe"));
}

TEST(Catalog, VersionConstants) {
  EXPECT_EQ(kProtocolVersion, 775);
  EXPECT_EQ(kVersionName, "26.1");
}

}  // namespace
}  // namespace hz
