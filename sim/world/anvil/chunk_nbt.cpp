#include "sim/world/anvil/chunk_nbt.h"

#include <array>
#include <optional>

#include "sim/data/catalog.h"
#include "sim/world/anvil/bit_storage.h"
#include "sim/world/anvil/block_state_nbt.h"
#include "sim/world/biomes.h"

namespace hz::anvil {
namespace {

constexpr HeightmapType kFinalHeightmaps[] = {HeightmapType::kWorldSurface, HeightmapType::kOceanFloor,
                                              HeightmapType::kMotionBlocking,
                                              HeightmapType::kMotionBlockingNoLeaves};

// ---- writing ----

// Palette in order of first use over the cells, as vanilla's repack on save builds it.
struct DiskPalette {
  std::vector<uint16_t> values;
  std::vector<uint16_t> indices;
};

DiskPalette palette_of(std::span<const uint16_t> cells, std::vector<int32_t>& slot_of) {
  DiskPalette p;
  p.indices.resize(cells.size());
  for (size_t i = 0; i < cells.size(); ++i) {
    int32_t& slot = slot_of[cells[i]];
    if (slot < 0) {
      slot = static_cast<int32_t>(p.values.size());
      p.values.push_back(cells[i]);
    }
    p.indices[i] = static_cast<uint16_t>(slot);
  }
  for (uint16_t v : p.values) slot_of[v] = -1;  // leave the table clean for the next container
  return p;
}

template <class EntryFn>
nbt::Compound container_to_nbt(const PalettedContainer& container, int (*bits_for)(size_t), EntryFn entry,
                               std::vector<int32_t>& slot_of) {
  std::vector<uint16_t> cells(container.layout().entries);
  container.copy_to(cells);
  const DiskPalette p = palette_of(cells, slot_of);
  nbt::List palette;
  palette.items.reserve(p.values.size());
  for (uint16_t v : p.values) palette.items.emplace_back(entry(v));
  nbt::Compound out;
  out.put("palette", std::move(palette));
  if (const int bits = bits_for(p.values.size()); bits != 0) out.put("data", pack_indices(p.indices, bits));
  return out;
}

nbt::ByteArray light_bytes(const LightLayer& layer) {
  nbt::ByteArray out(LightLayer::kBytes);
  const SharedBytes packed = layer.packed();
  for (size_t i = 0; i < out.size(); ++i) out[i] = static_cast<int8_t>((*packed)[i]);
  return out;
}

// Light layer index (0 = the section below the world) of section y.
size_t light_index(int section_y) { return static_cast<size_t>(section_y - kMinLightSectionY); }

nbt::Compound section_to_nbt(const ChunkColumn& column, int section_y, std::vector<int32_t>& slot_of) {
  nbt::Compound tag;
  if (section_y >= kMinSectionY && section_y <= kMaxSectionY) {
    const Section& section = column.section(section_y - kMinSectionY);
    tag.put("block_states", container_to_nbt(section.blocks(), block_disk_bits,
                                              [](uint16_t s) { return block_state_to_nbt(s); }, slot_of));
    tag.put("biomes", container_to_nbt(section.biomes(), biome_disk_bits,
                                       [](uint16_t b) { return std::string(biome_name(b)); }, slot_of));
  }
  if (column.light_valid()) {
    const size_t li = light_index(section_y);
    // Block light is written where it is not all dark (a missing array reads as dark). Sky light
    // is written for every section, dark or fully lit, so no reader has to infer a missing one.
    if (!column.light().block[li].is_all_zero()) tag.put("BlockLight", light_bytes(column.light().block[li]));
    tag.put("SkyLight", light_bytes(column.light().sky[li]));
  }
  if (!tag.empty()) tag.put("Y", static_cast<int8_t>(section_y));
  return tag;
}

nbt::Compound default_structures() {
  nbt::Compound s;
  s.put("starts", nbt::Compound{});
  s.put("References", nbt::Compound{});
  return s;
}

nbt::List default_post_processing() {
  nbt::List list;
  list.items.assign(kSectionCount, nbt::Tag(nbt::List{}));
  return list;
}

nbt::Tag carried_or(const ChunkExtras& extras, std::string_view key, nbt::Tag fallback) {
  const nbt::Tag* kept = extras.carried.find(key);
  return kept ? *kept : fallback;
}

nbt::Compound heightmaps_to_nbt(const ChunkColumn& column) {
  nbt::Compound out;
  auto put = [&](std::string name, HeightmapType type) {
    const auto packed = column.heightmaps().packed(type);
    out.put(std::move(name), nbt::LongArray(packed.begin(), packed.end()));
  };
  if (column.status() >= ChunkStatus::kFeatures) {
    for (HeightmapType type : kFinalHeightmaps) put(std::string(heightmap_name(type)), type);
  } else {
    // Before features vanilla keeps the worldgen pair; their rules equal the final ones'.
    put("WORLD_SURFACE_WG", HeightmapType::kWorldSurface);
    put("OCEAN_FLOOR_WG", HeightmapType::kOceanFloor);
  }
  return out;
}

// ---- reading ----

std::optional<int64_t> numeric(const nbt::Tag* tag) {
  if (!tag) return std::nullopt;
  return std::visit(
      [](const auto& v) -> std::optional<int64_t> {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_integral_v<T>) return static_cast<int64_t>(v);
        else if constexpr (std::is_floating_point_v<T>) return static_cast<int64_t>(v);
        else return std::nullopt;
      },
      tag->value());
}

// Statuses vanilla has and Horizon folds into its own stage list.
std::optional<ChunkStatus> status_from_name(std::string_view name) {
  if (auto s = chunk_status_from_name(name)) return s;
  if (name == "minecraft:structure_starts" || name == "minecraft:structure_references" || name == "minecraft:biomes")
    return ChunkStatus::kEmpty;
  if (name == "minecraft:initialize_light") return ChunkStatus::kFeatures;
  if (name == "minecraft:spawn") return ChunkStatus::kLight;
  return std::nullopt;
}

// Cell values of one container; palette entries are turned into ids by `to_id`.
template <class ToId>
Result<std::vector<uint16_t>> container_cells(const nbt::Compound& tag, size_t entries, int (*bits_for)(size_t),
                                              ToId to_id, const char* what) {
  const nbt::List* palette = find_as<nbt::List>(tag, "palette");
  if (!palette || palette->items.empty()) return Error{std::string(what) + ": missing or empty palette"};
  if (palette->items.size() > entries) return Error{std::string(what) + ": palette larger than the container"};
  std::vector<uint16_t> ids;
  ids.reserve(palette->items.size());
  for (const nbt::Tag& item : palette->items) ids.push_back(to_id(item));
  const int bits = bits_for(ids.size());
  if (bits == 0) return std::vector<uint16_t>(entries, ids[0]);  // any data given is ignored
  const nbt::LongArray* data = find_as<nbt::LongArray>(tag, "data");
  if (!data) return Error{std::string(what) + ": Missing values for non-zero storage"};
  auto indices = unpack_indices(*data, bits, entries, ids.size());
  if (!indices) return Error{std::string(what) + ": " + indices.error()};
  std::vector<uint16_t> cells = std::move(indices.value());
  for (uint16_t& c : cells) c = ids[c];
  return cells;
}

Result<LightLayer> light_layer_of(const nbt::ByteArray& bytes, const char* key) {
  if (bytes.size() != LightLayer::kBytes) {
    return Error{std::string(key) + " array has " + std::to_string(bytes.size()) + " bytes, not 2048"};
  }
  Bytes packed(bytes.size());
  for (size_t i = 0; i < bytes.size(); ++i) packed[i] = static_cast<uint8_t>(bytes[i]);
  return LightLayer::from_packed(share(std::move(packed)));
}

// A section without stored sky light below stored ones continues the bottom plane of the one above
// (vanilla's sky light storage does the same); above every stored one it is fully lit.
LightLayer repeat_bottom_plane(const LightLayer& above) {
  if (above.is_uniform()) return above;
  std::vector<uint8_t> levels(4096);
  for (int i = 0; i < 4096; ++i) levels[static_cast<size_t>(i)] = above.get(i & 0xFF);
  return LightLayer::from_levels(levels);
}

struct StoredLight {
  std::array<std::optional<LightLayer>, kLightSectionCount> sky, block;
};

ColumnLight complete_light(const StoredLight& stored) {
  ColumnLight light;
  std::optional<LightLayer> above;
  for (size_t i = kLightSectionCount; i-- > 0;) {
    if (stored.sky[i]) above = stored.sky[i];
    else if (above) above = repeat_bottom_plane(*above);
    light.sky[i] = above ? *above : LightLayer::uniform(15);
    light.block[i] = stored.block[i] ? *stored.block[i] : LightLayer::uniform(0);
  }
  return light;
}

Status read_section(const nbt::Compound& tag, LoadedChunk& out, StoredLight& light) {
  const int y = static_cast<int8_t>(numeric(tag.find("Y")).value_or(0));
  const std::string where = "section " + std::to_string(y);
  if (y >= kMinSectionY && y <= kMaxSectionY) {
    Section& section = out.column.section(y - kMinSectionY);
    if (const auto* states = find_as<nbt::Compound>(tag, "block_states")) {
      std::string problem;
      auto cells = container_cells(*states, 4096, block_disk_bits,
                                   [&](const nbt::Tag& t) {
                                     const auto* c = t.as<nbt::Compound>();
                                     return c ? block_state_from_nbt(*c, problem) : BlockStateId{0};
                                   },
                                   "block_states");
      if (!cells) return Error{where + " " + cells.error()};
      if (!problem.empty()) out.notes.push_back("Recoverable errors when loading " + where + ": " + problem);
      section.assign_blocks(PalettedContainer::from_values(kBlockLayout, cells.value()));
    }
    if (const auto* biomes = find_as<nbt::Compound>(tag, "biomes")) {
      std::string problem;
      auto cells = container_cells(*biomes, 64, biome_disk_bits,
                                   [&](const nbt::Tag& t) {
                                     const auto* s = t.as<std::string>();
                                     return s ? biome_from_name(*s, problem) : plains_biome_id();
                                   },
                                   "biomes");
      if (!cells) return Error{where + " " + cells.error()};
      if (!problem.empty()) out.notes.push_back("Recoverable errors when loading " + where + ": " + problem);
      section.assign_biomes(PalettedContainer::from_values(kBiomeLayout, cells.value()));
    }
  }
  if (y < kMinLightSectionY || y >= kMinLightSectionY + kLightSectionCount) return Status::success();
  const size_t li = light_index(y);
  for (const char* key : {"BlockLight", "SkyLight"}) {
    const auto* bytes = find_as<nbt::ByteArray>(tag, key);
    if (!bytes) continue;
    auto layer = light_layer_of(*bytes, key);
    if (!layer) return Error{where + " " + layer.error()};
    (key[0] == 'B' ? light.block : light.sky)[li] = std::move(layer.value());
  }
  return Status::success();
}

// Stored heightmaps are checked against the ones recomputed from the blocks (the column always
// derives its own, so a stale or foreign heightmap can never disagree with the blocks).
void check_heightmaps(const nbt::Compound& root, LoadedChunk& out) {
  const auto* maps = find_as<nbt::Compound>(root, "Heightmaps");
  if (!maps) return;
  for (HeightmapType type : kFinalHeightmaps) {
    const auto* longs = find_as<nbt::LongArray>(*maps, heightmap_name(type));
    if (!longs) continue;
    const auto expected = out.column.heightmaps().packed(type);
    if (!std::equal(longs->begin(), longs->end(), expected.begin(), expected.end(),
                    [](int64_t a, uint64_t b) { return static_cast<uint64_t>(a) == b; })) {
      out.notes.push_back("stored heightmap " + std::string(heightmap_name(type)) +
                          " differs from the blocks; using the recomputed one");
    }
  }
}

void carry_extras(const nbt::Compound& root, LoadedChunk& out) {
  out.extras.last_update = numeric(root.find("LastUpdate")).value_or(0);
  out.extras.inhabited_time = numeric(root.find("InhabitedTime")).value_or(0);
  if (const auto* list = find_as<nbt::List>(root, "block_entities")) out.extras.block_entities = *list;
  for (const char* key : {"block_ticks", "fluid_ticks", "PostProcessing", "structures"}) {
    if (const nbt::Tag* tag = root.find(key)) out.extras.carried.put(key, *tag);
  }
}

}  // namespace

