// horizon-parity compare: a recording's client side replayed through Horizon's core on the
// recorded server's world, and the two servers' decisions compared (docs/parity.md).
#pragma once

#include <string>
#include <vector>

namespace hz::parity {

// Exit status: 0 when nothing differs, 1 when something does or the recording is damaged, 2 for
// bad arguments.
int compare_command(const std::vector<std::string>& args);

}  // namespace hz::parity
