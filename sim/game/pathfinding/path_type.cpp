#include "sim/game/pathfinding/path_type.h"

namespace hz {

namespace {

struct TypeFacts {
  std::string_view name;
  float malus;
};

constexpr std::array<TypeFacts, kPathTypeCount> kFacts{{
    {"BLOCKED", -1.0f},
    {"OPEN", 0.0f},
    {"WALKABLE", 0.0f},
    {"WALKABLE_DOOR", 0.0f},
    {"TRAPDOOR", 0.0f},
    {"POWDER_SNOW", -1.0f},
    {"ON_TOP_OF_POWDER_SNOW", 0.0f},
    {"FENCE", -1.0f},
    {"LAVA", -1.0f},
    {"WATER", 8.0f},
    {"WATER_BORDER", 8.0f},
    {"RAIL", 0.0f},
    {"UNPASSABLE_RAIL", -1.0f},
    {"FIRE_IN_NEIGHBOR", 8.0f},
    {"FIRE", 16.0f},
    {"DAMAGING_IN_NEIGHBOR", 8.0f},
    {"DAMAGING", -1.0f},
    {"DOOR_OPEN", 0.0f},
    {"DOOR_WOOD_CLOSED", -1.0f},
    {"DOOR_IRON_CLOSED", -1.0f},
    {"BREACH", 4.0f},
    {"LEAVES", -1.0f},
    {"STICKY_HONEY", 8.0f},
    {"COCOA", 0.0f},
    {"DAMAGE_CAUTIOUS", 0.0f},
    {"ON_TOP_OF_TRAPDOOR", 0.0f},
    {"BIG_MOBS_CLOSE_TO_DANGER", 4.0f},
}};

}  // namespace

float default_malus(PathType type) { return kFacts[static_cast<int>(type)].malus; }

std::string_view path_type_name(PathType type) { return kFacts[static_cast<int>(type)].name; }

PathMaluses::PathMaluses() {
  for (int i = 0; i < kPathTypeCount; ++i) values_[i] = kFacts[i].malus;
}

}  // namespace hz
