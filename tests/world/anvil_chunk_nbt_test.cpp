// Chunk NBT: columns survive a write and read unchanged; the on-disk packing matches the spec as
// an independent decoder reads it; the reader's fallbacks and its refusals.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "sim/core/rng.h"
#include "sim/data/blocks.h"
#include "sim/data/catalog.h"
#include "sim/data/registries.h"
#include "sim/world/anvil/bit_storage.h"
#include "sim/world/anvil/chunk_nbt.h"
#include "sim/world/biomes.h"
#include "sim/world/generation_stages.h"
#include "sim/world/light_engine.h"

namespace hz::anvil {
namespace {

// Vanilla's SimpleBitStorage layout written out index by index: index i sits in long
// i / floor(64 / bits), at bit (i % floor(64 / bits)) * bits.
RC_GTEST_PROP(BitStorage, PackedIndicesFollowTheLayoutAndComeBack, ()) {
  const int bits = *rc::gen::inRange(1, 16);
  const size_t entries = *rc::gen::element<size_t>(64, 4096, 1, 100);
  const auto palette_size = static_cast<size_t>(*rc::gen::inRange<uint64_t>(1, (uint64_t{1} << bits) + 1));
  std::vector<uint16_t> indices(entries);
  for (uint16_t& index : indices) index = static_cast<uint16_t>(*rc::gen::inRange<size_t>(0, palette_size));
  const size_t per_long = static_cast<size_t>(64 / bits);
  std::vector<uint64_t> layout((entries + per_long - 1) / per_long, 0);
  for (size_t i = 0; i < entries; ++i) layout[i / per_long] |= uint64_t{indices[i]} << ((i % per_long) * static_cast<size_t>(bits));

  const std::vector<int64_t> packed = pack_indices(indices, bits);
  RC_ASSERT(packed.size() == layout.size());
  for (size_t w = 0; w < layout.size(); ++w) RC_ASSERT(static_cast<uint64_t>(packed[w]) == layout[w]);
  const auto unpacked = unpack_indices(packed, bits, entries, palette_size);
  RC_ASSERT(unpacked.ok());
  RC_ASSERT(*unpacked == indices);

  // One index at or past the palette's end is refused, and the message names the first such.
  const size_t bad_at = *rc::gen::inRange<size_t>(0, entries);
  RC_PRE(palette_size < (size_t{1} << bits));
  std::vector<uint16_t> damaged = indices;
  damaged[bad_at] = static_cast<uint16_t>(palette_size);
  const auto refused = unpack_indices(pack_indices(damaged, bits), bits, entries, palette_size);
  RC_ASSERT(!refused.ok());
  RC_ASSERT(refused.error().find("palette index " + std::to_string(palette_size) + " ") != std::string::npos);
  RC_ASSERT(!unpack_indices(std::span(packed).first(packed.size() - 1), bits, entries, palette_size).ok());
}

// ---- building columns ----

std::vector<uint16_t> biome_ids() {
  std::vector<uint16_t> ids;
  for (const Registry& r : synced_registries()) {
    if (r.name != "minecraft:worldgen/biome") continue;
    for (size_t i = 0; i < r.entries.size(); ++i) ids.push_back(static_cast<uint16_t>(i));
  }
  return ids;
}

// A section whose cells use `distinct` different states drawn from the whole state space.
PalettedContainer random_blocks(Rng& rng, int distinct) {
  std::vector<uint16_t> pool;
  for (int i = 0; i < distinct; ++i) pool.push_back(static_cast<uint16_t>(rng.next_below(kBlockStateCount)));
  std::vector<uint16_t> cells(4096);
  for (auto& c : cells) c = pool[rng.next_below(static_cast<uint32_t>(pool.size()))];
  return PalettedContainer::from_values(kBlockLayout, cells);
}

PalettedContainer random_biomes(Rng& rng, int distinct) {
  static const std::vector<uint16_t> all = biome_ids();
  std::vector<uint16_t> pool;
  for (int i = 0; i < distinct; ++i) pool.push_back(all[rng.next_below(static_cast<uint32_t>(all.size()))]);
  std::vector<uint16_t> cells(64);
  for (auto& c : cells) c = pool[rng.next_below(static_cast<uint32_t>(pool.size()))];
  return PalettedContainer::from_values(kBiomeLayout, cells);
}

LightLayer random_layer(Rng& rng) {
  switch (rng.next_below(4)) {
    case 0: return LightLayer::uniform(0);
    case 1: return LightLayer::uniform(15);
    case 2: return LightLayer::uniform(static_cast<uint8_t>(rng.next_below(16)));
    default: {
      std::vector<uint8_t> levels(4096);
      for (auto& l : levels) l = static_cast<uint8_t>(rng.next_below(16));
      return LightLayer::from_levels(levels);
    }
  }
}

ChunkColumn random_column(uint64_t seed, ChunkPos pos) {
  Rng rng(seed);
  ChunkColumn column(pos, plains_biome_id());
  for (int s = 0; s < kSectionCount; ++s) {
    const uint32_t shape = rng.next_below(6);
    // Palette sizes across every on-disk width: 1 (no data), 2..16 (4 bits), up to 9 bits.
    const int distinct = shape == 0 ? 1 : shape < 3 ? 1 + static_cast<int>(rng.next_below(16))
                                                    : 1 + static_cast<int>(rng.next_below(shape == 5 ? 400 : 60));
    column.section(s).assign_blocks(random_blocks(rng, distinct));
    column.section(s).assign_biomes(random_biomes(rng, 1 + static_cast<int>(rng.next_below(rng.next_below(2) ? 4 : 64))));
  }
  column.sections_replaced();
  if (rng.next_below(4) != 0) {
    ColumnLight light;
    for (auto& l : light.sky) l = random_layer(rng);
    for (auto& l : light.block) l = random_layer(rng);
    column.set_light(light);
  }
  constexpr ChunkStatus kStatuses[] = {ChunkStatus::kFull, ChunkStatus::kFull, ChunkStatus::kNoise,
                                       ChunkStatus::kFeatures, ChunkStatus::kLight};
  column.set_status(kStatuses[rng.next_below(5)]);
  return column;
}

// Terrain like a generator makes: bedrock, stone, dirt and grass to a rolling surface, water to
// sea level, a few trees' leaves and logs, ores, cave air; light as a column-top sky model.
ChunkColumn terrain_column(uint64_t seed, ChunkPos pos) {
  Rng rng(seed);
  ChunkColumn column(pos, plains_biome_id());
  const BlockStateId bedrock = default_state_of("bedrock"), stone = default_state_of("stone"),
                     deepslate = default_state_of("deepslate"), dirt = default_state_of("dirt"),
                     grass = default_state_of("grass_block"), water = default_state_of("water"),
                     sand = default_state_of("sand"), leaves = default_state_of("oak_leaves"),
                     log = default_state_of("oak_log"), coal = default_state_of("coal_ore"),
                     cave_air = default_state_of("cave_air");
  const int base = 50 + static_cast<int>(rng.next_below(40));
  for (int z = 0; z < 16; ++z) {
    for (int x = 0; x < 16; ++x) {
      const int top = base + (x * 3 + z * 5) % 9 - 4;
      for (int y = kWorldMinY; y <= std::max(top, kSeaLevel); ++y) {
        BlockStateId s = y <= kWorldMinY + 2 ? bedrock : y < 0 ? deepslate : stone;
        if (y > top) s = water;
        else if (y == top) s = top < kSeaLevel ? sand : grass;
        else if (y > top - 4) s = dirt;
        else if (rng.next_below(50) == 0) s = coal;
        else if (y > 0 && y < 30 && rng.next_below(9) == 0) s = cave_air;
        column.set_block(x, y, z, s);
      }
      if (top >= kSeaLevel && x % 7 == 3 && z % 7 == 3) {
        for (int y = top + 1; y < top + 5; ++y) column.set_block(x, y, z, log);
        for (int dx = -1; dx <= 1; ++dx)
          for (int dz = -1; dz <= 1; ++dz) column.set_block(x + dx, top + 5, z + dz, leaves);
      }
    }
  }
  for (int cx = 0; cx < 4; ++cx)
    for (int cz = 0; cz < 4; ++cz)
      for (int cy = 0; cy < 96; ++cy)
        column.set_biome_cell(cx, cy, cz, biome_network_id(cy > 30 ? BiomeKind::kForest : BiomeKind::kPlains));
  ColumnLight light;
  for (int i = 0; i < kLightSectionCount; ++i) {
    std::vector<uint8_t> sky(4096), block(4096, 0);
    const int section_bottom = kWorldMinY + (i - 1) * 16;
    for (int c = 0; c < 4096; ++c) {
      const int x = c & 15, z = (c >> 4) & 15, y = section_bottom + (c >> 8);
      sky[static_cast<size_t>(c)] = y > column.top_y(HeightmapType::kMotionBlocking, x, z) ? 15 : 0;
    }
    light.sky[static_cast<size_t>(i)] = LightLayer::from_levels(sky);
    light.block[static_cast<size_t>(i)] = LightLayer::from_levels(block);
  }
  column.set_light(light);
  column.set_status(ChunkStatus::kFull);
  return column;
}

void expect_same_column(const ChunkColumn& a, const ChunkColumn& b) {
  ASSERT_EQ(a.pos(), b.pos());
  for (int s = 0; s < kSectionCount; ++s) {
    for (int i = 0; i < 4096; ++i) ASSERT_EQ(a.section(s).block(i), b.section(s).block(i)) << "section " << s;
    for (int i = 0; i < 64; ++i) ASSERT_EQ(a.section(s).biome(i), b.section(s).biome(i)) << "section " << s;
    ASSERT_EQ(a.section(s).non_air_count(), b.section(s).non_air_count());
  }
  EXPECT_TRUE(a.heightmaps() == b.heightmaps());
  EXPECT_EQ(a.light_valid(), b.light_valid());
  if (a.light_valid()) {
    EXPECT_TRUE(a.light() == b.light());
  }
  EXPECT_EQ(a.status(), b.status());
  EXPECT_EQ(a.content_hash(), b.content_hash());
}

LoadedChunk round_trip(const ChunkColumn& column, const ChunkExtras& extras = {}) {
  const Bytes bytes = encode_chunk(column, extras);
  auto loaded = decode_chunk(bytes, column.pos());
  EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error());
  return std::move(loaded.value());
}

RC_GTEST_PROP(AnvilChunkNbt, RandomColumnsSurviveWriteAndRead, ()) {
  const auto seed = *rc::gen::arbitrary<uint64_t>();
  const ChunkPos pos{*rc::gen::inRange(-100000, 100000), *rc::gen::inRange(-100000, 100000)};
  const ChunkColumn column = random_column(seed, pos);
  LoadedChunk loaded = round_trip(column);
  RC_ASSERT(loaded.notes.empty());
  RC_ASSERT(loaded.light_loaded == column.light_valid());
  for (int s = 0; s < kSectionCount; ++s) {
    for (int i = 0; i < 4096; ++i) RC_ASSERT(column.section(s).block(i) == loaded.column.section(s).block(i));
    for (int i = 0; i < 64; ++i) RC_ASSERT(column.section(s).biome(i) == loaded.column.section(s).biome(i));
  }
  RC_ASSERT(column.heightmaps() == loaded.column.heightmaps());
  if (column.light_valid()) RC_ASSERT(column.light() == loaded.column.light());
  RC_ASSERT(column.status() == loaded.column.status());
}

TEST(AnvilChunkNbt, GeneratedTerrainSurvivesWriteAndRead) {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    const ChunkColumn column = terrain_column(seed, {static_cast<int32_t>(seed) * 37 - 80, -static_cast<int32_t>(seed)});
    ChunkExtras extras;
    extras.last_update = 123456789;
    extras.inhabited_time = 4242;
    LoadedChunk loaded = round_trip(column, extras);
    expect_same_column(column, loaded.column);
    EXPECT_TRUE(loaded.light_loaded);
    EXPECT_TRUE(loaded.notes.empty());
    EXPECT_EQ(loaded.extras.last_update, 123456789);
    EXPECT_EQ(loaded.extras.inhabited_time, 4242);
    EXPECT_EQ(loaded.data_version, kDataVersion);
  }
}

