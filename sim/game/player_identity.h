// Who a player is: vanilla's offline-mode UUID (sim/protocol/offline_uuid.h), name checks, and
// the operator list from ops.json with its permission levels.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/game/access/list_files.h"
#include "sim/protocol/offline_uuid.h"  // offline_player_uuid
#include "sim/protocol/wire.h"

namespace hz {

// Vanilla's StringUtil.isValidPlayerName: 1..16 characters, each from '!' to '~'.
bool is_valid_player_name(std::string_view name);

// The operators (ops.json): who they are and the permission level each has.
class OpList {
 public:
  OpList() = default;
  explicit OpList(OpEntries entries) : entries_(std::move(entries)) {}
  // Parses ops.json; entries without a valid uuid are skipped. `default_level` is
  // op-permission-level, used when an entry has no level.
  static OpList parse(std::string_view json, int default_level, std::string* error);
  // The permission level of a player: the op entry's level, else 0.
  int level_of(const Uuid& uuid) const;
  bool bypasses_player_limit(const Uuid& uuid) const;
  bool contains(const Uuid& uuid) const { return entries_.contains(uuid); }
  bool empty() const { return entries_.empty(); }
  const OpEntries& entries() const { return entries_; }
  // False when nothing changed (vanilla's StoredUserList.add and remove).
  bool add(const Uuid& uuid, OpEntry entry);
  bool remove(const Uuid& uuid) { return entries_.erase(uuid) > 0; }
  template <class Io>
  void state_fields(Io& io) {
    io(entries_);
  }

 private:
  OpEntries entries_;
};

std::optional<Uuid> parse_uuid(std::string_view text);

}  // namespace hz
