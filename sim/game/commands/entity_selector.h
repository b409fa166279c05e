// Entity selectors as commands read them (@a @p @r @s @e @n with [type=, distance=, limit=, sort=,
// name=]) and how a selector picks from the entities a command can see (docs/rules/commands.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/rng.h"
#include "sim/core/types.h"
#include "sim/game/commands/command_reader.h"
#include "sim/game/player.h"

namespace hz {

// One entity a selector may pick: a player (with its connection) or another entity.
struct SelectableEntity {
  int32_t entity_id = 0;
  std::optional<ConnId> player;
  std::string type;  // registry name without namespace: "player", "zombie"
  std::string name;  // what messages call it: a player's name, a custom name or the type's name
  Vec3 position;
  bool alive = true;
};

enum class SelectorSort : uint8_t { kArbitrary, kNearest, kFurthest, kRandom };

struct EntitySelector {
  std::string player_name;      // a plain name instead of a selector (@ absent)
  char variable = 0;            // 'a', 'e', 'p', 'r', 's', 'n'
  std::optional<std::string> type;  // without namespace
  bool type_negated = false;
  std::optional<double> distance_min, distance_max;
  std::optional<int> limit;
  SelectorSort sort = SelectorSort::kArbitrary;
  std::optional<std::string> name;
  bool name_negated = false;

  bool is_name() const { return variable == 0; }
  // Whether only players can match (@a @p @r, or type=player).
  bool players_only() const;
  // At most one entity (a name, @p @r @s @n, or limit=1).
  bool single() const;
};

// EntitySelectorParser: the selector at the reader's cursor. `known_type` says whether an entity
// type name exists. Errors carry vanilla's texts ("Unknown selector type '@x'", "Unknown option
// 'foo'", "Limit must be at least 1", ...).
std::optional<EntitySelector> parse_entity_selector(CommandReader& reader, bool (*known_type)(std::string_view),
                                                    std::optional<CommandError>& error);

// EntitySelector.findEntities: `candidates` in the world's order (players in join order, then the
// other entities by id); `origin` is the command's position; `self` the source's entity id, if any.
// @r and sort=random shuffle with `random`.
std::vector<SelectableEntity> select_entities(const EntitySelector& selector, std::vector<SelectableEntity> candidates,
                                              const Vec3& origin, std::optional<int32_t> self, Rng& random);

}  // namespace hz