TEST(AnvilChunkNbt, WorldGeneratorColumnsSurviveWriteAndRead) {
  const TerrainNoise noise(8675309);
  for (const ChunkPos pos : {ChunkPos{0, 0}, ChunkPos{-7, 3}, ChunkPos{40, -41}}) {
    ChunkColumn column = run_noise_stage(noise, pos);
    run_surface_stage(noise, column);
    run_carver_stage(noise, column);
    std::array<const ChunkColumn*, 9> neighbourhood{};
    neighbourhood[4] = &column;
    relight_column(column, neighbourhood);
    column.set_status(ChunkStatus::kFull);
    ASSERT_TRUE(column.light_valid());
    LoadedChunk loaded = round_trip(column);
    expect_same_column(column, loaded.column);
    EXPECT_TRUE(loaded.light_loaded);
  }
}

// ---- the layout vanilla writes, read by a decoder written from the spec ----

const nbt::Tag& at(const nbt::Compound& c, std::string_view key) {
  const nbt::Tag* t = c.find(key);
  EXPECT_NE(t, nullptr) << key;
  static const nbt::Tag none;
  return t ? *t : none;
}

// Spec 2.1: b = ceil(log2 n) (blocks at least 4, none for n = 1); k = floor(64 / b) per long;
// entry i in long i / k at bit (i mod k) * b; exactly ceil(entries / k) longs.
std::vector<int> spec_decode(const nbt::LongArray& data, size_t palette_size, int entries, bool blocks) {
  int b = 0;
  while ((1u << b) < palette_size) ++b;
  if (blocks && b > 0 && b < 4) b = 4;
  if (b == 0) return std::vector<int>(static_cast<size_t>(entries), 0);
  const int k = 64 / b;
  EXPECT_EQ(data.size(), static_cast<size_t>((entries + k - 1) / k)) << "bits " << b;
  std::vector<int> out;
  for (int i = 0; i < entries; ++i) {
    const uint64_t word = static_cast<uint64_t>(data[static_cast<size_t>(i / k)]);
    out.push_back(static_cast<int>((word >> ((i % k) * b)) & ((uint64_t{1} << b) - 1)));
  }
  // Unused top bits are zero.
  const int used = k * b;
  for (int64_t w : data) {
    if (used < 64) {
      EXPECT_EQ(static_cast<uint64_t>(w) >> used, 0u);
    }
  }
  return out;
}

