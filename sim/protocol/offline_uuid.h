// Vanilla's offline-mode player id, a version-3 UUID of "OfflinePlayer:<name>": what the server
// gives a player in offline mode and what a client (the load bots) sends in login_start.
#pragma once

#include <string_view>

#include "sim/protocol/wire.h"

namespace hz {

// UUID v3 of the UTF-8 bytes of "OfflinePlayer:" + name, as Java's UUID.nameUUIDFromBytes.
Uuid offline_player_uuid(std::string_view name);

}  // namespace hz
