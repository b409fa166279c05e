// A player's item cooldowns (vanilla's ItemCooldowns, docs/rules/combat.md §7): a group (Horizon's
// items have no use_cooldown component, so the item kind) cannot be used until its end tick.
#pragma once

#include <cstdint>
#include <vector>

namespace hz {

struct ItemCooldowns {
  struct Cooldown {
    int32_t item = 0;  // the cooldown group: the item kind
    int start = 0;
    int end = 0;
    bool operator==(const Cooldown&) const = default;
    template <class Io>
    void state_fields(Io& io) {
      io(item, start, end);
    }
  };
  int tick_count = 0;
  std::vector<Cooldown> running;  // in the order they started (a restarted one keeps its place)

  // isOnCooldown: the fraction left is above 0 (the tick has not reached the end).
  bool on_cooldown(int32_t item) const {
    for (const Cooldown& c : running)
      if (c.item == item) return c.end > c.start && c.end > tick_count;
    return false;
  }
  // addCooldown: from now for `ticks`.
  void add(int32_t item, int ticks) {
    for (Cooldown& c : running)
      if (c.item == item) {
        c = Cooldown{item, tick_count, tick_count + ticks};
        return;
      }
    running.push_back(Cooldown{item, tick_count, tick_count + ticks});
  }
  // tick: one tick on; the groups whose end came, for the packets that tell it.
  std::vector<int32_t> tick() {
    ++tick_count;
    std::vector<int32_t> ended;
    std::erase_if(running, [&](const Cooldown& c) {
      if (c.end > tick_count) return false;
      ended.push_back(c.item);
      return true;
    });
    return ended;
  }
  bool operator==(const ItemCooldowns&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(tick_count, running);
  }
};

}  // namespace hz
