// EntityArgument.players() as the player-only commands (/give, /clear, /experience) read it: a
// name, @s, @p or @a; @e and @n are refused.
#pragma once

#include <optional>
#include <vector>

#include "sim/game/commands/command_host.h"
#include "sim/game/commands/command_reader.h"

namespace hz {

// The players a target argument names, in player list order. Sets `error` for a selector that is
// not allowed here; an empty result means none were found.
std::vector<ConnId> read_players(CommandHost& host, const CommandSource& source, CommandReader& reader,
                                 std::optional<CommandError>& error);

}  // namespace hz
