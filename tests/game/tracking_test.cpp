// Players seeing each other: the per-player sync rules (relative moves in 1/4096, rotation and
// head bytes, full syncs on ground changes, big moves and every 401st pass, a forced position
// every 60 passes, the update interval of 2), and scenarios through the core's input boundary
// (spawns, moves, removal out of range and on leaving), plus visibility against brute force.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "sim/game/movement/arm_swing.h"
#include "sim/game/tracking/entity_sync.h"
#include "sim/protocol/packets.h"
#include "tests/game/movement_client.h"

namespace hz {
namespace {

using testing::join;
using testing::JoinedPlayer;
using testing::MovementServer;
using testing::raw_sent_to;
using testing::sent_to;
namespace cb = packet::play_cb;

int32_t id_of(const SharedBytes& b) { return testing::packet_id_of(*b); }

struct Pass {
  std::vector<SharedBytes> packets;
  std::vector<int32_t> ids() const {
    std::vector<int32_t> out;
    for (const auto& p : packets) out.push_back(id_of(p));
    return out;
  }
};

Pass pass(EntitySync& sync, const EntityState& s) {
  Pass p;
  sync.send_changes(s, p.packets);
  return p;
}

EntityState at(double x, double y, double z, bool ground = true) {
  EntityState s;
  s.position = Vec3{x, y, z};
  s.on_ground = ground;
  return s;
}

TEST(TrackingSync, UpdatesEveryOtherPassWithAForcedPositionOnTheFirst) {
  EntitySync sync(7, at(0.5, 64, 0.5));
  Pass first = pass(sync, at(0.5, 64, 0.5));
  ASSERT_EQ(first.ids(), std::vector<int32_t>{cb::RelEntityMove::kId});
  auto move = decode_packet<cb::RelEntityMove>(*first.packets[0]);
  EXPECT_EQ(move->dx, 0);
  EXPECT_TRUE(move->on_ground);
  EXPECT_TRUE(pass(sync, at(1.5, 64, 0.5)).packets.empty());  // odd pass: nothing
  Pass third = pass(sync, at(1.5, 64, 0.5));
  ASSERT_EQ(third.ids(), std::vector<int32_t>{cb::RelEntityMove::kId});
  EXPECT_EQ(decode_packet<cb::RelEntityMove>(*third.packets[0])->dx, 4096);
}

TEST(TrackingSync, DeltasAreDifferencesOfRoundedPositions) {
  EntitySync sync(7, at(0.0, 64, 0.0));
  pass(sync, at(0.0, 64, 0.0));
  pass(sync, at(0.0, 64, 0.0));
  // 0.3 blocks = 1228.8 units, rounded to 1229; then 0.6 = 2457.6 -> 2458, a step of 1229 again.
  Pass a = pass(sync, at(0.3, 64.25, -0.1));
  auto m = decode_packet<cb::RelEntityMove>(*a.packets.at(0));
  EXPECT_EQ(m->dx, 1229);
  EXPECT_EQ(m->dy, 1024);
  EXPECT_EQ(m->dz, -410);
  pass(sync, at(0.3, 64.25, -0.1));
  Pass b = pass(sync, at(0.6, 64.25, -0.1));
  EXPECT_EQ(decode_packet<cb::RelEntityMove>(*b.packets.at(0))->dx, 2458 - 1229);
}

TEST(TrackingSync, RotationAndHeadRotationBytes) {
  EntitySync sync(7, at(0, 64, 0));
  pass(sync, at(0, 64, 0));
  pass(sync, at(0, 64, 0));
  EntityState turned = at(0, 64, 0);
  turned.yaw = 90.0f;
  turned.pitch = -45.0f;
  turned.head_yaw = 90.0f;
  Pass p = pass(sync, turned);
  ASSERT_EQ(p.ids(), (std::vector<int32_t>{cb::EntityLook::kId, cb::EntityHeadRotation::kId}));
  auto look = decode_packet<cb::EntityLook>(*p.packets[0]);
  EXPECT_EQ(look->yaw.steps, 64);     // 90 degrees = a quarter of 256
  EXPECT_EQ(look->pitch.steps, 224);  // -45 degrees = -32 as a byte
  EXPECT_EQ(decode_packet<cb::EntityHeadRotation>(*p.packets[1])->head_yaw.steps, 64);
  pass(sync, turned);
  turned.position.x = 0.5;
  turned.yaw = 180.0f;
  Pass both = pass(sync, turned);
  ASSERT_EQ(both.ids(), (std::vector<int32_t>{cb::EntityMoveLook::kId}));  // the head byte is unchanged
  EXPECT_EQ(pack_degrees(-180.0f), -128);
  EXPECT_EQ(pack_degrees(359.0f), static_cast<int8_t>(255));
}

TEST(TrackingSync, GroundChangesAndBigMovesSendAFullSync) {
  EntitySync sync(7, at(0, 64, 0, true));
  pass(sync, at(0, 64, 0, true));
  pass(sync, at(0, 64, 0, true));
  Pass airborne = pass(sync, at(0, 64.5, 0, false));
  ASSERT_EQ(airborne.ids(), std::vector<int32_t>{cb::SyncEntityPosition::kId});
  auto sync_packet = decode_packet<cb::SyncEntityPosition>(*airborne.packets[0]);
  EXPECT_EQ(sync_packet->y, 64.5);
  EXPECT_FALSE(sync_packet->on_ground);
  pass(sync, at(0, 64.5, 0, false));
  EXPECT_EQ(pass(sync, at(0, 65, 0, false)).ids(), std::vector<int32_t>{cb::RelEntityMove::kId});
  pass(sync, at(0, 65, 0, false));
  // 8 blocks = 32768 units: one more than a short holds.
  EXPECT_EQ(pass(sync, at(8, 65, 0, false)).ids(), std::vector<int32_t>{cb::SyncEntityPosition::kId});
  pass(sync, at(8, 65, 0, false));
  EXPECT_EQ(pass(sync, at(15.99, 65, 0, false)).ids(), std::vector<int32_t>{cb::RelEntityMove::kId});
}

TEST(TrackingSync, AnIdlePlayerGetsAZeroMoveEvery60PassesAndAFullSyncAfter400Updates) {
  EntitySync sync(7, at(0, 64, 0));
  std::vector<int> rel_passes, full_passes;
  for (int n = 0; n < 900; ++n) {
    Pass p = pass(sync, at(0, 64, 0));
    for (int32_t id : p.ids()) {
      if (id == cb::RelEntityMove::kId) rel_passes.push_back(n);
      if (id == cb::SyncEntityPosition::kId) full_passes.push_back(n);
    }
  }
  // Zero moves at passes 0, 60, 120, ...; the update counter (one per even pass) passes 400 at
  // pass 800, which sends a full sync whatever changed, and starts counting again.
  EXPECT_EQ(rel_passes.front(), 0);
  EXPECT_EQ(rel_passes[1], 60);
  EXPECT_EQ(rel_passes[2], 120);
  ASSERT_EQ(full_passes.size(), 1u);
  EXPECT_EQ(full_passes[0], 800);
  EXPECT_EQ(std::count(rel_passes.begin(), rel_passes.end(), 780), 1);
  EXPECT_EQ(std::count(rel_passes.begin(), rel_passes.end(), 840), 1);
}

TEST(TrackingSync, AJumpSendsTheVelocityBeforeTheMove) {
  EntitySync sync(7, at(0, 64, 0));
  pass(sync, at(0, 64, 0));
  EntityState jump = at(0, 64.4, 0, true);
  jump.velocity = Vec3{0, 0.42, 0};
  jump.needs_sync = true;
  Pass p = pass(sync, jump);  // an odd pass, but the sync is needed now
  ASSERT_EQ(p.ids(), (std::vector<int32_t>{cb::EntityVelocity::kId, cb::RelEntityMove::kId}));
}

TEST(TrackingSync, SpawnIsABundleWithThePlayerType) {
  EntitySync sync(9, at(3.25, 70, -2.5));
  Uuid uuid{0x0123456789abcdefull, 0x0fedcba987654321ull};
  auto packets = sync.pairing_packets(uuid);
  ASSERT_EQ(packets.size(), 3u);
  EXPECT_EQ(*packets[0], (Bytes{0x00}));
  EXPECT_EQ(*packets[2], (Bytes{0x00}));
  auto spawn = decode_packet<cb::SpawnEntity>(*packets[1]);
  ASSERT_TRUE(spawn.ok());
  EXPECT_EQ(spawn->entity_id, 9);
  EXPECT_EQ(spawn->type, 155);
  EXPECT_EQ(spawn->uuid, uuid);
  EXPECT_EQ(spawn->x, 3.25);
  EXPECT_EQ(spawn->z, -2.5);
}

// --- scenarios through the core ---

std::vector<cb::SpawnEntity> spawns(const MovementServer& s, ConnId conn) { return sent_to<cb::SpawnEntity>(s.h.sink, conn); }

// An endless floor under the players' feet, so nobody floats.
void ground_under(MovementServer& s, const JoinedPlayer& p) {
  s.world.ground(static_cast<int>(std::floor(p.spawn.y)) - 1);
}

TEST(TrackingScenario, TwoPlayersSeeEachOtherMoveAndDisappearOutOfRange) {
  MovementServer s;
  JoinedPlayer a = join(s, 1, "Alice");
  ground_under(s, a);
  s.tick({a.loaded().confirm(1).take()});
  JoinedPlayer b = join(s, 2, "Bob");
  // Alice sees Bob as soon as he is added.
  EXPECT_EQ(s.h.core.tracking().seen_by(1), std::vector<int32_t>{b.entity_id});
  // Every chunk counts as sent here, so Bob sees Alice from his join on.
  EXPECT_EQ(s.h.core.tracking().seen_by(2), std::vector<int32_t>{a.entity_id});
  s.tick({b.loaded().confirm(1).take()});

  // Alice walks one block; Bob hears about it at the next update pass, in 1/4096 blocks.
  s.h.sink.clear();
  s.tick({a.pos(a.spawn.x + 1.0, a.spawn.y, a.spawn.z).take()});
  s.tick();
  std::vector<cb::RelEntityMove> moves = sent_to<cb::RelEntityMove>(s.h.sink, 2);
  int dx = 0;
  for (const auto& m : moves)
    if (m.entity_id == a.entity_id) dx += m.dx;
  EXPECT_EQ(dx, 4096);
  // The update for Alice is one encoding shared by every viewer: the same buffer object.

  // Alice walks away (8 blocks a tick) past Bob's range of 2 chunks' view distance (32 blocks).
  s.h.sink.clear();
  Vec3 at = a.spawn;
  at.x += 1.0;
  for (int i = 0; i < 6; ++i) {
    at.x += 8.0;
    s.tick({a.pos(at.x, at.y, at.z).take()});
  }
  auto destroyed = sent_to<cb::EntityDestroy>(s.h.sink, 2);
  ASSERT_EQ(destroyed.size(), 1u);
  EXPECT_EQ(destroyed[0].entity_ids, std::vector<int32_t>{a.entity_id});
  EXPECT_TRUE(s.h.core.tracking().seen_by(2).empty());

  // Coming back shows her again; leaving removes her for good.
  s.h.sink.clear();
  for (int i = 0; i < 5; ++i) {
    at.x -= 8.0;
    s.tick({a.pos(at.x, at.y, at.z).take()});
  }
  auto respawned = spawns(s, 2);
  ASSERT_EQ(respawned.size(), 1u);
  EXPECT_EQ(respawned[0].entity_id, a.entity_id);
  EXPECT_EQ(respawned[0].type, 155);
  // The spawn carries the last position sent to anyone (vanilla's position base), which may be
  // a step behind; the next update pass corrects it.
  EXPECT_GE(respawned[0].x, at.x);
  s.h.sink.clear();
  s.tick({ConnectionClosed{1}});
  EXPECT_EQ(sent_to<cb::EntityDestroy>(s.h.sink, 2).size(), 1u);
  EXPECT_EQ(sent_to<cb::PlayerRemove>(s.h.sink, 2).size(), 1u);
}

// handleAnimate: a swing is shown to the players that see the swinger (action 0 main hand, 3 off
// hand), not to the swinger; one reported in the first half of the swing before it (6 ticks) is not.
TEST(TrackingScenario, ASwingIsShownToThoseWhoSeeTheSwingerOncePerHalfSwing) {
  MovementServer s;
  JoinedPlayer a = join(s, 1, "Alice");
  ground_under(s, a);
  s.tick({a.loaded().confirm(1).take()});
  JoinedPlayer b = join(s, 2, "Bob");
  s.tick({b.loaded().confirm(1).take()});
  auto swings_of_alice = [&](ConnId viewer) {
    std::vector<uint8_t> out;
    for (const cb::Animation& m : sent_to<cb::Animation>(s.h.sink, viewer))
      if (m.entity_id == a.entity_id) out.push_back(m.action);
    return out;
  };
  s.h.sink.clear();
  a.client.packet(packet::play_sb::ArmAnimation{0});
  s.tick({a.take()});
  EXPECT_EQ(swings_of_alice(2), std::vector<uint8_t>{cb::Animation::kSwingMainHand});
  EXPECT_TRUE(sent_to<cb::Animation>(s.h.sink, 1).empty());
  // A tick on, the swing is in its first half (time 0 of 6): not shown. At time 3 it is.
  s.h.sink.clear();
  a.client.packet(packet::play_sb::ArmAnimation{1});
  s.tick({a.take()});
  EXPECT_TRUE(swings_of_alice(2).empty());
  s.tick();
  s.tick();
  s.h.sink.clear();
  a.client.packet(packet::play_sb::ArmAnimation{1});
  s.tick({a.take()});
  EXPECT_EQ(swings_of_alice(2), std::vector<uint8_t>{cb::Animation::kSwingOffHand});
}

// Reference: LivingEntity.swing and updateSwingTime restated, for any order of swings and ticks.
RC_GTEST_PROP(ArmSwingModel, SwingsStartAndEndAsLivingEntityDoes, ()) {
  const auto steps = *rc::gen::container<std::vector<bool>>(rc::gen::arbitrary<bool>());  // true: a swing
  ArmSwing swing;
  bool swinging = false;
  int time = 0;
  for (bool is_swing : steps) {
    if (is_swing) {
      const bool starts = !swinging || time >= 6 / 2 || time < 0;
      if (starts) time = -1, swinging = true;
      RC_ASSERT(swing.start() == starts);
    } else {
      if (swinging) {
        ++time;
        if (time >= 6) time = 0, swinging = false;
      } else {
        time = 0;
      }
      swing.tick();
    }
    RC_ASSERT(swing.swinging == swinging);
    RC_ASSERT(swing.time == time);
  }
}

// Chunks count as sent only once the test says so (then every chunk within 32 of the viewer's).
class ChunksSentLater final : public ChunkVisibility {
 public:
  bool sent = false;
  ViewerChunks chunks_of(const Player& viewer) const override {
    if (!sent) return {};
    return {ChunkTrackingView({java_floor(viewer.position.x) >> 4, java_floor(viewer.position.z) >> 4}, 32), nullptr};
  }
};

TEST(TrackingScenario, AStandingClientsRepeatedPositionMakesTheTrackerLookAgain) {
  MovementServer s;
  ChunksSentLater chunks;
  s.h.core.tracking().set_chunk_visibility(&chunks);
  JoinedPlayer a = join(s, 1, "Alice");
  ground_under(s, a);
  s.tick({a.loaded().confirm(1).take()});
  JoinedPlayer b = join(s, 2, "Bob");
  s.tick({b.loaded().confirm(1).take()});
  EXPECT_TRUE(s.h.core.tracking().seen_by(2).empty());
  chunks.sent = true;  // the chunks arrive; nothing looks again by itself
  s.tick();
  EXPECT_TRUE(s.h.core.tracking().seen_by(2).empty());
  // Clients repeat their position about once a second even when standing still.
  s.tick({b.pos(b.spawn.x, b.spawn.y, b.spawn.z).take()});
  EXPECT_EQ(s.h.core.tracking().seen_by(2), std::vector<int32_t>{a.entity_id});
}

TEST(TrackingScenario, OneUpdateEncodingIsSharedByAllViewers) {
  MovementServer s;
  std::vector<JoinedPlayer> players;
  for (ConnId c = 1; c <= 4; ++c) {
    players.push_back(join(s, c, "P" + std::to_string(c)));
    ground_under(s, players.back());
    s.tick({players.back().loaded().confirm(1).take()});
  }
  for (JoinedPlayer& p : players) s.tick({p.pos(p.spawn.x, p.spawn.y, p.spawn.z).take()});
  s.h.sink.clear();
  JoinedPlayer& mover = players[0];
  s.tick({mover.pos(mover.spawn.x + 0.5, mover.spawn.y, mover.spawn.z).take()});
  s.tick();
  std::set<const Bytes*> buffers;
  int copies = 0;
  for (const Effect& e : s.h.sink.effects)
    if (auto* send = std::get_if<SendPacket>(&e); send && testing::packet_id_of(*send->body) == cb::RelEntityMove::kId) {
      auto m = decode_packet<cb::RelEntityMove>(*send->body);
      if (m->entity_id != mover.entity_id) continue;
      buffers.insert(send->body.get());
      ++copies;
    }
  EXPECT_EQ(copies, 3);
  EXPECT_EQ(buffers.size(), 1u);
}

TEST(TrackingScenario, SpectatorsAreHiddenFromOthersButSeeEveryone) {
  MovementServer s;
  JoinedPlayer a = join(s, 1, "Watcher");
  ground_under(s, a);
  s.tick({a.loaded().confirm(1).take()});
  JoinedPlayer b = join(s, 2, "Walker");
  s.tick({b.loaded().confirm(1).take()});
  s.tick({ConsoleLine{"gamemode spectator Watcher"}});
  s.h.sink.clear();
  s.tick({a.pos(a.spawn.x + 0.1, a.spawn.y, a.spawn.z).take()});
  EXPECT_EQ(sent_to<cb::EntityDestroy>(s.h.sink, 2).size(), 1u);  // Walker no longer sees Watcher
  EXPECT_EQ(s.h.core.tracking().seen_by(1).size(), 1u);          // Watcher still sees Walker
}

// Property: after any sequence of moves, every viewer sees exactly the players the visibility
// rule allows: horizontal distance within min(512, its view distance * 16 blocks), its view distance
// being its client's setting clamped to 2..the server's. Both distances vary from case to case.
RC_GTEST_PROP(TrackingScenario, VisibilityEqualsTheRuleForEveryPair, ()) {
  ServerProperties props = testing::test_properties();
  props.view_distance = *rc::gen::inRange(2, 12);
  MovementServer s(props);
  s.tick({ConsoleLine{"gamerule player_movement_check false"}});
  const int count = *rc::gen::inRange(2, 6);
  std::vector<JoinedPlayer> players;
  std::vector<Vec3> at;
  std::vector<int> client_view;
  for (int i = 0; i < count; ++i) {
    client_view.push_back(*rc::gen::inRange(0, 16));  // below 2 and past the server's too
    players.push_back(join(s, static_cast<ConnId>(i + 1), "P" + std::to_string(i),
                           static_cast<int8_t>(client_view.back())));
    ground_under(s, players.back());
    s.tick({players.back().loaded().confirm(1).take()});
    at.push_back(players.back().spawn);
  }
  const int moves = *rc::gen::inRange(1, 40);
  for (int m = 0; m < moves; ++m) {
    const int who = *rc::gen::inRange(0, count);
    // Steps up to 8 chunks, so players cross every view distance in play, both ways.
    at[who].x += *rc::gen::inRange(-256, 257) / 2.0;
    at[who].z += *rc::gen::inRange(-256, 257) / 2.0;
    s.tick({players[who].pos(at[who].x, at[who].y, at[who].z, false).take()});
    for (int v = 0; v < count; ++v) {
      std::set<int32_t> expected;
      const int view = std::clamp(client_view[v], 2, props.view_distance);
      const double range = std::min(512, view * 16);
      for (int e = 0; e < count; ++e) {
        if (e == v) continue;
        const double dx = at[v].x - at[e].x, dz = at[v].z - at[e].z;
        if (dx * dx + dz * dz <= range * range) expected.insert(players[e].entity_id);
      }
      const auto seen = s.h.core.tracking().seen_by(static_cast<ConnId>(v + 1));
      RC_ASSERT(std::set<int32_t>(seen.begin(), seen.end()) == expected);
    }
  }
  // What the cases cover (rapidcheck prints the distribution): which view distance was in force.
  RC_CLASSIFY(client_view[0] < 2, "client below 2");
  RC_CLASSIFY(client_view[0] > props.view_distance, "client beyond the server");
  RC_CLASSIFY(client_view[0] >= 2 && client_view[0] <= props.view_distance, "client's own");
}

}  // namespace
}  // namespace hz
