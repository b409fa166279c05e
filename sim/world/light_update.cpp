#include "sim/world/light_update.h"

#include <algorithm>
#include <array>
#include <map>
#include <tuple>

#include "sim/core/check.h"
#include "sim/world/block_traits.h"

namespace hz {

namespace {

constexpr int kMinLightY = kWorldMinY - 16;  // the light section below the world
constexpr int kMaxLightY = kWorldMaxY + 16;  // the light section above it

struct Cell {
  int x = 0, y = 0, z = 0;
};

// Up, down, then the four sides; the sky's lossless step is the one straight down.
constexpr int kSteps[6][3] = {{0, 1, 0}, {0, -1, 0}, {1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}};
constexpr int kDown = 1;

// The levels of one layer (sky or block) around the changes: sections are decoded on first use
// and written back to their columns at the end.
class LayerCells {
 public:
  LayerCells(const LightColumns& columns, bool sky) : columns_(columns), sky_(sky) {}

  // Whether the cell holds light this update may change (loaded column, inside the light range).
  bool writable(const Cell& c) { return c.y >= kMinLightY && c.y <= kMaxLightY && section(c) != nullptr; }
  int level(const Cell& c) { return section(c)->levels[index(c)]; }
  void set(const Cell& c, int level) { section(c)->levels[index(c)] = static_cast<uint8_t>(level); }
  // Opacity and emission of the block in a writable cell (air outside the world's height).
  uint8_t opacity(const Cell& c) { return traits_.opacity(block(c)); }
  uint8_t emission(const Cell& c) { return traits_.emission(block(c)); }

  // Stores changed sections in a copy of each column's light; appends them to `changed`.
  void write_back(std::map<ChunkPos, ColumnLight>& lights, std::vector<ChangedLightSection>& changed);

 private:
  struct Section {
    ChunkColumn* column = nullptr;
    std::array<uint8_t, 4096> levels{};
  };
  using Key = std::tuple<int, int, int>;  // chunk x, chunk z, light section

  Section* section(const Cell& c);
  static size_t index(const Cell& c) { return static_cast<size_t>(((c.y & 15) << 8) | ((c.z & 15) << 4) | (c.x & 15)); }
  BlockStateId block(const Cell& c) { return section(c)->column->block(c.x & 15, c.y, c.z & 15); }
  const LightLayer& stored(const Section& s, int light_section) const {
    const ColumnLight& light = s.column->light();
    return (sky_ ? light.sky : light.block)[static_cast<size_t>(light_section)];
  }

  const LightColumns& columns_;
  const bool sky_;
  const BlockTraits& traits_ = BlockTraits::get();
  std::map<Key, Section> sections_;
  std::map<ChunkPos, ChunkColumn*> column_cache_;
  Key last_key_{0, 0, -1};
  Section* last_ = nullptr;
};

LayerCells::Section* LayerCells::section(const Cell& c) {
  const Key key{c.x >> 4, c.z >> 4, ((c.y - kMinLightY) >> 4)};
  if (last_ != nullptr && key == last_key_) return last_;
  auto found = sections_.find(key);
  if (found == sections_.end()) {
    const ChunkPos pos{std::get<0>(key), std::get<1>(key)};
    auto col = column_cache_.find(pos);
    if (col == column_cache_.end()) col = column_cache_.emplace(pos, columns_(pos)).first;
    if (col->second == nullptr) return nullptr;
    Section s;
    s.column = col->second;
    const LightLayer& layer = stored(s, std::get<2>(key));
    for (int i = 0; i < 4096; ++i) s.levels[static_cast<size_t>(i)] = layer.get(i);
    found = sections_.emplace(key, s).first;
  }
  last_key_ = key;
  last_ = &found->second;
  return last_;
}

void LayerCells::write_back(std::map<ChunkPos, ColumnLight>& lights, std::vector<ChangedLightSection>& changed) {
  for (const auto& [key, s] : sections_) {
    const int light_section = std::get<2>(key);
    LightLayer layer = LightLayer::from_levels(s.levels);
    if (layer == stored(s, light_section)) continue;
    auto it = lights.try_emplace(s.column->pos(), s.column->light()).first;
    (sky_ ? it->second.sky : it->second.block)[static_cast<size_t>(light_section)] = std::move(layer);
    changed.push_back({s.column->pos(), light_section, sky_});
  }
}

bool different_light_properties(BlockStateId a, BlockStateId b) {
  const BlockTraits& t = BlockTraits::get();
  return t.opacity(a) != t.opacity(b) || t.emission(a) != t.emission(b);
}

// The level light would have after one step from `level` into a cell of `opacity`; straight down,
// full sky light passes open cells without loss (direct sunlight).
int step_level(bool sky, int direction, int level, int opacity) {
  if (sky && direction == kDown && level == 15 && opacity == 0) return 15;
  return level - std::max(1, opacity);
}

class LayerUpdate {
 public:
  LayerUpdate(LayerCells& cells, bool sky) : cells_(cells), sky_(sky) {}

