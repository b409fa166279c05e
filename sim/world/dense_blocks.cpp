#include "sim/world/dense_blocks.h"

#include <algorithm>
#include <span>

#include "sim/world/block_traits.h"

namespace hz {

DenseBlocks::DenseBlocks()
    : cells_(std::make_unique<uint16_t[]>(static_cast<size_t>(kSectionCount) * 4096)),
      dirty_((1u << kSectionCount) - 1),
      scan_top_(kWorldMinY - 1) {}

// Every cell is copied from a section, so the array starts unfilled.
DenseBlocks::DenseBlocks(const ChunkColumn& column)
    : cells_(std::make_unique_for_overwrite<uint16_t[]>(static_cast<size_t>(kSectionCount) * 4096)),
      scan_top_(kWorldMinY - 1) {
  for (int s = 0; s < kSectionCount; ++s) {
    if (!column.section(s).has_only_air()) scan_top_ = kWorldMinY + s * 16 + 15;
    column.section(s).blocks().copy_to(std::span<uint16_t>(cells_.get() + static_cast<size_t>(s) * 4096, 4096));
  }
}

int DenseBlocks::top_non_air(int x, int z) const {
  const BlockTraits& traits = BlockTraits::get();
  for (int y = scan_top_; y >= kWorldMinY; --y) {
    if (!traits.is_air(get(x, y, z))) return y;
  }
  return kWorldMinY - 1;
}

void DenseBlocks::store_into(ChunkColumn& column) const {
  for (int s = 0; s < kSectionCount; ++s) {
    if (!(dirty_ & (uint32_t{1} << s))) continue;
    std::span<const uint16_t> cells(cells_.get() + static_cast<size_t>(s) * 4096, 4096);
    const uint16_t first = cells[0];
    if (std::all_of(cells.begin(), cells.end(), [first](uint16_t v) { return v == first; })) {
      column.section(s).assign_blocks(PalettedContainer(kBlockLayout, first));
    } else {
      column.section(s).assign_blocks(PalettedContainer::from_values(kBlockLayout, cells));
    }
  }
  column.sections_replaced();
}

}  // namespace hz
