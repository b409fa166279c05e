#include "sim/game/ticks/saved_ticks_nbt.h"

#include <algorithm>
#include <array>

#include "sim/data/blocks.h"

namespace hz {

namespace {

constexpr std::array<std::string_view, 5> kFluidNames = {"minecraft:empty", "minecraft:flowing_water", "minecraft:water",
                                                         "minecraft:flowing_lava", "minecraft:lava"};

std::string_view without_namespace(std::string_view name) {
  constexpr std::string_view kPrefix = "minecraft:";
  return name.starts_with(kPrefix) ? name.substr(kPrefix.size()) : name;
}

// Codec.INT accepts any numeric tag.
std::optional<int64_t> int_field(const nbt::Compound& c, std::string_view key) {
  const nbt::Tag* tag = c.find(key);
  if (tag == nullptr) return std::nullopt;
  if (const auto* v = tag->as<int8_t>()) return *v;
  if (const auto* v = tag->as<int16_t>()) return *v;
  if (const auto* v = tag->as<int32_t>()) return *v;
  if (const auto* v = tag->as<int64_t>()) return static_cast<int32_t>(*v);
  return std::nullopt;
}

}  // namespace

const TickTypeNames& block_tick_names() {
  static const TickTypeNames names{
      [](uint32_t id) { return "minecraft:" + std::string(block_info(static_cast<BlockId>(id)).name); },
      [](std::string_view name) -> std::optional<uint32_t> {
        const auto block = block_by_name(without_namespace(name));
        if (!block) return std::nullopt;
        return static_cast<uint32_t>(*block);
      }};
  return names;
}

const TickTypeNames& fluid_tick_names() {
  static const TickTypeNames names{
      [](uint32_t id) { return std::string(id < kFluidNames.size() ? kFluidNames[id] : kFluidNames[0]); },
      [](std::string_view name) -> std::optional<uint32_t> {
        const std::string full = name.find(':') == std::string_view::npos ? "minecraft:" + std::string(name)
                                                                          : std::string(name);
        for (uint32_t i = 0; i < kFluidNames.size(); ++i)
          if (kFluidNames[i] == full) return i;
        return std::nullopt;
      }};
  return names;
}

nbt::List saved_ticks_to_nbt(const std::vector<SavedTick>& ticks, const TickTypeNames& names) {
  nbt::List list;
  list.items.reserve(ticks.size());
  for (const SavedTick& t : ticks) {
    nbt::Compound c;
    c.put("i", names.name(t.type));
    c.put("x", t.pos.x);
    c.put("y", t.pos.y);
    c.put("z", t.pos.z);
    c.put("t", t.delay);
    c.put("p", t.priority);
    list.items.emplace_back(std::move(c));
  }
  return list;
}

Result<DecodedTicks> saved_ticks_from_nbt(const nbt::Tag& tag, const TickTypeNames& names, ChunkPos chunk) {
  const auto* list = tag.as<nbt::List>();
  if (list == nullptr) return Error{"scheduled ticks are not a list"};
  DecodedTicks out;
  for (const nbt::Tag& item : list->items) {
    const auto* c = item.as<nbt::Compound>();
    if (c == nullptr) return Error{"a scheduled tick is not a compound"};
    const auto* name = c->find("i") ? c->find("i")->as<std::string>() : nullptr;
    const auto x = int_field(*c, "x"), y = int_field(*c, "y"), z = int_field(*c, "z");
    const auto t = int_field(*c, "t"), p = int_field(*c, "p");
    const std::optional<uint32_t> type = name ? names.id(*name) : std::nullopt;
    // TickPriority.byValue maps values outside -3..3 to the nearest end.
    if (!type || !x || !y || !z || !t || !p) {
      ++out.skipped;
      continue;
    }
    const BlockPos pos{static_cast<int32_t>(*x), static_cast<int32_t>(*y), static_cast<int32_t>(*z)};
    if (chunk_of_block(pos) != chunk) {
      ++out.skipped;
      continue;
    }
    const int32_t priority = static_cast<int32_t>(std::clamp<int64_t>(*p, -3, 3));
    out.ticks.push_back(SavedTick{*type, pos, static_cast<int32_t>(*t), priority});
  }
  return out;
}

}  // namespace hz