  void run(std::span<const ChangedBlock> changes) {
    for (const ChangedBlock& change : changes) clear({change.x, change.y, change.z});
    clear_outward();
    relight_cleared();
    spread();
  }

 private:
  struct Cleared {
    Cell cell;
    int level;
  };

  void clear(const Cell& c) {
    if (!cells_.writable(c)) return;
    cleared_.push_back({c, cells_.level(c)});
    cells_.set(c, 0);
  }

  // Clears every cell whose light may have come from a cleared cell; cells that keep light of
  // their own become sources for spreading back in.
  void clear_outward() {
    for (size_t i = 0; i < cleared_.size(); ++i) {
      const Cleared from = cleared_[i];
      for (int d = 0; d < 6; ++d) {
        const Cell n{from.cell.x + kSteps[d][0], from.cell.y + kSteps[d][1], from.cell.z + kSteps[d][2]};
        if (!cells_.writable(n)) continue;
        const int level = cells_.level(n);
        if (level == 0) continue;
        const bool lit_by_cleared = level < from.level || (sky_ && d == kDown && from.level == 15 && level == 15);
        if (lit_by_cleared) {
          cells_.set(n, 0);
          cleared_.push_back({n, level});
        } else {
          queue(n, level);
        }
      }
    }
  }

  // Cleared cells that light themselves: emitting blocks, and for the sky the cells just below
  // the top of the light range, which the open sky above lights.
  void relight_cleared() {
    for (const Cleared& c : cleared_) {
      int own = sky_ ? 0 : cells_.emission(c.cell);
      if (sky_ && c.cell.y == kMaxLightY) own = step_level(true, kDown, 15, cells_.opacity(c.cell));
      if (own > cells_.level(c.cell)) {
        cells_.set(c.cell, own);
        queue(c.cell, own);
      }
    }
  }

  void queue(const Cell& c, int level) {
    if (level > 1) buckets_[static_cast<size_t>(level)].push_back(c);
  }

  // Spreads from the brightest queued cells down, so each cell is final when taken at its level.
  void spread() {
    for (int current = 15; current >= 2; --current) {
      std::vector<Cell>& bucket = buckets_[static_cast<size_t>(current)];
      for (size_t i = 0; i < bucket.size(); ++i) {
        const Cell c = bucket[i];
        if (cells_.level(c) != current) continue;  // raised later and spread from there
        for (int d = 0; d < 6; ++d) {
          const Cell n{c.x + kSteps[d][0], c.y + kSteps[d][1], c.z + kSteps[d][2]};
          if (!cells_.writable(n)) continue;
          const int next = step_level(sky_, d, current, cells_.opacity(n));
          if (next > cells_.level(n)) {
            cells_.set(n, next);
            queue(n, next);
          }
        }
      }
      bucket.clear();
    }
  }

  LayerCells& cells_;
  const bool sky_;
  std::vector<Cleared> cleared_;
  std::array<std::vector<Cell>, 16> buckets_;
};

}  // namespace

std::vector<ChangedLightSection> update_light(std::span<const ChangedBlock> changes, const LightColumns& columns) {
  std::vector<ChangedBlock> relevant;
  for (const ChangedBlock& change : changes) {
    ChunkColumn* column = columns({change.x >> 4, change.z >> 4});
    if (column == nullptr) continue;
    if (different_light_properties(change.old_state, column->block(change.x & 15, change.y, change.z & 15))) {
      relevant.push_back(change);
    }
  }
  std::map<ChunkPos, ColumnLight> lights;
  std::vector<ChangedLightSection> changed;
  for (bool sky : {true, false}) {
    LayerCells cells(columns, sky);
    LayerUpdate(cells, sky).run(relevant);
    cells.write_back(lights, changed);
  }
  for (auto& [pos, light] : lights) columns(pos)->set_light(std::move(light));
  std::sort(changed.begin(), changed.end());
  return changed;
}

}  // namespace hz