std::string state_key(const nbt::Compound& entry) {
  std::string key = *at(entry, "Name").as<std::string>();
  if (const nbt::Tag* props = entry.find("Properties")) {
    std::map<std::string, std::string> sorted;
    for (const auto& [k, v] : *props->as<nbt::Compound>()) sorted[k] = *v.as<std::string>();
    for (const auto& [k, v] : sorted) key += "|" + k + "=" + v;
  }
  return key;
}

// The same name as the spec describes it, from blocks.h directly.
std::string expected_key(BlockStateId s) {
  const BlockInfo& info = block_info(block_of_state(s));
  std::map<std::string, std::string> sorted;
  for (const BlockProperty& p : info.properties) sorted[std::string(p.name)] = std::string(state_property(s, p.name));
  std::string key = "minecraft:" + std::string(info.name);
  for (const auto& [k, v] : sorted) key += "|" + k + "=" + v;
  return key;
}

TEST(AnvilChunkNbt, OnDiskPackingMatchesTheSpec) {
  const ChunkColumn column = random_column(99, {5, 6});
  const nbt::Compound root = chunk_to_nbt(column, {});
  std::set<int> block_bits_seen;
  const auto& sections = at(root, "sections").as<nbt::List>()->items;
  for (const nbt::Tag& item : sections) {
    const auto& section = *item.as<nbt::Compound>();
    const int y = *at(section, "Y").as<int8_t>();
    if (y < -4 || y > 19) continue;
    const auto& states = *at(section, "block_states").as<nbt::Compound>();
    const auto& palette = at(states, "palette").as<nbt::List>()->items;
    ASSERT_FALSE(palette.empty());
    const nbt::Tag* data = states.find("data");
    ASSERT_EQ(data == nullptr, palette.size() == 1) << "data only when the palette has two or more";
    const auto indices = spec_decode(data ? *data->as<nbt::LongArray>() : nbt::LongArray{}, palette.size(), 4096, true);
    if (data) block_bits_seen.insert(static_cast<int>(data->as<nbt::LongArray>()->size()));
    std::set<std::string> distinct;
    for (const nbt::Tag& p : palette) distinct.insert(state_key(*p.as<nbt::Compound>()));
    EXPECT_EQ(distinct.size(), palette.size()) << "palette holds each state once";
    std::vector<bool> used(palette.size());
    for (int i = 0; i < 4096; ++i) {
      ASSERT_LT(static_cast<size_t>(indices[static_cast<size_t>(i)]), palette.size());
      used[static_cast<size_t>(indices[static_cast<size_t>(i)])] = true;
      const auto& entry = *palette[static_cast<size_t>(indices[static_cast<size_t>(i)])].as<nbt::Compound>();
      ASSERT_EQ(state_key(entry), expected_key(column.section(y + 4).block(i)));
    }
    EXPECT_TRUE(std::all_of(used.begin(), used.end(), [](bool u) { return u; })) << "only states in use";

    const auto& biomes = *at(section, "biomes").as<nbt::Compound>();
    const auto& biome_palette = at(biomes, "palette").as<nbt::List>()->items;
    const nbt::Tag* biome_data = biomes.find("data");
    const auto biome_indices =
        spec_decode(biome_data ? *biome_data->as<nbt::LongArray>() : nbt::LongArray{}, biome_palette.size(), 64, false);
    for (int i = 0; i < 64; ++i) {
      const std::string& name = *biome_palette[static_cast<size_t>(biome_indices[static_cast<size_t>(i)])].as<std::string>();
      EXPECT_EQ(registry_entry_id("minecraft:worldgen/biome", name), column.section(y + 4).biome(i));
    }
  }
  // The random column covers 4-bit up to 9-bit block storage: lengths from the spec's table.
  for (int len : block_bits_seen) EXPECT_TRUE(std::set<int>({256, 342, 410, 456, 512, 586}).count(len)) << len;
}

