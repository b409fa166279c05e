#include "server/status/status_publisher.h"

#include <algorithm>

#include "sim/game/core.h"
#include "sim/game/entities/falling_blocks.h"
#include "sim/game/entities/item_entities.h"
#include "sim/game/entities/lightning_bolts.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/sessions.h"
#include "sim/game/world/world_streaming.h"
#include "sim/data/catalog.h"

namespace hz {

void StatusPublisher::publish(Core& core, int64_t now_nanos, int inputs_in_pass) {
  StatusSnapshot s;
  s.published = true;
  const ServerProperties& props = core.config().properties;
  s.motd = props.motd;
  s.level_name = props.level_name;
  s.version = std::string(kVersionName);
  s.max_players = core.max_players();
  s.port = port_;
  s.players = core.online_player_names();
  s.tick_count = core.tick_count();
  s.tick_rate = core.tick_rate().tick_rate();
  tps_.add(now_nanos, s.tick_count);
  s.ticks_per_second = tps_.ticks_per_second();
  // The ring holds zeros until 100 ticks have run: keep only the ticks that happened.
  auto sorted = core.tick_stats().sorted();
  size_t filled = static_cast<size_t>(std::clamp<int64_t>(s.tick_count, 0, TickStats::kSpan));
  s.recent_tick_nanos.assign(sorted.end() - static_cast<std::ptrdiff_t>(filled), sorted.end());
  s.loaded_chunks = core.world().chunks().loaded_count();
  s.ticking_chunks = core.world().ticking_chunks().size();  // cached by the core between changes
  s.players_entities = static_cast<size_t>(core.sessions().player_count());
  s.mobs = core.mobs().size();
  s.items = core.items().size();
  s.falling_blocks = core.falling_blocks().size();
  s.lightning_bolts = core.lightning().size();
  s.inputs_in_last_pass = inputs_in_pass;
  board_.publish(std::move(s));
}

}  // namespace hz
