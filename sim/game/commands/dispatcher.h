// Parses a command line and runs the matching command with vanilla's texts and permission rules:
// an unknown command, or one the source may not use, gets "Unknown or incomplete command".
#pragma once

#include <string_view>

#include "sim/game/commands/command_host.h"

namespace hz {

// Runs one command line (with or without a leading '/'). Returns vanilla's int result (0 on error).
int dispatch_command(CommandHost& host, const CommandSource& source, std::string_view line);

}  // namespace hz
