#include "sim/world/chunk_codec.h"

namespace hz {
namespace {

constexpr int kMaxTrees = 256;

void write_layer(ByteWriter& out, const LightLayer& layer) {
  if (layer.is_uniform()) {
    out.u8(0);
    out.u8(layer.uniform_level());
  } else {
    out.u8(1);
    out.raw(*layer.packed());
  }
}

bool read_layer(ByteReader& in, LightLayer& layer) {
  const uint8_t tag = in.u8();
  if (tag == 0) {
    const uint8_t level = in.u8();
    if (!in.ok() || level > 15) return false;
    layer = LightLayer::uniform(level);
    return true;
  }
  if (tag != 1 || in.remaining() < LightLayer::kBytes) return false;
  layer = LightLayer::from_packed(share(in.raw(LightLayer::kBytes)));
  return in.ok();
}

}  // namespace

void write_light(ByteWriter& out, const ColumnLight& light) {
  for (const LightLayer& l : light.sky) write_layer(out, l);
  for (const LightLayer& l : light.block) write_layer(out, l);
}

bool read_light(ByteReader& in, ColumnLight& light) {
  for (LightLayer& l : light.sky)
    if (!read_layer(in, l)) return false;
  for (LightLayer& l : light.block)
    if (!read_layer(in, l)) return false;
  return true;
}

void write_column(ByteWriter& out, const ChunkColumn& column) {
  out.i32(column.pos().x);
  out.i32(column.pos().z);
  out.u8(static_cast<uint8_t>(column.status()));
  for (int s = 0; s < kSectionCount; ++s) column.section(s).encode(out);
  out.boolean(column.light_valid());
  if (column.light_valid()) write_light(out, column.light());
  out.boolean(column.feature_plan() != nullptr);
  if (column.feature_plan()) write_plan(out, *column.feature_plan());
}

bool read_column(ByteReader& in, ChunkColumn& column) {
  const ChunkPos pos{in.i32(), in.i32()};
  const uint8_t status = in.u8();
  if (!in.ok() || status >= kChunkStatusCount || pos != column.pos()) return false;
  for (int s = 0; s < kSectionCount; ++s) {
    if (!column.section(s).decode(in)) return false;
  }
  column.sections_replaced();
  column.set_status(static_cast<ChunkStatus>(status));
  const bool has_light = in.boolean();
  if (!in.ok()) return false;
  if (has_light) {
    ColumnLight light;
    if (!read_light(in, light)) return false;
    column.set_light(std::move(light));
  }
  const bool has_plan = in.boolean();
  if (!in.ok()) return false;
  if (has_plan) {
    auto plan = std::make_shared<FeaturePlan>();
    if (!read_plan(in, *plan)) return false;
    column.set_feature_plan(std::move(plan));
  }
  return true;
}

void write_plan(ByteWriter& out, const FeaturePlan& plan) {
  out.varint(static_cast<int32_t>(plan.trees.size()));
  for (const TreePlacement& t : plan.trees) {
    out.u8(t.x);
    out.u8(t.z);
    out.i16(t.y);
    out.u8(static_cast<uint8_t>(t.kind));
    out.u8(t.height);
    out.i32(static_cast<int32_t>(t.shape_seed));
  }
}

bool read_plan(ByteReader& in, FeaturePlan& plan) {
  const int32_t count = in.length(kMaxTrees);
  if (!in.ok()) return false;
  plan.trees.clear();
  for (int32_t i = 0; i < count; ++i) {
    TreePlacement t;
    t.x = in.u8();
    t.z = in.u8();
    t.y = in.i16();
    const uint8_t kind = in.u8();
    t.height = in.u8();
    t.shape_seed = static_cast<uint32_t>(in.i32());
    if (!in.ok() || t.x > 15 || t.z > 15 || kind >= kTreeKindCount || t.height > 14 || t.y < kWorldMinY ||
        t.y > kWorldMaxY) {
      return false;
    }
    t.kind = static_cast<TreeKind>(kind);
    plan.trees.push_back(t);
  }
  return true;
}

void write_blocks(ByteWriter& out, const ColumnBlocks& blocks) {
  for (const PalettedContainer& c : blocks.sections) c.encode(out);
}

bool read_blocks(ByteReader& in, ColumnBlocks& blocks) {
  for (PalettedContainer& c : blocks.sections) {
    c = PalettedContainer(kBlockLayout);
    if (!c.decode(in)) return false;
  }
  return true;
}

}  // namespace hz