TEST(AnvilChunkNbt, BitWidthsFollowThePaletteSize) {
  struct Case {
    int distinct;
    size_t longs;
  };
  // Blocks: 1 -> none, 2..16 -> 4 bits (256), 17..32 -> 5 (342), 33..64 -> 6 (410), 65..128 -> 7
  // (456), 129..256 -> 8 (512), 257..512 -> 9 (586).
  for (const Case c : {Case{1, 0}, Case{2, 256}, Case{16, 256}, Case{17, 342}, Case{33, 410}, Case{65, 456},
                       Case{129, 512}, Case{257, 586}, Case{512, 586}}) {
    ChunkColumn column({0, 0}, plains_biome_id());
    std::vector<uint16_t> cells(4096);
    for (int i = 0; i < 4096; ++i) cells[static_cast<size_t>(i)] = static_cast<uint16_t>(1 + i % c.distinct);
    column.section(3).assign_blocks(PalettedContainer::from_values(kBlockLayout, cells));
    column.sections_replaced();
    const nbt::Compound root = chunk_to_nbt(column, {});
    const auto& section = *at(root, "sections").as<nbt::List>()->items[3].as<nbt::Compound>();
    const auto& states = *at(section, "block_states").as<nbt::Compound>();
    EXPECT_EQ(at(states, "palette").as<nbt::List>()->items.size(), static_cast<size_t>(c.distinct));
    const nbt::Tag* data = states.find("data");
    EXPECT_EQ(data ? data->as<nbt::LongArray>()->size() : 0u, c.longs) << c.distinct;
    auto back = decode_chunk(nbt::file_bytes("", root), {0, 0});
    ASSERT_TRUE(back.ok()) << back.error();
    for (int i = 0; i < 4096; ++i) ASSERT_EQ(back->column.section(3).block(i), cells[static_cast<size_t>(i)]);
  }
  // Biomes: no minimum width: 1 -> none, 2 -> 1 bit (1 long), 3..4 -> 2 (2), 5..8 -> 3 (4),
  // 9..16 -> 4 (4), 17..32 -> 5 (6), 33..64 -> 6 (7).
  const std::vector<uint16_t> ids = biome_ids();
  for (const Case c : {Case{1, 0}, Case{2, 1}, Case{3, 2}, Case{5, 4}, Case{9, 4}, Case{17, 6}, Case{33, 7}}) {
    ChunkColumn column({0, 0}, plains_biome_id());
    std::vector<uint16_t> cells(64);
    for (int i = 0; i < 64; ++i) cells[static_cast<size_t>(i)] = ids[static_cast<size_t>(i % c.distinct)];
    column.section(0).assign_biomes(PalettedContainer::from_values(kBiomeLayout, cells));
    const nbt::Compound root = chunk_to_nbt(column, {});
    const auto& section = *at(root, "sections").as<nbt::List>()->items[0].as<nbt::Compound>();
    const auto& biomes = *at(section, "biomes").as<nbt::Compound>();
    const nbt::Tag* data = biomes.find("data");
    EXPECT_EQ(data ? data->as<nbt::LongArray>()->size() : 0u, c.longs) << c.distinct;
  }
}

