#include "sim/world/chunk_packet.h"

#include "sim/world/chunk_column.h"

namespace hz {
namespace {

constexpr HeightmapType kSentHeightmaps[] = {HeightmapType::kWorldSurface, HeightmapType::kMotionBlocking,
                                             HeightmapType::kMotionBlockingNoLeaves};

void write_heightmaps(ByteWriter& out, const Heightmaps& heightmaps) {
  out.varint(static_cast<int32_t>(std::size(kSentHeightmaps)));
  for (HeightmapType type : kSentHeightmaps) {
    out.varint(heightmap_protocol_id(type));
    out.varint(kHeightmapLongs);
    for (uint64_t word : heightmaps.packed(type)) out.u64(word);
  }
}

void write_layers(ByteWriter& out, const std::array<LightLayer, kLightSectionCount>& layers) {
  int count = 0;
  for (const LightLayer& layer : layers) count += layer.is_all_zero() ? 0 : 1;
  out.varint(count);
  for (const LightLayer& layer : layers) {
    if (layer.is_all_zero()) continue;
    out.varint(static_cast<int32_t>(LightLayer::kBytes));
    layer.append_packed(out.bytes());
  }
}

uint64_t mask_of(const std::array<LightLayer, kLightSectionCount>& layers, bool want_zero) {
  uint64_t mask = 0;
  for (int i = 0; i < kLightSectionCount; ++i) {
    if (layers[static_cast<size_t>(i)].is_all_zero() == want_zero) mask |= uint64_t{1} << i;
  }
  return mask;
}

}  // namespace

void write_light_data(ByteWriter& out, const ColumnLight& light) {
  const uint64_t masks[] = {mask_of(light.sky, false), mask_of(light.block, false), mask_of(light.sky, true),
                            mask_of(light.block, true)};
  for (uint64_t mask : masks) {
    if (mask == 0) {
      out.varint(0);  // an empty BitSet has no longs
    } else {
      out.bitset(std::span<const uint64_t>(&mask, 1));
    }
  }
  write_layers(out, light.sky);
  write_layers(out, light.block);
}

void write_chunk_body(ByteWriter& out, const ChunkColumn& column) {
  write_heightmaps(out, column.heightmaps());
  size_t blob = 0;
  SharedBytes encoded[kSectionCount];
  for (int i = 0; i < kSectionCount; ++i) {
    encoded[i] = column.section(i).encoded();
    blob += encoded[i]->size();
  }
  out.varint(static_cast<int32_t>(blob));
  for (const SharedBytes& bytes : encoded) out.raw(*bytes);
  out.varint(0);  // block entities: none generated
  write_light_data(out, column.light());
}

size_t estimated_chunk_body_size(const ChunkColumn& column) {
  size_t n = 3 * (2 + 8 * kHeightmapLongs) + 16 + 64;
  for (int i = 0; i < kSectionCount; ++i) {
    const Section& s = column.section(i);
    n += 4 + s.blocks().encoded_size() + s.biomes().encoded_size();
  }
  for (const auto* layers : {&column.light().sky, &column.light().block}) {
    for (const LightLayer& layer : *layers) n += layer.is_all_zero() ? 0 : LightLayer::kBytes + 2;
  }
  return n;
}

bool read_chunk_sections(ByteReader& in, std::vector<Section>& sections) {
  const int32_t heightmaps = in.varint();
  for (int32_t i = 0; i < heightmaps && in.ok(); ++i) {
    in.varint();  // type
    const int32_t longs = in.varint();
    for (int32_t j = 0; j < longs && in.ok(); ++j) in.u64();
  }
  in.varint();  // the sections' size in bytes
  sections.assign(kSectionCount, Section{});
  for (Section& section : sections)
    if (!in.ok() || !section.decode(in)) return false;
  return in.ok();
}

}  // namespace hz
