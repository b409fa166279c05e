// /effect give and /effect clear (EffectCommands) with vanilla's texts, for players: Horizon's
// mobs have no status effects yet, so a mob target counts as one that refused (docs/rules/effects.md §6).
#include "sim/data/catalog.h"
#include "sim/game/commands/command_table.h"
#include "sim/game/commands/entity_selector.h"
#include "sim/game/ports.h"

namespace hz {

namespace {

constexpr int kDefaultSeconds = 30;  // 600 ticks
constexpr int kMaxSeconds = 1000000;
constexpr int kMaxAmplifier = 255;

std::vector<SelectableEntity> read_targets(CommandHost& host, const CommandSource& source, CommandReader& reader,
                                           std::optional<CommandError>& error) {
  auto selector = parse_entity_selector(reader, [](std::string_view type) {
    return type == "player" || entity_type_id(type).has_value();
  }, error);
  if (!selector) return {};
  const PlayerPlacement origin = host.command_origin(source);
  std::vector<SelectableEntity> targets = select_entities(*selector, host.selectable_entities(),
                                                          Vec3{origin.x, origin.y, origin.z},
                                                          host.source_entity(source), host.game_random());
  if (targets.empty())
    error = CommandError{selector->players_only() ? "No player was found" : "No entity was found",
                         command_context(reader.input(), reader.cursor())};
  return targets;
}

std::optional<int32_t> read_effect(CommandReader& reader, std::optional<CommandError>& error) {
  const size_t start = reader.cursor();
  const std::string word = reader.read_word();
  if (auto id = effect_id(word)) return id;
  reader.set_cursor(start);
  const std::string full = word.find(':') == std::string::npos ? "minecraft:" + word : word;
  error = reader.error_here("Can't find element '" + full + "' of type 'minecraft:mob_effect'");
  return std::nullopt;
}

std::optional<int> read_bounded(CommandReader& reader, int min, int max, std::optional<CommandError>& error) {
  CommandError e;
  auto n = reader.read_int_in(min, max, e);
  if (!n) error = e;
  return n;
}

// What an /effect message calls its targets: the one's name, or their number.
std::string who(const std::vector<SelectableEntity>& targets) {
  return targets.size() == 1 ? targets.front().name : std::to_string(targets.size()) + " targets";
}

int give(CommandHost& host, const CommandSource& source, const std::vector<SelectableEntity>& targets,
         const EffectInstance& instance) {
  PlayerEffects* effects = host.player_effects();
  int count = 0;
  for (const SelectableEntity& t : targets)
    if (t.player && effects && effects->add_effect(*t.player, instance)) ++count;
  if (count == 0) {
    host.send_failure(source, "Unable to apply this effect (target is either immune to effects, or has something stronger)");
    return 0;
  }
  host.send_success(source, "Applied effect " + std::string(effect_display_name(instance.effect)) + " to " + who(targets), true);
  return count;
}

int run_give(CommandHost& host, const CommandSource& source, CommandReader& reader, std::optional<CommandError>& error) {
  if (!reader.skip_separator()) return error = incomplete_command(reader), 0;
  const std::vector<SelectableEntity> targets = read_targets(host, source, reader, error);
  if (error) return 0;
  if (!reader.skip_separator()) return error = incomplete_command(reader), 0;
  const auto id = read_effect(reader, error);
  if (!id) return 0;
  EffectInstance instance{*id, 0, is_instantaneous(*id) ? 1 : kDefaultSeconds * 20, false, true, true};
  if (reader.skip_separator()) {
    if (reader.remaining().starts_with("infinite")) {
      reader.read_word();
      instance.duration = kInfiniteDuration;
    } else {
      const auto seconds = read_bounded(reader, 1, kMaxSeconds, error);
      if (!seconds) return 0;
      instance.duration = is_instantaneous(*id) ? *seconds : *seconds * 20;
    }
    if (reader.skip_separator()) {
      const auto amplifier = read_bounded(reader, 0, kMaxAmplifier, error);
      if (!amplifier) return 0;
      instance.amplifier = *amplifier;
      if (reader.skip_separator()) {
        CommandError e;
        const auto hide = reader.read_bool(e);
        if (!hide) return error = e, 0;
        instance.visible = instance.show_icon = !*hide;
      }
    }
  }
  if ((error = expect_end(reader))) return 0;
  return give(host, source, targets, instance);
}

int run_clear(CommandHost& host, const CommandSource& source, CommandReader& reader, std::optional<CommandError>& error) {
  std::vector<SelectableEntity> targets;
  std::optional<int32_t> id;
  if (!reader.skip_separator() || reader.at_end()) {
    const auto self = host.source_entity(source);
    if (!self) return error = reader.error_here("An entity is required to run this command here"), 0;
    for (SelectableEntity& e : host.selectable_entities())
      if (e.entity_id == *self) targets.push_back(std::move(e));
  } else {
    targets = read_targets(host, source, reader, error);
    if (error) return 0;
    if (reader.skip_separator() && !(id = read_effect(reader, error))) return 0;
  }
  if ((error = expect_end(reader))) return 0;
  PlayerEffects* effects = host.player_effects();
  int count = 0;
  for (const SelectableEntity& t : targets) {
    if (!t.player || !effects) continue;
    if (id ? effects->remove_effect(*t.player, *id) : effects->clear_effects(*t.player)) ++count;
  }
  if (count == 0) {
    host.send_failure(source, id ? "Target doesn't have the requested effect" : "Target has no effects to remove");
    return 0;
  }
  const std::string what = id ? "effect " + std::string(effect_display_name(*id)) : "every effect";
  host.send_success(source, "Removed " + what + " from " + who(targets), true);
  return count;
}

}  // namespace

int run_effect_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                       std::optional<CommandError>& error) {
  const std::string mode = reader.read_word();
  if (mode == "give") return run_give(host, source, reader, error);
  if (mode == "clear") return run_clear(host, source, reader, error);
  return error = incomplete_command(reader), 0;
}

}  // namespace hz
