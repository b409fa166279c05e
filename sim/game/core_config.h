// What the core is built with: the server properties, the world seed and the files the shell
// read for it. All of it is written to a trace's header.
#pragma once

#include <cstdint>
#include <string>

#include "sim/core/properties.h"
#include "sim/core/types.h"
#include "sim/game/level/level_time_state.h"

namespace hz {

struct CoreConfig {
  ServerProperties properties;
  int64_t world_seed = 0;
  // Text of ops.json (the shell reads the file); names and levels of operators.
  std::string ops_json;
  // PNG bytes of server-icon.png, when present (the shell reads the file).
  Bytes server_icon_png;
  // Game time, world clocks and weather the level starts from (level.dat, world_clocks.dat,
  // weather.dat as the shell read them; all zero for a new world).
  LevelTimeState level_time;
  // Texts of whitelist.json, banned-players.json and banned-ips.json ("" when absent). Default
  // initialisers keep brace-initialised configs that stop before them warning-free.
  std::string whitelist_json = {};
  std::string banned_players_json = {};
  std::string banned_ips_json = {};
  // Online mode: the server's RSA public key as X.509 DER, made by the shell at start and sent
  // as is in every encryption request (empty in offline mode).
  Bytes server_public_key = {};
  // Whether each pass's digests (the state hash and the effects' hashes) are computed. Traces,
  // replays and simulations need them; a live server that records nothing does not, and skips
  // that work (it changes nothing the core decides).
  bool digest_passes = true;
};

}  // namespace hz