TEST(AnvilChunkNbt, TopLevelKeysAreVanillas) {
  ChunkColumn column = terrain_column(7, {-3, 9});
  const nbt::Compound root = chunk_to_nbt(column, {});
  std::vector<std::string> keys;
  for (const auto& [k, v] : root) keys.push_back(k);
  const std::vector<std::string> expected = {"DataVersion",  "xPos",           "yPos",        "zPos",
                                             "LastUpdate",   "InhabitedTime",  "Status",      "sections",
                                             "isLightOn",    "block_entities", "block_ticks", "fluid_ticks",
                                             "PostProcessing", "Heightmaps",   "structures"};
  EXPECT_EQ(keys, expected);
  EXPECT_EQ(*at(root, "DataVersion").as<int32_t>(), 4790);
  EXPECT_EQ(*at(root, "yPos").as<int32_t>(), -4);
  EXPECT_EQ(*at(root, "xPos").as<int32_t>(), -3);
  EXPECT_EQ(*at(root, "zPos").as<int32_t>(), 9);
  EXPECT_EQ(*at(root, "Status").as<std::string>(), "minecraft:full");
  EXPECT_EQ(*at(root, "isLightOn").as<int8_t>(), 1);
  const auto& sections = at(root, "sections").as<nbt::List>()->items;
  ASSERT_EQ(sections.size(), 26u) << "24 block sections plus the light-only ones below and above";
  EXPECT_EQ(*at(*sections.front().as<nbt::Compound>(), "Y").as<int8_t>(), -5);
  EXPECT_EQ(*at(*sections.back().as<nbt::Compound>(), "Y").as<int8_t>(), 20);
  EXPECT_EQ(sections.front().as<nbt::Compound>()->find("block_states"), nullptr);
  const auto& heightmaps = *at(root, "Heightmaps").as<nbt::Compound>();
  for (const char* name : {"WORLD_SURFACE", "OCEAN_FLOOR", "MOTION_BLOCKING", "MOTION_BLOCKING_NO_LEAVES"})
    EXPECT_EQ(at(heightmaps, name).as<nbt::LongArray>()->size(), 37u) << name;
  EXPECT_EQ(at(root, "PostProcessing").as<nbt::List>()->items.size(), 24u);
  // Sky light of the section above the world is fully lit: 0xFF bytes.
  const auto& above = *at(*sections.back().as<nbt::Compound>(), "SkyLight").as<nbt::ByteArray>();
  EXPECT_TRUE(std::all_of(above.begin(), above.end(), [](int8_t b) { return static_cast<uint8_t>(b) == 0xFF; }));
}

