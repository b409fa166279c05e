// Movement through the core's input boundary with real packet bytes: teleport confirmation and
// the resend rule, pull-back packets byte for byte with vanilla's log lines, the floating kick's
// timing, invalid values, and flying rules per game mode and allow-flight.
#include <gtest/gtest.h>

#include <cmath>

#include "sim/data/catalog.h"
#include "sim/protocol/text.h"
#include "tests/game/movement_client.h"

namespace hz {
namespace {

using testing::join;
using testing::JoinedPlayer;
using testing::logged;
using testing::MovementServer;
using testing::raw_sent_to;
using testing::sent_to;
namespace cb = packet::play_cb;

// A stone floor under the spawn column (the block the feet stand on and around it).
void floor_under(MovementServer& s, const Vec3& spawn) {
  const int y = static_cast<int>(std::floor(spawn.y)) - 1;
  s.world.floor(-20, 20, -20, 20, y);
}

// Loads and confirms the join teleport so moves count.
void ready(MovementServer& s, JoinedPlayer& p) { s.tick({p.loaded().confirm(1).take()}); }

std::string kick_reason_json(const MovementServer& s, ConnId conn) {
  auto kicks = sent_to<cb::KickDisconnect>(s.h.sink, conn);
  return kicks.empty() ? "" : nbt_text_to_json(kicks.back().reason);
}

TEST(MovementScenario, MovesBeforeTheTeleportIsConfirmedAreIgnoredAndTheTeleportIsResent) {
  MovementServer s;
  JoinedPlayer p = join(s, 1, "Probe");
  floor_under(s, p.spawn);
  s.tick({p.loaded().take()});
  std::vector<int> resent_at;
  for (int tick = 1; tick <= 45; ++tick) {
    s.h.sink.clear();
    s.tick({p.pos(p.spawn.x + 0.2, p.spawn.y, p.spawn.z).take()});
    EXPECT_EQ(s.player(1)->position, p.spawn) << tick;  // the position is ignored
    for (const auto& t : sent_to<cb::Position>(s.h.sink, 1)) {
      resent_at.push_back(tick);
      EXPECT_EQ(t.teleport_id, static_cast<int>(resent_at.size()) + 1);
      EXPECT_EQ(t.x, p.spawn.x);
      EXPECT_EQ(t.y, p.spawn.y);
      EXPECT_EQ(t.flags, 0);
    }
  }
  // The join teleport was sent at tick count 0; a move arriving when more than 20 ticks have
  // passed since then re-sends it with a fresh id, and again 21 ticks after that.
  ASSERT_EQ(resent_at.size(), 2u);
  EXPECT_EQ(resent_at[1] - resent_at[0], 21);

  // A stale id is ignored; the current one lets moves count again.
  s.tick({p.confirm(2).take()});
  s.tick({p.pos(p.spawn.x + 0.2, p.spawn.y, p.spawn.z).take()});
  EXPECT_EQ(s.player(1)->position, p.spawn);
  s.tick({p.confirm(3).take()});
  s.tick({p.pos(p.spawn.x + 0.2, p.spawn.y, p.spawn.z).take()});
  EXPECT_EQ(s.player(1)->position, (Vec3{p.spawn.x + 0.2, p.spawn.y, p.spawn.z}));
  EXPECT_FALSE(p.client.closed(s.h.sink));
}

TEST(MovementScenario, NothingCountsUntilTheClientHasLoaded) {
  MovementServer s;
  JoinedPlayer p = join(s, 1, "Probe");
  floor_under(s, p.spawn);
  s.tick({p.confirm(1).pos(p.spawn.x + 0.1, p.spawn.y, p.spawn.z).take()});
  EXPECT_EQ(s.player(1)->position, p.spawn);
  s.tick({p.loaded().pos(p.spawn.x + 0.1, p.spawn.y, p.spawn.z).take()});
  EXPECT_EQ(s.player(1)->position.x, p.spawn.x + 0.1);
}

// The pull-back a client gets: Synchronize Player Position with absolute coordinates, zero
// velocity, the given rotation and no relative flags, written here field by field.
Bytes expected_pull_back(int32_t id, const Vec3& at, float yaw, float pitch) {
  ByteWriter w;
  w.varint(cb::Position::kId);
  w.varint(id);
  w.f64(at.x), w.f64(at.y), w.f64(at.z);
  w.f64(0.0), w.f64(0.0), w.f64(0.0);
  w.f32(yaw), w.f32(pitch);
  w.i32(0);
  return w.take();
}

TEST(MovementScenario, ATwentyBlockJumpIsPulledBackWithVanillasPacketAndWarning) {
  MovementServer s;
  JoinedPlayer p = join(s, 1, "Probe");
  floor_under(s, p.spawn);
  ready(s, p);
  s.h.sink.clear();
  s.tick({p.pos_look(p.spawn.x, p.spawn.y + 20.0, p.spawn.z, 45.0f, 10.0f).take()});
  auto sent = raw_sent_to(s.h.sink, 1, cb::Position::kId);
  ASSERT_EQ(sent.size(), 1u);
  // Too quickly: back to where the server has the player, with the rotation it had.
  EXPECT_EQ(sent[0], expected_pull_back(2, p.spawn, 0.0f, 0.0f));
  EXPECT_TRUE(logged(s.h.sink, "Probe moved too quickly! 0.0,20.0,0.0"));
  EXPECT_EQ(s.player(1)->position, p.spawn);
}

TEST(MovementScenario, WalkingIntoAWallIsMovedWronglyAndPulledBackWithTheNewRotation) {
  MovementServer s;
  JoinedPlayer p = join(s, 1, "Probe");
  floor_under(s, p.spawn);
  const int wall_x = static_cast<int>(std::floor(p.spawn.x)) + 1;
  const int feet = static_cast<int>(std::floor(p.spawn.y));
  for (int z = -3; z <= 3; ++z) {
    s.world.set(wall_x, feet, static_cast<int>(std::floor(p.spawn.z)) + z, "stone");
    s.world.set(wall_x, feet + 1, static_cast<int>(std::floor(p.spawn.z)) + z, "stone");
  }
  ready(s, p);
  s.h.sink.clear();
  // One block into the wall: the replay stops at its face, 0.7 short.
  s.tick({p.pos_look(wall_x + 0.5, p.spawn.y, p.spawn.z, 90.0f, 5.0f).take()});
  auto sent = raw_sent_to(s.h.sink, 1, cb::Position::kId);
  ASSERT_EQ(sent.size(), 1u);
  EXPECT_EQ(sent[0], expected_pull_back(2, p.spawn, 90.0f, 5.0f));
  EXPECT_TRUE(logged(s.h.sink, "Probe moved wrongly!"));
  EXPECT_FALSE(logged(s.h.sink, "Probe moved too quickly! 0.0,0.0,0.0"));
}

TEST(MovementScenario, TheCreativeModeIsNotExemptFromMovingTooQuickly) {
  ServerProperties props = testing::test_properties();
  props.gamemode = GameMode::kCreative;
  MovementServer s(props);
  JoinedPlayer p = join(s, 1, "Flyer");
  ready(s, p);
  s.h.sink.clear();
  s.tick({p.pos(p.spawn.x + 11.0, p.spawn.y, p.spawn.z).take()});
  EXPECT_EQ(sent_to<cb::Position>(s.h.sink, 1).size(), 1u);
  // Sprint-flying speed (about 1.1 blocks a tick) is fine, in the air and with no ground.
  Vec3 at = p.spawn;
  s.tick({p.confirm(2).take()});
  s.h.sink.clear();
  for (int i = 0; i < 100; ++i) {
    at.x += 1.1;
    s.tick({p.pos(at.x, at.y, at.z, false).take()});
  }
  EXPECT_TRUE(sent_to<cb::Position>(s.h.sink, 1).empty());
  EXPECT_FALSE(p.client.closed(s.h.sink));
}

TEST(MovementScenario, ASurvivalPlayerFloatingInTheAirIsKickedAfter80Ticks) {
  MovementServer s;
  JoinedPlayer p = join(s, 1, "Probe");
  ready(s, p);
  // No blocks anywhere: the move is accepted and marks the client as floating.
  s.tick({p.pos(p.spawn.x, p.spawn.y, p.spawn.z, false).take()});
  int ticks = 1;  // the tick that ran after the move counted once
  while (!p.client.closed(s.h.sink) && ticks < 200) {
    s.tick();
    ++ticks;
  }
  EXPECT_EQ(ticks, 81);
  EXPECT_EQ(PlayerMovement::maximum_flying_ticks(), 80);
  EXPECT_NE(kick_reason_json(s, 1).find("multiplayer.disconnect.flying"), std::string::npos) << kick_reason_json(s, 1);
  EXPECT_TRUE(logged(s.h.sink, "Probe was kicked for floating too long!"));
}

TEST(MovementScenario, AllowFlightCreativeAndStandingOnBlocksAreNeverKicked) {
  for (int variant = 0; variant < 3; ++variant) {
    ServerProperties props = testing::test_properties();
    props.allow_flight = variant == 0;
    if (variant == 1) props.gamemode = GameMode::kCreative;
    MovementServer s(props);
    JoinedPlayer p = join(s, 1, "Probe");
    if (variant == 2) floor_under(s, p.spawn);
    ready(s, p);
    s.tick({p.pos(p.spawn.x, p.spawn.y, p.spawn.z, variant == 2).take()});
    for (int i = 0; i < 200; ++i) s.tick();
    EXPECT_FALSE(p.client.closed(s.h.sink)) << variant;
  }
}

TEST(MovementScenario, NaNCoordinatesAndInfiniteAnglesDisconnect) {
  for (int variant = 0; variant < 2; ++variant) {
    MovementServer s;
    JoinedPlayer p = join(s, 1, "Probe");
    ready(s, p);
    if (variant == 0) p.pos(std::nan(""), 70.0, 0.0);
    else p.pos_look(0.5, 70.0, 0.5, std::numeric_limits<float>::infinity(), 0.0f);
    s.tick({p.take()});
    EXPECT_TRUE(p.client.closed(s.h.sink)) << variant;
    EXPECT_NE(kick_reason_json(s, 1).find("multiplayer.disconnect.invalid_player_movement"), std::string::npos);
  }
}

TEST(MovementScenario, InfiniteCoordinatesAreClampedNotKicked) {
  MovementServer s;
  JoinedPlayer p = join(s, 1, "Probe");
  floor_under(s, p.spawn);
  ready(s, p);
  s.h.sink.clear();
  s.tick({p.pos(std::numeric_limits<double>::infinity(), p.spawn.y, p.spawn.z).take()});
  EXPECT_FALSE(p.client.closed(s.h.sink));
  EXPECT_EQ(sent_to<cb::Position>(s.h.sink, 1).size(), 1u);  // moved too quickly
}

TEST(MovementScenario, ConfirmingWhenNothingIsAwaitedDisconnects) {
  MovementServer s;
  JoinedPlayer p = join(s, 1, "Probe");
  ready(s, p);
  s.tick({p.confirm(1).take()});
  EXPECT_TRUE(p.client.closed(s.h.sink));
  EXPECT_NE(kick_reason_json(s, 1).find("multiplayer.disconnect.invalid_player_movement"), std::string::npos);
}

TEST(MovementScenario, FrozenGameSkipsTheTooQuicklyCheck) {
  MovementServer s;
  JoinedPlayer p = join(s, 1, "Probe");
  ready(s, p);
  s.tick({ConsoleLine{"tick freeze"}});
  s.tick();  // the tick rate manager applies the freeze at the start of the next tick
  s.h.sink.clear();
  s.tick({p.pos(p.spawn.x, p.spawn.y + 15.0, p.spawn.z, false).take()});
  EXPECT_TRUE(sent_to<cb::Position>(s.h.sink, 1).empty());
  EXPECT_EQ(s.player(1)->position.y, p.spawn.y + 15.0);
}

TEST(MovementScenario, GameruleTurnsTheTooQuicklyCheckOff) {
  MovementServer s;
  JoinedPlayer p = join(s, 1, "Probe");
  ready(s, p);
  s.tick({ConsoleLine{"gamerule player_movement_check false"}});
  s.h.sink.clear();
  s.tick({p.pos(p.spawn.x + 12.0, p.spawn.y, p.spawn.z, false).take()});
  EXPECT_TRUE(sent_to<cb::Position>(s.h.sink, 1).empty());
  EXPECT_EQ(s.player(1)->position.x, p.spawn.x + 12.0);
}

}  // namespace
}  // namespace hz
