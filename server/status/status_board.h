// The server thread's latest view of itself for listeners on other threads (query, metrics):
// published after every loop pass, copied out under a mutex, so listeners never touch the core.
#pragma once

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace hz {

struct StatusSnapshot {
  bool published = false;  // false until the first pass
  std::string motd;
  std::string level_name;
  std::string version;
  int max_players = 0;
  int port = 0;  // the game port
  std::vector<std::string> players;
  int64_t tick_count = 0;
  float tick_rate = 20.0f;  // the target, ticks per second (/tick rate)
  double ticks_per_second = 0;  // measured over the last few seconds
  // tickServer durations of the last min(100, tick_count) ticks (vanilla's /tick query window),
  // sorted ascending.
  std::vector<int64_t> recent_tick_nanos;
  size_t loaded_chunks = 0;
  size_t ticking_chunks = 0;  // loaded with their neighbours and near a player: blocks and entities tick
  // Entities in the world by kind.
  size_t players_entities = 0;
  size_t mobs = 0;
  size_t items = 0;
  size_t falling_blocks = 0;
  size_t lightning_bolts = 0;
  int inputs_in_last_pass = 0;
};

class StatusBoard {
 public:
  void publish(StatusSnapshot snapshot) {
    std::lock_guard lock(mutex_);
    current_ = std::move(snapshot);
  }
  StatusSnapshot read() const {
    std::lock_guard lock(mutex_);
    return current_;
  }

 private:
  mutable std::mutex mutex_;
  StatusSnapshot current_;
};

}  // namespace hz
