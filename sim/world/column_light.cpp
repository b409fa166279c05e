#include "sim/world/column_light.h"

namespace hz {

size_t ColumnLight::memory_bytes() const {
  size_t n = sizeof(*this);
  for (const LightLayer& l : sky) n += l.memory_bytes();
  for (const LightLayer& l : block) n += l.memory_bytes();
  return n;
}

}  // namespace hz
