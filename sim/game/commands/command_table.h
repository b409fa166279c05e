// The registered root commands: name, required permission level, usage line for `help`, and the
// function that parses the rest of the line. Each command lives in its own *_command.cpp.
#pragma once

#include <span>
#include <string_view>

#include "sim/game/commands/command_host.h"
#include "sim/game/commands/command_reader.h"

namespace hz {

// Runs a command whose root word was already read; the reader sits after it. Returns the int
// result, or sets `error` for a syntax problem (the dispatcher prints it with its context).
using CommandFn = int (*)(CommandHost& host, const CommandSource& source, CommandReader& reader,
                          std::optional<CommandError>& error);

struct CommandSpec {
  std::string_view name;
  int permission;
  std::string_view usage;  // shown by `help`, without the leading '/'
  CommandFn run;
};

std::span<const CommandSpec> command_table();

// Shared by the commands: "Incorrect argument for command" when arguments are left over.
std::optional<CommandError> expect_end(CommandReader& reader);
// Brigadier's "Unknown or incomplete command" at the reader's position (a missing argument).
std::optional<CommandError> incomplete_command(CommandReader& reader);

int run_tick_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_gamerule_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_help_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_stop_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_save_all_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_list_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_say_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_gamemode_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_setblock_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_fill_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_kill_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_effect_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_tp_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
// summon_command.cpp: mobs at a position, with a little NBT.
int run_summon_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);

// One coordinate: absolute "12.5", relative "~" or "~-3"; whole numbers get +0.5 when
// `center_whole` (x and z of Vec3Argument). Nothing when it does not parse.
std::optional<double> read_coordinate(CommandReader& reader, double current, bool center_whole);
// access_commands.cpp: operators, the whitelist, bans, kick, save-on and save-off.
int run_op_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_deop_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_whitelist_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_ban_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_ban_ip_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_pardon_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_pardon_ip_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_banlist_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_kick_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_save_on_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_save_off_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_time_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_weather_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
// experience_command.cpp: /experience and its alias /xp.
int run_experience_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_give_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);
int run_clear_command(CommandHost&, const CommandSource&, CommandReader&, std::optional<CommandError>&);

}  // namespace hz
