#include "sim/world/chunk_column.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <array>
#include <string_view>
#include <vector>

#include "sim/data/blocks.h"
#include "sim/world/block_traits.h"
#include "tests/world/spec_decoder.h"

namespace hz {
namespace {

// States chosen to exercise every heightmap rule: air kinds, solids, fluids, leaves, plants.
std::vector<BlockStateId> interesting_states() {
  const std::pair<std::string_view, std::string_view> waterlogged[] = {{"waterlogged", "true"}};
  return {0,
          default_state_of("cave_air"),
          default_state_of("stone"),
          default_state_of("water"),
          default_state_of("lava"),
          default_state_of("oak_leaves"),
          default_state_of("short_grass"),
          default_state_of("glass"),
          default_state_of("torch"),
          *state_with("oak_slab", waterlogged),
          default_state_of("sand")};
}

// The heightmap rules written out from the spec, using blocks.h directly.
bool model_matches(int type, BlockStateId s) {
  const bool leaves = block_info(block_of_state(s)).name.ends_with("_leaves");
  switch (type) {
    case 0: return !is_air(s);
    case 1: return !collision_boxes(s).empty();
    case 2: return blocks_motion(s);
    default: return blocks_motion(s) && !leaves;
  }
}

struct Edit {
  int x, y, z, state;
};

rc::Gen<std::vector<Edit>> gen_edits(int y_low, int y_high) {
  return rc::gen::container<std::vector<Edit>>(rc::gen::construct<Edit>(
      rc::gen::inRange(0, 3), rc::gen::inRange(y_low, y_high), rc::gen::inRange(0, 3), rc::gen::inRange(0, 11)));
}

RC_GTEST_PROP(ChunkColumn, CountsAndHeightmapsStayExact, ()) {
  const auto states = interesting_states();
  const auto edits = *gen_edits(-64, -20);
  const auto high_edits = *gen_edits(300, 320);
  ChunkColumn column({3, -7});
  std::vector<BlockStateId> model(16 * 16 * kWorldHeight, 0);
  auto at = [&](int x, int y, int z) -> BlockStateId& {
    return model[static_cast<size_t>(((y - kWorldMinY) * 16 + z) * 16 + x)];
  };
  for (const auto* list : {&edits, &high_edits}) {
    for (const Edit& e : *list) {
      const BlockStateId s = states[static_cast<size_t>(e.state)];
      RC_ASSERT(column.set_block(e.x, e.y, e.z, s) == at(e.x, e.y, e.z));
      at(e.x, e.y, e.z) = s;
    }
  }
  for (int si = 0; si < kSectionCount; ++si) {
    int non_air = 0, fluids = 0;
    for (int y = 0; y < 16; ++y)
      for (int z = 0; z < 16; ++z)
        for (int x = 0; x < 16; ++x) {
          BlockStateId s = at(x, kWorldMinY + si * 16 + y, z);
          non_air += is_air(s) ? 0 : 1;
          fluids += has_fluid(s) ? 1 : 0;
        }
    RC_ASSERT(column.section(si).non_air_count() == non_air);
    RC_ASSERT(column.section(si).fluid_count() == fluids);
  }
  for (int type = 0; type < 4; ++type) {
    for (int z = 0; z < 16; ++z)
      for (int x = 0; x < 16; ++x) {
        int expected = 0;
        for (int y = kWorldMaxY; y >= kWorldMinY; --y) {
          if (model_matches(type, at(x, y, z))) {
            expected = y + 1 - kWorldMinY;
            break;
          }
        }
        RC_ASSERT(column.heightmaps().value(static_cast<HeightmapType>(type), x, z) == expected);
      }
  }
  ChunkColumn recomputed = column;
  recomputed.recompute_heightmaps();
  RC_ASSERT(recomputed.heightmaps() == column.heightmaps());
}

// A section filled at once recounts from its palette (by whole-cell tallies or, when few palette
// entries differ, by a pass per entry); filled a cell at a time, it keeps the counts by
// differences. Pools of up to 40 states give both kinds of palette.
RC_GTEST_PROP(ChunkColumn, SectionCountsAgreeFilledAtOnceOrCellByCell, ()) {
  std::vector<BlockStateId> states = interesting_states();
  for (std::string_view name : {"grass_block", "dirt", "deepslate", "gravel", "coal_ore", "iron_ore", "wheat",
                                "kelp", "seagrass", "sugar_cane", "cactus", "farmland", "birch_leaves", "ice",
                                "snow", "oak_log", "void_air", "granite", "diorite", "andesite", "tuff",
                                "copper_ore", "vine", "fire", "bamboo", "mycelium", "netherrack", "obsidian",
                                "clay"})
    states.push_back(default_state_of(name));
  const auto pool = *rc::gen::inRange<size_t>(1, states.size() + 1);
  const auto weights = *rc::gen::container<std::vector<int>>(pool, rc::gen::element(0, 1, 1, 40));
  std::vector<int> draws;
  for (size_t i = 0; i < pool; ++i) draws.insert(draws.end(), static_cast<size_t>(weights[i]), static_cast<int>(i));
  RC_PRE(!draws.empty());
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  std::vector<uint16_t> cells(4096);
  int non_air = 0, fluids = 0, ticking = 0;
  for (size_t i = 0; i < cells.size(); ++i) {
    const uint64_t mixed = (seed + i) * 0x9E3779B97F4A7C15ull;
    cells[i] = states[static_cast<size_t>(draws[(mixed >> 32) % draws.size()])];
    non_air += is_air(cells[i]) ? 0 : 1;
    fluids += has_fluid(cells[i]) ? 1 : 0;
    ticking += BlockTraits::get().random_ticks(cells[i]) ? 1 : 0;
  }
  Section at_once;
  at_once.assign_blocks(PalettedContainer::from_values(kBlockLayout, cells));
  Section by_cell;
  for (int i = 0; i < 4096; ++i) by_cell.set_block(i, cells[static_cast<size_t>(i)]);
  RC_ASSERT(at_once.non_air_count() == non_air);
  RC_ASSERT(at_once.fluid_count() == fluids);
  RC_ASSERT(by_cell.non_air_count() == non_air);
  RC_ASSERT(by_cell.fluid_count() == fluids);
  RC_ASSERT(at_once.random_ticking_count() == ticking);
  RC_ASSERT(by_cell.random_ticking_count() == ticking);
}

TEST(ChunkColumn, VersionMovesOnlyOnChange) {
  ChunkColumn column({0, 0});
  const uint64_t v0 = column.version();
  column.set_block(1, 2, 3, 0);
  EXPECT_EQ(column.version(), v0);
  column.set_block(1, 2, 3, default_state_of("stone"));
  EXPECT_GT(column.version(), v0);
}

TEST(ChunkColumn, PacketBodyIsCachedPerVersion) {
  ChunkColumn column({0, 0});
  column.set_block(0, 64, 0, default_state_of("stone"));
  SharedBytes a = column.packet_body();
  EXPECT_EQ(a.get(), column.packet_body().get());
  column.set_block(0, 65, 0, default_state_of("stone"));
  SharedBytes b = column.packet_body();
  EXPECT_NE(a.get(), b.get());
  EXPECT_NE(*a, *b);
}

TEST(ChunkColumn, PacketBodyFollowsTheSpecLayout) {
  ChunkColumn column({5, 9});
  const BlockStateId stone = default_state_of("stone");
  const BlockStateId water = default_state_of("water");
  for (int x = 0; x < 16; ++x)
    for (int z = 0; z < 16; ++z) {
      column.set_block(x, -64, z, stone);
      column.set_block(x, 10 + x, z, stone);
      column.set_block(x, 11 + x, z, water);
    }
  ColumnLight light;
  for (auto& l : light.sky) l = LightLayer::uniform(15);
  std::vector<uint8_t> levels(4096, 0);
  levels[7] = 14;
  light.block[5] = LightLayer::from_levels(levels);
  column.set_light(light);

  const Bytes& body = *column.packet_body();
  test::SpecCursor in{body};
  ASSERT_EQ(in.varint(), 3);
  const int types[] = {1, 4, 5};
  for (int type : types) {
    ASSERT_EQ(in.varint(), type);
    ASSERT_EQ(in.varint(), 37);
    std::vector<uint64_t> longs;
    for (int i = 0; i < 37; ++i) longs.push_back(in.be(8));
    for (int i = 0; i < 256; ++i) {
      const int x = i & 15;
      const int value = static_cast<int>((longs[static_cast<size_t>(i / 7)] >> ((i % 7) * 9)) & 0x1FF);
      ASSERT_EQ(value, 11 + x + 1 + 64) << "type " << type << " column " << i;  // water tops all three
    }
  }
  const int blob = in.varint();
  const size_t blob_start = in.pos;
  for (int s = 0; s < 24; ++s) {
    auto section = test::spec_read_section(in);
    ASSERT_TRUE(section.has_value()) << s;
    int non_air = 0, fluids = 0;
    for (uint32_t v : section->blocks.values) {
      non_air += v != 0;
      fluids += v == water;
    }
    EXPECT_EQ(section->non_air, non_air);
    EXPECT_EQ(section->fluids, fluids);
    for (int i = 0; i < 4096; ++i) {
      const int x = i & 15, y = (i >> 8) + s * 16 - 64, z = (i >> 4) & 15;
      ASSERT_EQ(section->blocks.values[static_cast<size_t>(i)], column.block(x, y, z));
    }
  }
  EXPECT_EQ(in.pos - blob_start, static_cast<size_t>(blob));
  EXPECT_EQ(in.varint(), 0);  // block entities
  // Light: sky all set, block only section 5, empty masks the rest.
  auto bitset = [&]() {
    const int n = in.varint();
    uint64_t v = 0;
    for (int i = 0; i < n; ++i) v = in.be(8);
    return v;
  };
  EXPECT_EQ(bitset(), (uint64_t{1} << 26) - 1);
  EXPECT_EQ(bitset(), uint64_t{1} << 5);
  EXPECT_EQ(bitset(), 0u);
  EXPECT_EQ(bitset(), ((uint64_t{1} << 26) - 1) & ~(uint64_t{1} << 5));
  ASSERT_EQ(in.varint(), 26);
  for (int i = 0; i < 26; ++i) {
    ASSERT_EQ(in.varint(), 2048);
    for (int b = 0; b < 2048; ++b) ASSERT_EQ(in.byte(), 0xFF);
  }
  ASSERT_EQ(in.varint(), 1);
  ASSERT_EQ(in.varint(), 2048);
  std::vector<uint8_t> nibbles;
  for (int b = 0; b < 2048; ++b) nibbles.push_back(in.byte());
  EXPECT_EQ(nibbles[3], 14 << 4);  // index 7: odd, so the high nibble of byte 3
  EXPECT_FALSE(in.failed);
  EXPECT_EQ(in.pos, body.size());
}

}  // namespace
}  // namespace hz
