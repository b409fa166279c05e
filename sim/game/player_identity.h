// Who a player is: vanilla's offline-mode UUID (sim/protocol/offline_uuid.h), name checks, and
// the operator list from ops.json with its permission levels.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/protocol/offline_uuid.h"  // offline_player_uuid
#include "sim/protocol/wire.h"

namespace hz {

// Vanilla's StringUtil.isValidPlayerName: 1..16 characters, each from '!' to '~'.
bool is_valid_player_name(std::string_view name);

struct OpEntry {
  Uuid uuid;
  std::string name;
  int level = 4;
  bool bypasses_player_limit = false;
};

class OpList {
 public:
  // Parses ops.json; entries without a valid uuid are skipped. `default_level` is
  // op-permission-level, used when an entry has no level.
  static OpList parse(std::string_view json, int default_level, std::string* error);
  // The permission level of a player: the op entry's level, else 0.
  int level_of(const Uuid& uuid) const;
  bool bypasses_player_limit(const Uuid& uuid) const;
  bool empty() const { return entries_.empty(); }

 private:
  std::vector<OpEntry> entries_;
};

std::optional<Uuid> parse_uuid(std::string_view text);

}  // namespace hz