// ---- reading what others wrote ----

nbt::Compound minimal_chunk(ChunkPos pos) {
  nbt::Compound root;
  root.put("DataVersion", int32_t{4790});
  root.put("xPos", pos.x);
  root.put("zPos", pos.z);
  root.put("Status", "minecraft:full");
  return root;
}

nbt::Compound section_with(int y, nbt::List palette, std::optional<nbt::LongArray> data) {
  nbt::Compound states;
  states.put("palette", std::move(palette));
  if (data) states.put("data", std::move(*data));
  nbt::Compound section;
  section.put("Y", static_cast<int8_t>(y));
  section.put("block_states", std::move(states));
  return section;
}

nbt::Compound named_state(std::string name, std::vector<std::pair<std::string, std::string>> props = {}) {
  nbt::Compound entry;
  entry.put("Name", std::move(name));
  if (!props.empty()) {
    nbt::Compound p;
    for (auto& [k, v] : props) p.put(k, v);
    entry.put("Properties", std::move(p));
  }
  return entry;
}

TEST(AnvilChunkNbt, MissingPartsTakeVanillasDefaults) {
  auto loaded = chunk_from_nbt(minimal_chunk({4, -2}), {4, -2});
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  for (int s = 0; s < kSectionCount; ++s) {
    EXPECT_TRUE(loaded->column.section(s).has_only_air());
    EXPECT_EQ(loaded->column.section(s).biome(0), plains_biome_id());
  }
  EXPECT_FALSE(loaded->light_loaded) << "no isLightOn: light is recomputed";
  EXPECT_FALSE(loaded->column.light_valid());
  EXPECT_EQ(loaded->column.status(), ChunkStatus::kFull);
}

