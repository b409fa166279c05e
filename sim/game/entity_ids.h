// The one counter that gives every entity (players, items, falling blocks, mobs) its network id,
// as vanilla's Entity.ENTITY_COUNTER does: ids are never reused while the server runs.
#pragma once

#include <cstdint>

namespace hz {

class EntityIds {
 public:
  int32_t next() { return next_++; }
  // The id the next entity will get (for the state hash).
  int32_t peek() const { return next_; }
  template <class Io>
  void state_fields(Io& io) {
    io(next_);
  }

 private:
  int32_t next_ = 1;
};

}  // namespace hz
