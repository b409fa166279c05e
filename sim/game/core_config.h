// What the core is built with: the server properties, the world seed and the files the shell
// read for it. All of it is written to a trace's header.
#pragma once

#include <cstdint>
#include <string>

#include "sim/core/properties.h"
#include "sim/core/types.h"

namespace hz {

struct CoreConfig {
  ServerProperties properties;
  int64_t world_seed = 0;
  // Text of ops.json (the shell reads the file); names and levels of operators.
  std::string ops_json;
  // PNG bytes of server-icon.png, when present (the shell reads the file).
  Bytes server_icon_png;
  // Texts of whitelist.json, banned-players.json and banned-ips.json ("" when absent). Default
  // initialisers keep brace-initialised configs that stop before them warning-free.
  std::string whitelist_json = {};
  std::string banned_players_json = {};
  std::string banned_ips_json = {};
};

}  // namespace hz