TEST(AnvilChunkNbt, UnknownNamesAndBadPropertiesFallBack) {
  nbt::Compound root = minimal_chunk({0, 0});
  nbt::List palette;
  palette.items.emplace_back(named_state("minecraft:no_such_block"));
  palette.items.emplace_back(named_state("minecraft:oak_log", {{"axis", "sideways"}, {"extra", "1"}}));
  palette.items.emplace_back(named_state("oak_stairs", {{"facing", "east"}}));
  std::vector<uint16_t> idx(4096);
  for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<uint16_t>(i % 3);
  nbt::LongArray data(256, 0);
  for (size_t i = 0; i < 4096; ++i) data[i / 16] |= static_cast<int64_t>(idx[i]) << ((i % 16) * 4);
  nbt::List sections;
  sections.items.emplace_back(section_with(0, palette, data));
  root.put("sections", std::move(sections));
  auto loaded = chunk_from_nbt(root, {0, 0});
  ASSERT_TRUE(loaded.ok()) << loaded.error();
  const Section& s = loaded->column.section(4);
  EXPECT_EQ(s.block(0), 0) << "unknown block reads as air";
  EXPECT_EQ(s.block(1), default_state_of("oak_log")) << "invalid value takes the default";
  const std::pair<std::string_view, std::string_view> east[] = {{"facing", "east"}};
  EXPECT_EQ(s.block(2), *state_with("oak_stairs", east)) << "missing properties take defaults";
  EXPECT_FALSE(loaded->notes.empty());
}

TEST(AnvilChunkNbt, LegacyLightIsNotTrusted) {
  ChunkColumn column = terrain_column(3, {0, 0});
  nbt::Compound root = chunk_to_nbt(column, {});
  root.put("DataVersion", int32_t{4400});
  auto loaded = chunk_from_nbt(root, {0, 0});
  ASSERT_TRUE(loaded.ok());
  EXPECT_FALSE(loaded->light_loaded);
}

// Whether sky layer i can be left out: it equals the plane below the layer above repeated down,
// or is fully lit with nothing stored above (spec 2.3; vanilla's sky storage infers it that way).
bool inferable(const ColumnLight& light, size_t i) {
  if (i + 1 == light.sky.size()) return light.sky[i] == LightLayer::uniform(15);
  std::vector<uint8_t> levels(4096);
  for (int c = 0; c < 4096; ++c) levels[static_cast<size_t>(c)] = light.sky[i + 1].get(c & 0xFF);
  return light.sky[i] == LightLayer::from_levels(levels);
}

TEST(AnvilChunkNbt, MissingSkyLightContinuesFromAbove) {
  ChunkColumn column = terrain_column(5, {0, 0});
  nbt::Compound root = chunk_to_nbt(column, {});
  nbt::List trimmed;
  int dropped = 0;
  for (const nbt::Tag& item : root.find("sections")->as<nbt::List>()->items) {
    const nbt::Compound& section = *item.as<nbt::Compound>();
    const auto li = static_cast<size_t>(*section.find("Y")->as<int8_t>() + 5);
    nbt::Compound kept;
    for (const auto& [k, v] : section) {
      if (k == "SkyLight" && inferable(column.light(), li)) {
        ++dropped;
        continue;
      }
      kept.put(k, v);
    }
    trimmed.items.emplace_back(std::move(kept));
  }
  ASSERT_GT(dropped, 10);
  root.put("sections", std::move(trimmed));
  auto loaded = chunk_from_nbt(root, {0, 0});
  ASSERT_TRUE(loaded.ok());
  ASSERT_TRUE(loaded->light_loaded);
  EXPECT_TRUE(loaded->column.light() == column.light());
}

