// Test helper: a core whose world jobs run through SimulatedJobs, driven pass by pass like the
// shell drives it, with clients that join the whole way through login and configuration.
#pragma once

#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "sim/data/catalog.h"
#include "sim/game/world/world_streaming.h"
#include "tests/game/client_bytes.h"
#include "tests/game/core_harness.h"
#include "sim/simulation/simulated_jobs.h"

namespace hz::testing {

inline ServerProperties properties_with_view_distance(int view_distance) {
  ServerProperties p = test_properties();
  p.view_distance = view_distance;
  return p;
}

struct StreamingServer {
  CoreHarness h;
  SimulatedJobs jobs{2, 17};
  // The core asked for the spawn area when it started: those reads are queued first.
  // `stored`: chunk files the world starts with (a restart of an earlier server's world).
  explicit StreamingServer(int view_distance, std::string ops_json = "", std::map<ChunkPos, Bytes> stored = {})
      : StreamingServer(properties_with_view_distance(view_distance), std::move(ops_json), std::move(stored)) {}
  // `entity_records`: the entities store's records it starts with.
  explicit StreamingServer(ServerProperties properties, std::string ops_json = "", std::map<ChunkPos, Bytes> stored = {},
                           std::map<ChunkPos, Bytes> entity_records = {})
      : h(std::move(properties), std::move(ops_json)) {
    jobs.stored = std::move(stored);
    jobs.entity_records = std::move(entity_records);
    h.answer_player_files = false;  // SimulatedJobs carries out every storage job
    jobs.take_jobs(h.sink.effects);
  }

  // One loop pass: the job results that came in since the last pass enter first, as the shell
  // queues them; then the sink holds only this pass's effects.
  void pass(std::vector<Input> inputs = {}) {
    std::vector<Input> all;
    for (JobCompleted& done : jobs.finish(64)) all.push_back(std::move(done));
    for (Input& in : inputs) all.push_back(std::move(in));
    h.sink.clear();
    h.iterate(0, std::move(all));
    jobs.take_jobs(h.sink.effects);
  }
  WorldStreaming& world() { return h.core.world(); }

  void prepare_spawn() {
    for (int i = 0; i < 2000; ++i) {
      auto [ready, total] = world().spawn_area_progress();
      if (ready == total) return;
      pass();
    }
    FAIL() << "spawn area never became ready";
  }

  TestClient join(ConnId conn, const std::string& name, int8_t client_view_distance) {
    TestClient client(conn);
    pass({ConnectionOpened{conn, "127.0.0.1:3"}});
    client.packet(packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2})
        .packet(packet::login_sb::LoginStart{name, {}});
    pass({client.take()});
    client.set_compression(256);
    client.packet(packet::login_sb::LoginAcknowledged{});
    pass({client.take()});
    packet::config_sb::Settings settings;
    settings.info.view_distance = client_view_distance;
    client.packet(settings).packet(packet::config_sb::SelectKnownPacks{});
    pass({client.take()});
    client.packet(packet::config_sb::FinishConfiguration{});
    pass({client.take()});  // the join: its first batch goes out at the end of this tick
    return client;
  }

  // A join whose client then reports player_loaded, as a vanilla client does once its world is
  // there: only then are block actions, item uses and player commands handled.
  TestClient join_loaded(ConnId conn, const std::string& name, int8_t client_view_distance) {
    TestClient client = join(conn, name, client_view_distance);
    client.packet(packet::play_sb::PlayerLoaded{});
    pass({client.take()});
    return client;
  }
};


}  // namespace hz::testing
