#include "sim/game/survival/death_messages.h"

#include <utility>

namespace hz {

namespace {

// From vanilla's en_us language file; %1$s is the player's name, always at the start here.
constexpr std::pair<std::string_view, std::string_view> kEnglish[] = {
    {"death.attack.fall", " hit the ground too hard"},
    {"death.attack.generic", " died"},
    {"death.attack.genericKill", " was killed"},
    {"death.attack.outOfWorld", " fell out of the world"},
    {"death.attack.starve", " starved to death"},
    {"death.fell.accident.generic", " fell from a high place"},
    {"death.fell.killer", " was doomed to fall"},
    {"death.attack.mob", " was slain by "},
    {"death.attack.explosion", " blew up"},
    {"death.attack.explosion.player", " was blown up by "},
    {"death.attack.arrow", " was shot by "},
    {"death.attack.player", " was slain by "},
    {"death.fell.assist", " was doomed to fall by "},
    {"death.fell.finish", " fell too far and was finished by "},
    {"death.attack.fall.player", " hit the ground too hard while trying to escape "},
    {"death.attack.outOfWorld.player", " didn't want to live in the same world as "},
    {"death.attack.starve.player", " starved to death while fighting "},
    {"death.attack.generic.player", " died because of "},
    {"death.attack.genericKill.player", " was killed while fighting "},
    {"death.attack.inFire", " went up in flames"},
    {"death.attack.inFire.player", " walked into fire while fighting "},
    {"death.attack.lava", " tried to swim in lava"},
    {"death.attack.lava.player", " tried to swim in lava to escape "},
    {"death.attack.onFire", " burned to death"},
    {"death.attack.onFire.player", " was burned to a crisp while fighting "},
    {"death.attack.magic", " was killed by magic"},
    {"death.attack.magic.player", " was killed by magic while trying to escape "},
    {"death.attack.thorns", " was killed while trying to hurt "},
};

}  // namespace

std::string english_death_message(std::string_view key, const std::string& name, std::string_view killer) {
  for (const auto& [k, rest] : kEnglish)
    if (k == key) return name + std::string(rest) + std::string(killer);
  return std::string(key) + " " + name;
}

}  // namespace hz