TEST(AnvilChunkNbt, CorruptChunksAreRefused) {
  auto refuse = [](nbt::Compound root, const char* why) {
    auto loaded = chunk_from_nbt(root, {0, 0});
    EXPECT_FALSE(loaded.ok()) << why;
  };
  nbt::Compound no_status = minimal_chunk({0, 0});
  no_status.put("Status", "");
  refuse(no_status, "empty status");
  nbt::Compound missing_status;
  missing_status.put("xPos", int32_t{0});
  refuse(missing_status, "no status");

  nbt::List two;
  two.items.emplace_back(named_state("minecraft:stone"));
  two.items.emplace_back(named_state("minecraft:dirt"));
  auto with_section = [](nbt::Compound section) {
    nbt::Compound root = minimal_chunk({0, 0});
    nbt::List sections;
    sections.items.emplace_back(std::move(section));
    root.put("sections", std::move(sections));
    return root;
  };
  refuse(with_section(section_with(0, two, std::nullopt)), "two entries, no data");
  refuse(with_section(section_with(0, two, nbt::LongArray(255))), "short data");
  refuse(with_section(section_with(0, two, nbt::LongArray(4096))), "long data");
  refuse(with_section(section_with(0, nbt::List{}, std::nullopt)), "empty palette");
  nbt::LongArray out_of_range(256, 0);
  out_of_range[10] = 5;  // index 5 of a two-entry palette
  refuse(with_section(section_with(0, two, out_of_range)), "index outside the palette");
  nbt::Compound bad_light = section_with(0, two, nbt::LongArray(256));
  bad_light.put("SkyLight", nbt::ByteArray(2047));
  refuse(with_section(bad_light), "light array of the wrong size");
  nbt::Compound legacy = minimal_chunk({0, 0});
  legacy.put("DataVersion", int32_t{1976});
  refuse(legacy, "pre-1.18 chunk");

  EXPECT_FALSE(decode_chunk(Bytes{1, 2, 3}, {0, 0}).ok());
  EXPECT_FALSE(decode_chunk(Bytes{}, {0, 0}).ok());
}

TEST(AnvilChunkNbt, MisplacedChunksAreRelocated) {
  const ChunkColumn column = terrain_column(2, {10, 10});
  auto loaded = decode_chunk(encode_chunk(column, {}), {11, 10});
  ASSERT_TRUE(loaded.ok());
  EXPECT_EQ(loaded->column.pos(), (ChunkPos{11, 10}));
  ASSERT_FALSE(loaded->notes.empty());
  EXPECT_NE(loaded->notes[0].find("wrong location"), std::string::npos);
}

TEST(AnvilChunkNbt, ExtrasAreCarriedToTheNextSave) {
  nbt::Compound root = chunk_to_nbt(terrain_column(4, {1, 1}), {});
  nbt::Compound chest;
  chest.put("id", "minecraft:chest");
  chest.put("x", int32_t{17}), chest.put("y", int32_t{70}), chest.put("z", int32_t{18});
  nbt::List entities;
  entities.items.emplace_back(chest);
  root.put("block_entities", entities);
  nbt::Compound tick;
  tick.put("i", "minecraft:water"), tick.put("x", int32_t{16}), tick.put("y", int32_t{60}), tick.put("z", int32_t{16});
  tick.put("t", int32_t{5}), tick.put("p", int32_t{0});
  nbt::List ticks;
  ticks.items.emplace_back(tick);
  root.put("fluid_ticks", ticks);
  auto loaded = chunk_from_nbt(root, {1, 1});
  ASSERT_TRUE(loaded.ok());
  const nbt::Compound again = chunk_to_nbt(loaded->column, loaded->extras);
  EXPECT_TRUE(*again.find("block_entities") == nbt::Tag(entities));
  EXPECT_TRUE(*again.find("fluid_ticks") == nbt::Tag(ticks));
}

}  // namespace
}  // namespace hz::anvil
