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
  OpList list;
  auto parsed = parse_json(json);
  if (!parsed.value) {
    if (error) *error = "ops.json: " + parsed.error;
    return list;
  }
  const auto* array = parsed.value->array();
  if (!array) {
    if (error) *error = "ops.json: expected a list of operators";
    return list;
  }
  for (const JsonValue& entry : *array) {
    const JsonValue* uuid = entry.get("uuid");
    if (!uuid || !uuid->string()) continue;
    auto id = parse_uuid(*uuid->string());
    if (!id) continue;
    OpEntry op;
    op.uuid = *id;
    if (const JsonValue* name = entry.get("name"); name && name->string()) op.name = *name->string();
    op.level = default_level;
    if (const JsonValue* level = entry.get("level"); level && level->number())
      op.level = static_cast<int>(*level->number());
    if (const JsonValue* bypass = entry.get("bypassesPlayerLimit"); bypass && bypass->boolean())
      op.bypasses_player_limit = *bypass->boolean();
    list.entries_.push_back(op);
  }
  return list;
}

int OpList::level_of(const Uuid& uuid) const {
  for (const OpEntry& e : entries_)
    if (e.uuid == uuid) return e.level;
  return 0;
}

bool OpList::bypasses_player_limit(const Uuid& uuid) const {
  for (const OpEntry& e : entries_)
    if (e.uuid == uuid) return e.bypasses_player_limit;
  return false;
}

}  // namespace hz