nbt::Compound chunk_to_nbt(const ChunkColumn& column, const ChunkExtras& extras) {
  nbt::Compound root;
  root.put("DataVersion", int32_t{kDataVersion});
  root.put("xPos", column.pos().x);
  root.put("yPos", int32_t{kMinSectionY});
  root.put("zPos", column.pos().z);
  root.put("LastUpdate", extras.last_update);
  root.put("InhabitedTime", extras.inhabited_time);
  root.put("Status", std::string(chunk_status_name(column.status())));
  nbt::List sections;
  std::vector<int32_t> slot_of(size_t{1} << 16, -1);  // palette slot by value while repacking
  for (int y = kMinLightSectionY; y < kMinLightSectionY + kLightSectionCount; ++y) {
    nbt::Compound section = section_to_nbt(column, y, slot_of);
    if (!section.empty()) sections.items.emplace_back(std::move(section));
  }
  root.put("sections", std::move(sections));
  if (column.light_valid()) root.put("isLightOn", int8_t{1});
  root.put("block_entities", extras.block_entities);
  if (column.status() != ChunkStatus::kFull) root.put("entities", nbt::List{});
  root.put("block_ticks", carried_or(extras, "block_ticks", nbt::List{}));
  root.put("fluid_ticks", carried_or(extras, "fluid_ticks", nbt::List{}));
  root.put("PostProcessing", carried_or(extras, "PostProcessing", default_post_processing()));
  root.put("Heightmaps", heightmaps_to_nbt(column));
  root.put("structures", carried_or(extras, "structures", default_structures()));
  return root;
}

