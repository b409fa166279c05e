// The operator's everyday commands: help, stop, save-all, list, say.
#include "sim/game/commands/command_table.h"

namespace hz {

int run_help_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                     std::optional<CommandError>& error) {
  std::string wanted = reader.read_word();
  int shown = 0;
  for (const CommandSpec& spec : command_table()) {
    if (source.permission_level < spec.permission) continue;
    if (!wanted.empty() && spec.name != wanted) continue;
    host.send_success(source, "/" + std::string(spec.usage), false);
    ++shown;
  }
  if (shown == 0) {
    error = reader.error_here("Unknown command or insufficient permissions");
    return 0;
  }
  return shown;
}

int run_stop_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                     std::optional<CommandError>& error) {
  if ((error = expect_end(reader))) return 0;
  host.send_success(source, "Stopping the server", true);
  host.request_stop();
  return 1;
}

int run_save_all_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                         std::optional<CommandError>& error) {
  bool flush = reader.remaining() == "flush";
  if (!flush && (error = expect_end(reader))) return 0;
  host.send_success(source, "Saving the game (this may take a moment!)", true);
  host.save_all(flush, &source);
  return 1;
}

int run_list_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                     std::optional<CommandError>& error) {
  if ((error = expect_end(reader))) return 0;
  auto names = host.online_player_names();
  std::string joined;
  for (const std::string& n : names) joined += (joined.empty() ? "" : ", ") + n;
  host.send_success(source,
                    "There are " + std::to_string(names.size()) + " of a max of " + std::to_string(host.max_players()) +
                        " players online: " + joined,
                    false);
  return static_cast<int>(names.size());
}

int run_say_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                    std::optional<CommandError>& error) {
  if (reader.at_end()) {
    error = incomplete_command(reader);
    return 0;
  }
  host.broadcast_system_message("[" + source.name + "] " + std::string(reader.remaining()));
  return 1;
}

}  // namespace hz
