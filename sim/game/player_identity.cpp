#include "sim/game/player_identity.h"

#include "sim/core/json_value.h"

namespace hz {

bool is_valid_player_name(std::string_view name) {
  if (name.empty() || name.size() > 16) return false;
  for (char c : name)
    if (c <= ' ' || c >= 127) return false;
  return true;
}

std::optional<Uuid> parse_uuid(std::string_view text) {
  std::string hex;
  for (char c : text)
    if (c != '-') hex += c;
  if (hex.size() != 32) return std::nullopt;
  Uuid u;
  for (int i = 0; i < 32; ++i) {
    char c = hex[i];
    int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    if (v < 0) return std::nullopt;
    uint64_t& word = i < 16 ? u.most : u.least;
    word = (word << 4) | static_cast<uint64_t>(v);
  }
  return u;
}

OpList OpList::parse(std::string_view json, int default_level, std::string* error) {
  auto entries = decode_ops(json, default_level);
  if (!entries) {
    if (error) *error = entries.error();
    return OpList();
  }
  return OpList(std::move(*entries));
}

int OpList::level_of(const Uuid& uuid) const {
  auto it = entries_.find(uuid);
  return it == entries_.end() ? 0 : it->second.level;
}

bool OpList::bypasses_player_limit(const Uuid& uuid) const {
  auto it = entries_.find(uuid);
  return it != entries_.end() && it->second.bypasses_player_limit;
}

bool OpList::add(const Uuid& uuid, OpEntry entry) {
  auto [it, inserted] = entries_.try_emplace(uuid, entry);
  if (!inserted && it->second == entry) return false;
  it->second = std::move(entry);
  return true;
}

}  // namespace hz
