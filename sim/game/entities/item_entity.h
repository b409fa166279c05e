// One dropped stack (vanilla's ItemEntity): the stack, its pickup delay, age and thrower, and the
// per-entity tick counter its movement skip and merge timing read (docs/rules/item-entities.md).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>

#include "sim/game/entities/entity.h"
#include "sim/game/items/item_stack.h"

namespace hz {

class ItemEntity final : public Entity {
 public:
  // EntityType.ITEM: 0.25 x 0.25, tracked up to 6 chunks, updated every 20 ticks with velocity.
  static constexpr double kSize = 0.25;
  static constexpr int kLifetime = 6000;
  static constexpr int kInfinitePickupDelay = 32767;
  static constexpr int kInfiniteLifetime = -32768;
  static constexpr int kBlockDropPickupDelay = 10;
  static constexpr int kPlayerDropPickupDelay = 40;
  static const EntityKind& item_kind();

  ItemEntity(int32_t id, const Uuid& uuid, const ItemStack& stack) : Entity(id, uuid, item_kind()), stack_(stack) {}

  const ItemStack& stack() const { return stack_; }
  // Changing the stack marks the synched data dirty, so viewers get the new count.
  void set_stack(const ItemStack& stack) {
    if (stack == stack_) return;
    stack_ = stack;
    data_dirty = true;
  }
  // Data index 8: the item stack.
  Bytes synched_data() const override;

  static std::unique_ptr<ItemEntity> blank_for_snapshot() { return std::make_unique<ItemEntity>(0, Uuid{}, ItemStack{}); }
  template <class Io>
  void state_fields(Io& io) {
    entity_fields(io);
    io(age, pickup_delay, tick_count, thrower, removed, stack_);
  }

  int age = 0;
  int pickup_delay = 0;
  int tick_count = 0;
  std::optional<Uuid> thrower;
  bool removed = false;

 private:
  ItemStack stack_;
};

}  // namespace hz