Bytes encode_chunk(const ChunkColumn& column, const ChunkExtras& extras) {
  return nbt::file_bytes("", chunk_to_nbt(column, extras));
}

Result<LoadedChunk> chunk_from_nbt(const nbt::Compound& root, ChunkPos expected) {
  LoadedChunk out{ChunkColumn(expected, plains_biome_id()), ChunkExtras{}, -1, false, {}};
  out.data_version = static_cast<int32_t>(numeric(root.find("DataVersion")).value_or(-1));
  if (root.find("Level") || (out.data_version >= 0 && out.data_version < kFirstFlatChunkVersion)) {
    return Error{"chunk data from before 1.18 (DataVersion " + std::to_string(out.data_version) +
                 ") needs an upgrade Horizon does not do"};
  }
  const auto* status_name = find_as<std::string>(root, "Status");
  if (!status_name || status_name->empty()) return Error{"missing level data (no Status)"};
  const auto status = status_from_name(*status_name);
  if (!status) out.notes.push_back("unknown status " + *status_name + "; generation restarts");
  out.column.set_status(status.value_or(ChunkStatus::kEmpty));
  const ChunkPos stored{static_cast<int32_t>(numeric(root.find("xPos")).value_or(0)),
                        static_cast<int32_t>(numeric(root.find("zPos")).value_or(0))};
  if (stored != expected) {
    out.notes.push_back("chunk file is in the wrong location; relocating (expected " + std::to_string(expected.x) +
                        "," + std::to_string(expected.z) + ", got " + std::to_string(stored.x) + "," +
                        std::to_string(stored.z) + ")");
  }

  StoredLight light;
  if (const auto* sections = find_as<nbt::List>(root, "sections")) {
    for (const nbt::Tag& item : sections->items) {
      const auto* section = item.as<nbt::Compound>();
      if (!section) continue;
      if (Status s = read_section(*section, out, light); !s) return Error{s.error()};
    }
  }
  out.column.sections_replaced();
  check_heightmaps(root, out);
  const bool light_on = numeric(root.find("isLightOn")).value_or(0) != 0;
  // Vanilla's fixer drops light written before DataVersion 4537, so such chunks are relit.
  if (light_on && out.data_version >= kLightRewriteVersion) {
    out.column.set_light(complete_light(light));
    out.light_loaded = true;
  }
  carry_extras(root, out);
  return out;
}

Result<LoadedChunk> decode_chunk(std::span<const uint8_t> nbt_bytes, ChunkPos expected) {
  auto named = nbt::read_file(nbt_bytes);
  if (!named) return Error{"chunk NBT: " + named.error()};
  const auto* root = named->tag.as<nbt::Compound>();
  if (!root) return Error{"chunk NBT root is not a compound"};
  return chunk_from_nbt(*root, expected);
}

}  // namespace hz::anvil
