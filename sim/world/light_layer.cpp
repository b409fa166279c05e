#include "sim/world/light_layer.h"
#include "sim/core/check.h"

#include <algorithm>
#include <cassert>

namespace hz {

LightLayer LightLayer::uniform(uint8_t level) {
  LightLayer layer;
  layer.uniform_ = level;
  return layer;
}

LightLayer LightLayer::from_levels(std::span<const uint8_t> levels) {
  HZ_CHECK(levels.size() == 4096);
  const uint8_t first = levels[0];
  if (std::all_of(levels.begin(), levels.end(), [first](uint8_t v) { return v == first; })) {
    return uniform(first);
  }
  Bytes packed(kBytes);
  for (size_t i = 0; i < kBytes; ++i) {
    packed[i] = static_cast<uint8_t>((levels[2 * i] & 0x0F) | ((levels[2 * i + 1] & 0x0F) << 4));
  }
  return from_packed(share(std::move(packed)));
}

LightLayer LightLayer::from_packed(SharedBytes packed) {
  HZ_CHECK(packed && packed->size() == kBytes);
  LightLayer layer;
  const uint8_t first = (*packed)[0];
  const bool same_nibbles = (first & 0x0F) == (first >> 4);
  if (same_nibbles && std::all_of(packed->begin(), packed->end(), [first](uint8_t b) { return b == first; })) {
    layer.uniform_ = first & 0x0F;
    return layer;
  }
  layer.packed_ = std::move(packed);
  return layer;
}

SharedBytes LightLayer::packed() const {
  if (packed_) return packed_;
  return share(Bytes(kBytes, static_cast<uint8_t>(uniform_ | (uniform_ << 4))));
}

void LightLayer::append_packed(Bytes& out) const {
  if (packed_) {
    out.insert(out.end(), packed_->begin(), packed_->end());
  } else {
    out.insert(out.end(), kBytes, static_cast<uint8_t>(uniform_ | (uniform_ << 4)));
  }
}

bool LightLayer::operator==(const LightLayer& other) const {
  if (!packed_ && !other.packed_) return uniform_ == other.uniform_;
  for (int i = 0; i < 4096; ++i) {
    if (get(i) != other.get(i)) return false;
  }
  return true;
}

}  // namespace hz
