// Vanilla 26.1's game rules (ids, types, defaults, integer ranges), keyed by their snake_case id.
// Kept in id order so listing and hashing are deterministic.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace hz {

struct GameRuleSpec {
  std::string_view id;   // "respawn_radius"
  bool is_boolean;
  int32_t default_value; // booleans: 0/1
  int32_t min;
  int32_t max;
};

std::span<const GameRuleSpec> game_rule_specs();

class GameRules {
 public:
  GameRules();
  // Accepts "respawn_radius" and "minecraft:respawn_radius".
  const GameRuleSpec* find(std::string_view id) const;
  int32_t get(std::string_view id) const;  // asserts the id exists
  bool get_bool(std::string_view id) const { return get(id) != 0; }
  void set(const GameRuleSpec& rule, int32_t value);
  std::string value_text(const GameRuleSpec& rule) const;
  uint64_t hash() const;

  // The members hash() covers, for snapshots (sim/game/snapshot/state_io.h); a snapshot is
  // checked against the state hash after loading, which a list of the wrong length fails.
  template <class Io>
  void state_fields(Io& io) {
    io(values_);
  }

 private:
  int index_of(const GameRuleSpec& rule) const;
  std::vector<int32_t> values_;
};

}  // namespace hz
