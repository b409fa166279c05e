#include "sim/world/chunk_column.h"

#include <array>
#include <bit>
#include <vector>

#include "sim/core/hash.h"
#include "sim/world/block_traits.h"
#include "sim/world/chunk_packet.h"

namespace hz {
namespace {

constexpr HeightmapType kAllHeightmaps[] = {HeightmapType::kWorldSurface, HeightmapType::kOceanFloor,
                                            HeightmapType::kMotionBlocking,
                                            HeightmapType::kMotionBlockingNoLeaves};

}  // namespace

ChunkColumn::ChunkColumn(ChunkPos pos, uint16_t biome) : pos_(pos) {
  sections_.fill(Section(biome));
}

BlockStateId ChunkColumn::set_block(int x, int y, int z, BlockStateId state) {
  if (y < kWorldMinY || y > kWorldMaxY) return 0;
  const BlockStateId old =
      sections_[static_cast<size_t>(section_index_of(y))].set_block(block_index(x, y & 15, z), state);
  if (old == state) return old;
  ++version_;
  light_valid_ = false;
  const uint8_t flags = BlockTraits::get().flags(state);
  const int stored = y + 1 - kWorldMinY;
  for (HeightmapType type : kAllHeightmaps) {
    const int current = heightmaps_.value(type, x, z);
    if (heightmap_matches(type, flags)) {
      if (stored > current) heightmaps_.set_value(type, x, z, stored);
    } else if (stored == current) {
      refresh_heightmap(type, x, z, y - 1);
    }
  }
  return old;
}

void ChunkColumn::refresh_heightmap(HeightmapType type, int x, int z, int below_y) {
  const BlockTraits& traits = BlockTraits::get();
  for (int y = below_y; y >= kWorldMinY; --y) {
    const Section& s = sections_[static_cast<size_t>(section_index_of(y))];
    if (s.has_only_air()) {  // nothing in an air section matches any heightmap
      y &= ~15;
      continue;
    }
    if (heightmap_matches(type, traits.flags(s.block(block_index(x, y & 15, z))))) {
      heightmaps_.set_value(type, x, z, y + 1 - kWorldMinY);
      return;
    }
  }
  heightmaps_.set_value(type, x, z, 0);
}

namespace {

// For each combination of block flags, one bit per heightmap type the block counts for.
const std::array<uint8_t, 256>& heightmaps_matched() {
  static const std::array<uint8_t, 256> table = [] {
    std::array<uint8_t, 256> out{};
    for (int flags = 0; flags < 256; ++flags)
      for (HeightmapType type : kAllHeightmaps)
        if (heightmap_matches(type, static_cast<uint8_t>(flags))) out[flags] |= uint8_t{1} << static_cast<int>(type);
    return out;
  }();
  return table;
}

// Per state, one bit per heightmap type it counts for, for lookups a section at a time.
const std::vector<uint8_t>& heightmap_masks() {
  static const std::vector<uint8_t> table = [] {
    const BlockTraits& traits = BlockTraits::get();
    std::vector<uint8_t> out(kBlockStateCount);
    for (size_t state = 0; state < out.size(); ++state) {
      out[state] = heightmaps_matched()[traits.flags(static_cast<BlockStateId>(state))];
    }
    return out;
  }();
  return table;
}

}  // namespace

void ChunkColumn::recompute_heightmaps() {
  const std::vector<uint8_t>& masks = heightmap_masks();
  constexpr uint8_t kAllFound = (1u << kHeightmapTypeCount) - 1;
  // Per column (z * 16 + x): the maps whose top is known, and each map's value.
  std::array<uint8_t, 256> found{};
  std::array<std::array<int, kHeightmapTypeCount>, 256> values{};
  int open_columns = 256;
  std::array<uint8_t, 4096> cells;
  for (int s = kSectionCount - 1; s >= 0 && open_columns > 0; --s) {
    const Section& section = sections_[static_cast<size_t>(s)];
    // Looked up a section at a time: no map counts a block of a section of air, or of one whose
    // states all look up to nothing.
    if (section.has_only_air() || section.blocks().copy_through(masks, cells) == 0) continue;
    for (size_t column = 0; column < 256; ++column) {
      for (int ly = 15; ly >= 0 && found[column] != kAllFound; --ly) {
        const uint8_t fresh = cells[(static_cast<size_t>(ly) << 8) | column] & ~found[column];
        if (fresh == 0) continue;
        found[column] |= fresh;
        for (uint8_t left = fresh; left != 0; left &= left - 1) values[column][std::countr_zero(left)] = s * 16 + ly + 1;
        if (found[column] == kAllFound) --open_columns;
      }
    }
  }
  for (int z = 0; z < 16; ++z)
    for (int x = 0; x < 16; ++x)
      for (HeightmapType type : kAllHeightmaps)
        heightmaps_.set_value(type, x, z, values[static_cast<size_t>(z * 16 + x)][static_cast<size_t>(type)]);
}

uint16_t ChunkColumn::biome_at(int x, int y, int z) const {
  if (y < kWorldMinY) y = kWorldMinY;
  if (y > kWorldMaxY) y = kWorldMaxY;
  return sections_[static_cast<size_t>(section_index_of(y))].biome(biome_index(x >> 2, (y & 15) >> 2, z >> 2));
}

void ChunkColumn::set_biome_cell(int cell_x, int cell_y, int cell_z, uint16_t biome) {
  Section& s = sections_[static_cast<size_t>(cell_y >> 2)];
  if (s.biome(biome_index(cell_x, cell_y & 3, cell_z)) == biome) return;
  s.set_biome(biome_index(cell_x, cell_y & 3, cell_z), biome);
  ++version_;
}

uint32_t ChunkColumn::random_ticking_sections() const {
  if (ticking_sections_version_ != version_) {
    uint32_t mask = 0;
    for (int s = 0; s < kSectionCount; ++s)
      if (sections_[static_cast<size_t>(s)].random_ticking_count() > 0) mask |= 1u << s;
    ticking_sections_ = mask;
    ticking_sections_version_ = version_;
  }
  return ticking_sections_;
}

void ChunkColumn::sections_replaced() {
  recompute_heightmaps();
  light_valid_ = false;
  ++version_;
}

void ChunkColumn::invalidate_light() {
  light_valid_ = false;
  ++version_;
}

void ChunkColumn::set_light(ColumnLight light) {
  light_ = std::move(light);
  light_valid_ = true;
  ++version_;
}

SharedBytes ChunkColumn::packet_body() const {
  if (!body_cache_.bytes || body_cache_.version != version_) {
    ByteWriter out(estimated_chunk_body_size(*this));
    write_chunk_body(out, *this);
    body_cache_ = {version_, 0, share(out.take())};
  }
  return body_cache_.bytes;
}

SharedBytes ChunkColumn::map_chunk_packet(int packet_id) const {
  if (!packet_cache_.bytes || packet_cache_.version != version_ || packet_cache_.tag != packet_id) {
    ByteWriter out(estimated_chunk_body_size(*this) + 16);
    out.varint(packet_id);
    out.i32(pos_.x);
    out.i32(pos_.z);
    write_chunk_body(out, *this);
    packet_cache_ = {version_, packet_id, share(out.take())};
  }
  return packet_cache_.bytes;
}

SharedBytes ChunkColumn::light_packet_fields() const {
  if (!light_cache_.bytes || light_cache_.version != version_) {
    ByteWriter out;
    write_light_data(out, light_);
    light_cache_ = {version_, 0, share(out.take())};
  }
  return light_cache_.bytes;
}

void ChunkColumn::drop_caches() const {
  body_cache_ = {};
  packet_cache_ = {};
  light_cache_ = {};
  for (const Section& s : sections_) s.drop_cache();
}

size_t ChunkColumn::memory_bytes() const {
  size_t n = sizeof(*this) - sizeof(sections_) - sizeof(light_) + light_.memory_bytes();
  if (feature_plan_) n += sizeof(FeaturePlan) + feature_plan_->trees.capacity() * sizeof(TreePlacement);
  for (const Section& s : sections_) n += s.memory_bytes();
  for (const CachedBytes* c : {&body_cache_, &packet_cache_, &light_cache_}) {
    if (c->bytes) n += c->bytes->capacity();
  }
  return n;
}

namespace {
void hash_container(Hasher& h, const PalettedContainer& c) {
  h.u64(static_cast<uint64_t>(c.bits()));
  h.u64(c.palette().size());
  h.bytes(c.palette().data(), c.palette().size_bytes());
  h.u64(c.data().size());
  h.bytes(c.data().data(), c.data().size_bytes());
}
}  // namespace

uint64_t ChunkColumn::stored_hash() const {
  Hasher h;
  h.i64(pos_.x);
  h.i64(pos_.z);
  h.u64(static_cast<uint64_t>(status_));
  for (const Section& s : sections_) {
    hash_container(h, s.blocks());
    hash_container(h, s.biomes());
  }
  for (HeightmapType type : kAllHeightmaps) {
    const auto words = heightmaps_.packed(type);
    h.bytes(words.data(), sizeof(words));
  }
  for (const auto* layers : {&light_.sky, &light_.block}) {
    for (const LightLayer& layer : *layers) {
      if (layer.is_uniform()) {
        h.u64(0x100u | layer.uniform_level());  // never a packed layer's length
      } else {
        const SharedBytes packed = layer.packed();
        h.u64(packed->size());
        h.bytes(packed->data(), packed->size());
      }
    }
  }
  return h.digest();
}

uint64_t ChunkColumn::content_hash() const {
  Hasher h;
  h.i64(pos_.x);
  h.i64(pos_.z);
  for (const Section& s : sections_) {
    for (int i = 0; i < 4096; ++i) h.u64(s.block(i));
    for (int i = 0; i < 64; ++i) h.u64(s.biome(i));
  }
  for (HeightmapType type : kAllHeightmaps) {
    for (uint64_t word : heightmaps_.packed(type)) h.u64(word);
  }
  for (const auto* layers : {&light_.sky, &light_.block}) {
    for (const LightLayer& layer : *layers) {
      for (int i = 0; i < 4096; ++i) h.u64(layer.get(i));
    }
  }
  return h.digest();
}

}  // namespace hz
