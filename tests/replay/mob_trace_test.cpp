// A session with a summoned zombie chasing a survival player (and a skeleton shooting at it), recorded through the real recorder
// and verified by replay: the mob's AI draws from the core's Rng and its path, moves and hits
// must come out bit-exactly the same. The zombie's path can be read back from the trace's dump.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "replay/cli/trace_commands.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/world/world_streaming.h"
#include "session_fixtures.h"
#include "tests/data/json_reader.h"

namespace hz::testing {
namespace {

struct ChaseSession {
  RecordedSession recorded;
  int32_t zombie_id = 0;
  Vec3 zombie_end;
  float health_after = 20.0f;
  double zombie_start_distance = 0, zombie_closest = 1e9;
  int left_at = -1;
};

ChaseSession record_chase() {
  LiveSession session({.name = "chase", .clock_seed = 5, .jobs_seed = 9});
  // A flat stone floor with room above it around the spawn, for the chase.
  const Floor floor = lay_floor(session, 8);
  session.join("Runner");
  session.pass({ConsoleLine{"gamemode survival Runner"}});
  Core& core = session.core();
  const BlockPos at = floor.at;
  ChaseSession out;
  const std::string zombie_at = floor.at_offset(6, 0, 3);
  session.pass({ConsoleLine{"summon zombie " + zombie_at},
                ConsoleLine{"summon cow " + floor.at_offset(-5, 0, -5)},
                // A skeleton on the far side: its arrows (launch draws, flight, hits) are in the trace too.
                ConsoleLine{"summon skeleton " + floor.at_offset(-6, 0, 3)}});
  const Vec3 player_at = core.sessions().player(kPlayer)->position;
  const Mob* zombie = nullptr;
  // The summoned one: the zombie nearest where it was summoned (the night may spawn others).
  double nearest = 1e18;
  for (int32_t id : core.mobs().ids()) {
    const Mob* m = core.mobs().find(id);
    const double dx = m->position.x - (at.x + 6.5), dz = m->position.z - (at.z + 3.5);
    if (m->mob_kind().type == MobType::kZombie && dx * dx + dz * dz < nearest) nearest = dx * dx + dz * dz, zombie = m;
  }
  if (!zombie) throw std::runtime_error("no zombie");
  const int32_t zombie_id = zombie->id();
  auto distance = [&] {
    const Mob* z = core.mobs().find(zombie_id);
    const double dx = z->position.x - player_at.x, dz = z->position.z - player_at.z;
    return std::sqrt(dx * dx + dz * dz);
  };
  out.zombie_start_distance = distance();
  for (int i = 0; i < 120 && core.sessions().player(kPlayer); ++i) {
    session.pass();
    if (core.mobs().find(zombie_id)) out.zombie_closest = std::min(out.zombie_closest, distance());
    if (const Player* p = core.sessions().player(kPlayer)) out.health_after = p->health;
    else out.left_at = i;
  }
  out.zombie_id = zombie_id;
  if (const Mob* z = core.mobs().find(zombie_id)) out.zombie_end = z->position;
  out.recorded = session.finish();
  return out;
}

// The zombie's path as the runner's client saw it, read back from `horizon-trace dump` alone:
// where it was spawned, then every relative move and position sync sent for its id.
std::vector<Vec3> path_in_dump(const std::string& dump, int32_t entity_id) {
  std::vector<Vec3> path;
  std::istringstream lines(dump);
  for (std::string line; std::getline(lines, line);) {
    auto record = test::JsonReader(line).parse();
    if (!record) throw std::runtime_error("dump line is no JSON: " + line);
    const test::JsonValue* conn = record->member("conn");
    const test::JsonValue* packet = record->member("packet");
    if (!conn || conn->number != kPlayer || !packet || packet->kind != test::JsonValue::Kind::kObject) continue;
    const test::JsonValue* fields = packet->member("fields");
    const test::JsonValue* id = fields ? fields->member("entity_id") : nullptr;
    if (!id || id->number != entity_id) continue;
    auto number = [&](const char* key) { return fields->member(key)->number; };
    const std::string name = packet->member("packet")->text;
    if (name == "spawn_entity" || name == "sync_entity_position") {
      path.push_back(Vec3{number("x"), number("y"), number("z")});
    } else if (!path.empty() && (name == "rel_entity_move" || name == "entity_move_look")) {
      const Vec3& last = path.back();
      path.push_back(Vec3{last.x + number("dx") / 4096.0, last.y + number("dy") / 4096.0, last.z + number("dz") / 4096.0});
    }
  }
  return path;
}

// One recording for both checks: a chase under the sanitizers takes most of a minute.
TEST(MobTrace, AZombieChasingAPlayerReplaysIdenticallyAndItsPathReadsFromTheDump) {
  const ChaseSession session = record_chase();
  // The session really had a chase: the zombie came close and hurt the player.
  EXPECT_LT(session.zombie_closest, 1.6);
  EXPECT_GT(session.zombie_start_distance, 6.0);
  EXPECT_LT(session.health_after, 20.0f);
  EXPECT_EQ(session.left_at, -1);
  expect_identical(session.recorded);

  // The path as the runner's client saw it, from `horizon-trace dump` alone.
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("hz-mob-path-" + std::to_string(::getpid()) + ".hztrace");
  std::ofstream(file, std::ios::binary)
      .write(reinterpret_cast<const char*>(session.recorded.files[0].bytes.data()),
             static_cast<std::streamsize>(session.recorded.files[0].bytes.size()));
  std::ostringstream out, err;
  ASSERT_EQ(trace_dump(file, DumpOptions{}, out, err), kTraceOk) << err.str();
  std::filesystem::remove(file);
  const std::vector<Vec3> path = path_in_dump(out.str(), session.zombie_id);
  ASSERT_GT(path.size(), 10u);
  // It walked: the path covers the several blocks of the chase, and ends where the core's zombie
  // ended (the client's copy trails by at most one update interval of a walk).
  const double walked = std::hypot(path.back().x - path.front().x, path.back().z - path.front().z);
  EXPECT_GT(walked, 3.0);
  EXPECT_LT(std::hypot(path.back().x - session.zombie_end.x, path.back().z - session.zombie_end.z), 0.5);
}

}  // namespace
}  // namespace hz::testing
