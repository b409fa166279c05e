// /gamerule <rule> [value]: query or set one of vanilla 26.1's game rules.
#include "sim/game/commands/command_table.h"
#include "sim/game/game_rules.h"

namespace hz {

int run_gamerule_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                         std::optional<CommandError>& error) {
  size_t start = reader.cursor();
  std::string id = reader.read_word();
  const GameRuleSpec* rule = host.game_rules().find(id);
  if (!rule) {
    reader.set_cursor(start);
    error = reader.error_here(id.empty() ? "Unknown or incomplete command. See below for error"
                                         : "Incorrect argument for command");
    return 0;
  }
  std::string shown(rule->id);
  if (!reader.skip_separator()) {
    host.send_success(source, "Gamerule " + shown + " is currently set to: " + host.game_rules().value_text(*rule),
                      false);
    return host.game_rules().get(rule->id);
  }
  CommandError e;
  int32_t value = 0;
  if (rule->is_boolean) {
    auto b = reader.read_bool(e);
    if (!b) return error = e, 0;
    value = *b ? 1 : 0;
  } else {
    auto n = reader.read_int_in(rule->min, rule->max, e);
    if (!n) return error = e, 0;
    value = *n;
  }
  if ((error = expect_end(reader))) return 0;
  host.game_rules().set(*rule, value);
  host.on_game_rule_changed(rule->id);
  host.send_success(source, "Gamerule " + shown + " is now set to: " + host.game_rules().value_text(*rule), true);
  return value;
}

}  // namespace hz
