#include "sim/game/commands/dispatcher.h"

#include "sim/game/commands/command_table.h"

namespace hz {

std::span<const CommandSpec> command_table() {
  static constexpr CommandSpec kCommands[] = {
      {"ban", 3, "ban <targets> [<reason>]", run_ban_command},
      {"ban-ip", 3, "ban-ip <target> [<reason>]", run_ban_ip_command},
      {"banlist", 3, "banlist [ips|players]", run_banlist_command},
      {"clear", 2, "clear [<targets>] [<item>] [<maxCount>]", run_clear_command},
      {"deop", 3, "deop <targets>", run_deop_command},
      {"effect", 2, "effect (clear|give)", run_effect_command},
      {"experience", 2, "experience (add|set|query)", run_experience_command},
      {"fill", 2, "fill <from> <to> <block> [destroy|hollow|keep|outline|replace]", run_fill_command},
      {"gamemode", 2, "gamemode <gamemode> [<target>]", run_gamemode_command},
      {"gamerule", 2, "gamerule <rule> [<value>]", run_gamerule_command},
      {"give", 2, "give <targets> <item> [<count>]", run_give_command},
      {"help", 0, "help [<command>]", run_help_command},
      {"kick", 3, "kick <targets> [<reason>]", run_kick_command},
      {"kill", 2, "kill [<targets>]", run_kill_command},
      {"list", 0, "list", run_list_command},
      {"op", 3, "op <targets>", run_op_command},
      {"pardon", 3, "pardon <targets>", run_pardon_command},
      {"pardon-ip", 3, "pardon-ip <target>", run_pardon_ip_command},
      {"save-all", 4, "save-all [flush]", run_save_all_command},
      {"save-off", 4, "save-off", run_save_off_command},
      {"save-on", 4, "save-on", run_save_on_command},
      {"say", 2, "say <message>", run_say_command},
      {"setblock", 2, "setblock <pos> <block> [destroy|keep|replace]", run_setblock_command},
      {"stop", 4, "stop", run_stop_command},
      {"summon", 2, "summon <entity> [<pos>] [<nbt>]", run_summon_command},
      {"tick", 3, "tick (query|rate|step|sprint|freeze|unfreeze)", run_tick_command},
      {"time", 2, "time (set|add|pause|resume|rate|query|of)", run_time_command},
      {"tp", 2, "tp <destination> | tp <location> | tp <targets> <destination|location>", run_tp_command},
      {"weather", 2, "weather (clear|rain|thunder)", run_weather_command},
      {"whitelist", 3, "whitelist (on|off|list|add|remove|reload)", run_whitelist_command},
      {"xp", 2, "xp -> experience", run_experience_command},
  };
  return kCommands;
}

std::optional<CommandError> expect_end(CommandReader& reader) {
  if (reader.at_end()) return std::nullopt;
  return reader.error_here("Incorrect argument for command");
}

std::optional<CommandError> incomplete_command(CommandReader& reader) {
  return reader.error_here("Unknown or incomplete command. See below for error");
}

int dispatch_command(CommandHost& host, const CommandSource& source, std::string_view line) {
  if (line.starts_with('/')) line.remove_prefix(1);
  CommandReader reader(line);
  std::string root = reader.read_word();
  for (const CommandSpec& spec : command_table()) {
    if (spec.name != root || source.permission_level < spec.permission) continue;
    std::optional<CommandError> error;
    int result = 0;
    if (!reader.at_end()) reader.skip_separator();
    result = spec.run(host, source, reader, error);
    if (error) {
      host.send_failure(source, error->message);
      host.send_failure(source, error->context);
      return 0;
    }
    return result;
  }
  host.send_failure(source, "Unknown or incomplete command. See below for error");
  host.send_failure(source, command_context(line, 0));
  return 0;
}

}  // namespace hz
