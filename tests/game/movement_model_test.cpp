// Property: for random worlds (stone, slabs, stairs, fences, walls, carpets, snow, chests, panes)
// and random packet sequences (every move variant, several per tick, huge and invalid values,
// rotations, on-ground flags, teleport confirmations right and wrong, sneaking, sprinting, game
// modes, gamerules, a frozen game, gliding), the server's decision for every packet, the
// position it keeps, the pull-backs it sends and the lines it logs equal the reference model.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <climits>
#include <set>
#include <sstream>

#include "sim/core/java_format.h"
#include "sim/game/movement/player_movement.h"
#include "sim/game/sessions.h"
#include "tests/game/movement_fake_world.h"
#include "sim/simulation/move_reference_checks.h"

namespace hz {
namespace {

namespace ref = reference;

struct PlacedBlock {
  int x, y, z;
  int kind;
  int variant;
};

enum StepKind { kMove, kTick, kConfirm, kLoaded, kShift, kSprint };

struct ModelStep {
  int kind = kMove;
  int variant = 0;  // move: 0 position, 1 position+look, 2 look, 3 status only
  double dx = 0, dy = 0, dz = 0;
  float yaw = 0, pitch = 0;
  bool ground = false, hcoll = false;
  int special = 0;  // 1 NaN x, 2 +inf y, 3 NaN yaw, 4 -inf z, 5 +inf pitch, 6 absolute far away
  int offset = 0;   // confirm: id = last sent id + offset
  bool flag = false;
};

struct Scenario {
  std::vector<PlacedBlock> blocks;
  int mode = 0;
  bool check = true, elytra = true, runs = true, allow_flight = false, gliding = false, flying = false;
  double sx = 0.5, sy = 64.0, sz = 0.5;
  std::vector<ModelStep> steps;
};

constexpr const char* kPalette[] = {"stone", "oak_slab", "oak_stairs", "oak_fence", "white_carpet", "snow",
                                    "cobblestone_wall", "chest", "glass_pane", "oak_fence_gate", "spruce_trapdoor",
                                    "cave_air"};
constexpr int kPaletteSize = sizeof(kPalette) / sizeof(kPalette[0]);

BlockStateId state_for(const PlacedBlock& b) {
  const BlockInfo& info = block_info(*block_by_name(kPalette[b.kind % kPaletteSize]));
  const int count = info.max_state - info.min_state + 1;
  const auto state = static_cast<BlockStateId>(info.min_state + b.variant % count);
  // The model has no liquids: waterlogged states give way to the block's default state.
  return is_water(state) ? info.default_state : state;
}

GameMode game_mode_of(int m) {
  constexpr GameMode kModes[] = {GameMode::kSurvival, GameMode::kCreative, GameMode::kAdventure, GameMode::kSpectator};
  return kModes[m % 4];
}

std::string describe(const Scenario& s) {
  std::ostringstream o;
  o.precision(17);
  o << "Scenario{{";
  for (const auto& b : s.blocks) o << "{" << b.x << "," << b.y << "," << b.z << "," << b.kind << "," << b.variant << "},";
  o << "}, " << s.mode << ", " << s.check << ", " << s.elytra << ", " << s.runs << ", " << s.allow_flight << ", "
    << s.gliding << ", " << s.flying << ", " << s.sx << ", " << s.sy << ", " << s.sz << ", {";
  for (const auto& t : s.steps)
    o << "{" << t.kind << "," << t.variant << "," << t.dx << "," << t.dy << "," << t.dz << "," << t.yaw << "f," << t.pitch
      << "f," << t.ground << "," << t.hcoll << "," << t.special << "," << t.offset << "," << t.flag << "},";
  o << "}}";
  return o.str();
}

// The server side as the movement system drives it, with Sessions' teleport numbering.
class ServerSide final : public MoveEffects {
 public:
  PlayerMovement movement;
  std::vector<ref::SentTeleport> sent;
  std::vector<std::string> warnings;
  int last_id = 1;

  ServerSide(GameMode mode, const Vec3& spawn) : movement("Model", mode, spawn, 0.0f, 0.0f) {
    movement.teleported(spawn, 0.0f, 0.0f, 1, false);
  }
  void teleport(const Vec3& to, float yaw, float pitch) override {
    last_id = last_id == INT_MAX - 1 ? 0 : last_id + 1;
    sent.push_back({last_id, ref::V3{to.x, to.y, to.z}, yaw, pitch});
    movement.teleported(to, yaw, pitch, last_id, false);
  }
  void warn(const std::string& line) override { warnings.push_back(line); }
};

std::string where(size_t step, const std::string& what) { return "step " + std::to_string(step) + ": " + what; }

// Runs a scenario on both sides; returns the first difference, or "" when they agree throughout.
// `kicked_out`: set when both sides kicked the player for floating (the scenario ends there).
std::string first_difference(const Scenario& s, std::set<int>* decisions = nullptr, bool* kicked_out = nullptr) {
  testing::FakeWorld fake;
  ref::Player model(ref::V3{s.sx, s.sy, s.sz}, static_cast<ref::Mode>(s.mode % 4));
  fake.floor(-4, 4, -4, 4, 63);
  model.world = ref::World();
  for (int x = -4; x <= 4; ++x)
    for (int z = -4; z <= 4; ++z) model.world.set(x, 63, z, default_state_of("stone"));
  for (const PlacedBlock& b : s.blocks) {
    fake.set(b.x, b.y, b.z, state_for(b));
    model.world.set(b.x, b.y, b.z, state_for(b));
  }
  WorldBorder border;
  const MoveWorld world{fake, border};
  const GameMode mode = game_mode_of(s.mode);
  ServerSide server(mode, Vec3{s.sx, s.sy, s.sz});
  MoveRules rules;
  rules.player_movement_check = model.rules.movement_check = s.check;
  rules.elytra_movement_check = model.rules.elytra_check = s.elytra;
  rules.runs_normally = model.rules.runs_normally = s.runs;
  rules.allow_flight = model.rules.allow_flight = s.allow_flight;
  server.movement.set_fall_flying(s.gliding);
  model.body.gliding = s.gliding;
  if (mode == GameMode::kCreative) {
    server.movement.set_flying(s.flying);
    model.body.flying = s.flying;
  }

  // Coordinates tens of millions of blocks away are only sent when the too-quickly check will
  // stop them: a replay across them scans every cell of a fully loaded test world.
  const bool huge_moves_stopped = s.check && s.runs && (!s.gliding || s.elytra);

  Vec3 client{s.sx, s.sy, s.sz};
  size_t seen_teleports = 0;
  for (size_t i = 0; i < s.steps.size(); ++i) {
    const ModelStep& st = s.steps[i];
    switch (st.kind) {
      case kMove: {
        MoveInput in;
        in.has_position = st.variant <= 1;
        in.has_rotation = st.variant == 1 || st.variant == 2;
        in.x = client.x + st.dx, in.y = client.y + st.dy, in.z = client.z + st.dz;
        in.yaw = st.yaw, in.pitch = st.pitch;
        in.on_ground = st.ground, in.horizontal_collision = st.hcoll;
        const double inf = std::numeric_limits<double>::infinity();
        const int special = (st.special == 2 || st.special == 4 || st.special == 6) && !huge_moves_stopped ? 0 : st.special;
        if (special == 1) in.x = std::numeric_limits<double>::quiet_NaN();
        if (special == 2) in.y = inf;
        if (special == 3) in.yaw = std::numeric_limits<float>::quiet_NaN();
        if (special == 4) in.z = -inf;
        if (special == 5) in.pitch = std::numeric_limits<float>::infinity();
        if (special == 6) in.x = 4.0e7 + st.dx;
        if (in.has_position) client = Vec3{in.x, in.y, in.z};
        ref::Packet p{in.has_position, in.has_rotation, in.x, in.y, in.z, in.yaw, in.pitch, in.on_ground, in.horizontal_collision};
        const MoveResult got = server.movement.handle_move(in, world, rules, server);
        const ref::Verdict want = model.move(p);
        if (decisions) decisions->insert(static_cast<int>(want));
        if (static_cast<int>(got.decision) != static_cast<int>(want))
          return where(i, "decision " + std::to_string(static_cast<int>(got.decision)) + " vs model " +
                              std::to_string(static_cast<int>(want)));
        if (want == ref::Verdict::kInvalid) return "";  // the player is disconnected
        break;
      }
      case kTick: {
        server.movement.tick_entity();
        const bool kicked = server.movement.tick(world, rules, server) == TickResult::kKickedForFloating;
        const bool model_kicked = model.tick();
        if (kicked != model_kicked) return where(i, "floating kick " + std::to_string(kicked));
        if (kicked && kicked_out) *kicked_out = true;
        if (kicked) return "";
        break;
      }
      case kConfirm: {
        const int id = server.last_id + st.offset;
        const bool ok = server.movement.handle_teleport_confirm(id);
        if (ok != model.confirm(id)) return where(i, "confirm " + std::to_string(id));
        if (!ok) return "";
        break;
      }
      case kLoaded:
        server.movement.handle_player_loaded();
        model.mark_loaded();
        break;
      case kShift:
        server.movement.handle_input_shift(st.flag);
        model.shift(st.flag);
        break;
      case kSprint:
        server.movement.handle_sprinting(st.flag);
        model.body.sprint = st.flag;
        break;
    }
    const PlayerBody& b = server.movement.body();
    const ref::Body& m = model.body;
    if (b.position.x != m.pos.x || b.position.y != m.pos.y || b.position.z != m.pos.z) {
      std::ostringstream o;
      o.precision(17);
      o << "position " << b.position.x << "," << b.position.y << "," << b.position.z << " vs model " << m.pos.x << ","
        << m.pos.y << "," << m.pos.z;
      return where(i, o.str());
    }
    if (b.yaw != m.yaw || b.pitch != m.pitch) return where(i, "rotation");
    if (b.velocity.x != m.vel.x || b.velocity.y != m.vel.y || b.velocity.z != m.vel.z) {
      std::ostringstream o;
      o.precision(17);
      o << "velocity " << b.velocity.x << "," << b.velocity.y << "," << b.velocity.z << " vs model " << m.vel.x << ","
        << m.vel.y << "," << m.vel.z;
      return where(i, o.str());
    }
    if (b.on_ground != m.ground) return where(i, "on ground");
    if (static_cast<float>(b.box.max_y - b.box.min_y) != static_cast<float>(m.height)) return where(i, "pose");
    if (server.sent != model.sent) return where(i, "teleports sent");
    if (server.warnings != model.warnings) {
      std::string got = server.warnings.empty() ? "" : server.warnings.back();
      std::string want = model.warnings.empty() ? "" : model.warnings.back();
      return where(i, "warnings: '" + got + "' vs model '" + want + "'");
    }
    // The client accepts every teleport it receives.
    for (; seen_teleports < server.sent.size(); ++seen_teleports) {
      const auto& t = server.sent[seen_teleports];
      client = Vec3{t.pos.x, t.pos.y, t.pos.z};
    }
  }
  return "";
}

// --- generators ---

double small_delta() {
  return *rc::gen::weightedOneOf<double>({
      {3, rc::gen::map(rc::gen::inRange(-24, 25), [](int k) { return k / 64.0; })},
      {2, rc::gen::map(rc::gen::inRange(-100000, 100001), [](int k) { return k / 100000.0; })},
      {1, rc::gen::element(0.0, 0.3, -0.3, 0.30000001192092896, 0.699999988079071, 1.0 - 0.30000001192092896)},
      {1, rc::gen::map(rc::gen::inRange(-16, 17), [](int k) { return static_cast<double>(k); })},
  });
}

double vertical_delta() {
  return *rc::gen::weightedOneOf<double>({
      {3, rc::gen::element(0.0, -0.0784000015258789, 0.41999998688697815, 0.5, -0.5, 1.0, 0.6, 0.6000000238418579)},
      {2, rc::gen::map(rc::gen::inRange(-64, 65), [](int k) { return k / 32.0; })},
      {1, rc::gen::map(rc::gen::inRange(-100000, 100001), [](int k) { return k / 50000.0; })},
      {1, rc::gen::map(rc::gen::inRange(-20, 21), [](int k) { return static_cast<double>(k); })},
  });
}

float angle() {
  return *rc::gen::weightedOneOf<float>({
      {4, rc::gen::map(rc::gen::inRange(-720, 721), [](int k) { return static_cast<float>(k) * 0.5f; })},
      {1, rc::gen::element(90.0f, -90.0f, 180.0f, -180.0f, 1.0e9f, -1.0e9f, 359.99f)},
  });
}

ModelStep gen_step() {
  ModelStep s;
  s.kind = *rc::gen::weightedElement<int>({{12, kMove}, {6, kTick}, {2, kConfirm}, {1, kLoaded}, {1, kShift}, {1, kSprint}});
  s.variant = *rc::gen::inRange(0, 4);
  s.dx = small_delta();
  s.dy = vertical_delta();
  s.dz = small_delta();
  s.yaw = angle();
  s.pitch = angle();
  s.ground = *rc::gen::arbitrary<bool>();
  s.hcoll = *rc::gen::weightedElement<bool>({{5, false}, {1, true}});
  s.special = *rc::gen::weightedElement<int>({{60, 0}, {1, 1}, {1, 2}, {1, 3}, {1, 4}, {1, 5}, {1, 6}});
  s.offset = *rc::gen::weightedElement<int>({{6, 0}, {1, -1}, {1, 1}});
  s.flag = *rc::gen::arbitrary<bool>();
  return s;
}

Scenario gen_scenario() {
  Scenario s;
  const int blocks = *rc::gen::inRange(0, 30);
  for (int i = 0; i < blocks; ++i)
    s.blocks.push_back({*rc::gen::inRange(-3, 4), *rc::gen::inRange(63, 67), *rc::gen::inRange(-3, 4),
                        *rc::gen::inRange(0, kPaletteSize), *rc::gen::inRange(0, 400)});
  s.mode = *rc::gen::weightedElement<int>({{4, 0}, {2, 1}, {1, 2}, {1, 3}});
  s.check = *rc::gen::weightedElement<bool>({{5, true}, {1, false}});
  s.elytra = *rc::gen::weightedElement<bool>({{3, true}, {1, false}});
  s.runs = *rc::gen::weightedElement<bool>({{6, true}, {1, false}});
  s.allow_flight = *rc::gen::weightedElement<bool>({{6, false}, {1, true}});
  s.gliding = *rc::gen::weightedElement<bool>({{6, false}, {1, true}});
  s.flying = *rc::gen::arbitrary<bool>();
  s.sx = 0.5 + *rc::gen::inRange(-16, 17) / 16.0;
  s.sy = 64.0 + *rc::gen::inRange(0, 9) / 8.0;
  s.sz = 0.5 + *rc::gen::inRange(-16, 17) / 16.0;
  // Most clients load and confirm the join teleport before moving.
  if (*rc::gen::weightedElement<bool>({{5, true}, {1, false}})) {
    ModelStep loaded;
    loaded.kind = kLoaded;
    ModelStep confirm;
    confirm.kind = kConfirm;
    s.steps.push_back(loaded);
    s.steps.push_back(confirm);
  }
  const int steps = *rc::gen::inRange(1, 120);
  for (int i = 0; i < steps; ++i) s.steps.push_back(gen_step());
  return s;
}

RC_GTEST_PROP(MovementModel, DecisionsAndPositionsMatchTheReference, ()) {
  const Scenario s = gen_scenario();
  std::set<int> decisions;
  const std::string diff = first_difference(s, &decisions);
  RC_CLASSIFY(decisions.contains(3), "accepted");
  RC_CLASSIFY(decisions.contains(4), "too quickly");
  RC_CLASSIFY(decisions.contains(5), "wrongly");
  RC_CLASSIFY(decisions.contains(6), "colliding");
  RC_CLASSIFY(decisions.contains(0), "invalid");
  RC_LOG() << describe(s) << "\n";
  RC_ASSERT(diff == "");
}

// Shrunk counterexamples found while building the checks, kept so they stay fixed.
TEST(MovementModel, RegressionCases) {
  const std::vector<Scenario> cases = {
      // A walk onto a slab after the join teleport was confirmed.
      Scenario{{{1, 64, 0, 1, 0}}, 0, true, true, true, false, false, false, 0.5, 64.0, 0.5,
               {{kLoaded}, {kConfirm}, {kMove, 0, 0.3, 0.5, 0.0}, {kTick}}},
      // Found by the property: a waterlogged fence next to the player (the model has no liquids;
      // waterlogged states now give way to dry ones) with the too-quickly check off.
      Scenario{{{-3, 63, -3, 0, 0}, {-1, 64, -1, 3, 0}}, 0, false, true, true, false, false, false, -0.5, 64, -0.5,
               {{kLoaded},
                {kConfirm},
                {kMove, 0, -1, -2, -1, -360.0f, -360.0f, false, false, 0, 1, false},
                {kMove, 0, -0.375, 0.5, -1, -360.0f, -360.0f},
                {kMove, 0, -1, -2, -1, -360.0f, -360.0f},
                {kTick, 0, 0.3, -20, -0.375, -360.0f, -90.0f, false, false, 0, 1, false}}},
      // Found by the property: a position 4e7 blocks away with the checks off made the replay scan
      // every cell of the fully loaded test world; such coordinates now come only with the checks on.
      Scenario{{}, 0, false, true, true, false, false, false, 0.5, 64, 0.5,
               {{kLoaded}, {kConfirm}, {kMove, 0, 0.2, 0, 0, 0, 0, true, false, 6}, {kTick}}},
      // Sneaking off a slab edge with a fall distance under the step height.
      Scenario{{{1, 63, 0, 1, 2}}, 0, true, true, true, false, false, false, 1.5, 63.5, 0.5,
               {{kLoaded}, {kConfirm}, {kShift, 0, 0, 0, 0, 0, 0, false, false, 0, 0, true}, {kTick},
                {kMove, 0, 0.3, 0, 0}, {kMove, 0, 0.3, 0, 0}, {kTick}, {kMove, 0, 0.3, -0.5, 0}, {kTick}}},
      // Found by the property: sneaking down and sideways in the air over a top slab in the floor.
      Scenario{{{-3, 63, -3, 0, 0}, {-1, 63, -2, 1, 7}}, 2, true, true, true, false, false, false, -0.4375, 64, -0.5,
               {{kLoaded},
                {kConfirm},
                {kTick, 0, -16, -0.5, -0.375, -360.0f, -360.0f},
                {kMove, 0, -0.25, 0.60000002384185791, -0.53144000000000002, -360.0f, -360.0f, false, true, 0, 0, false},
                {kShift, 0, -16, -2, -16, -360.0f, -360.0f, false, false, 0, 0, true},
                {kMove, 0, -0.375, -0.5, -0.66856000000000004, -360.0f, -360.0f, false, false, 0, -1, false}}},
  };
  for (const Scenario& s : cases) EXPECT_EQ(first_difference(s), "") << describe(s);
}

// Floating in a cave: cave air is air to the floating check (isAir), so the kick comes after 80
// ticks there as in the open; the model once counted it as a block around the player.
TEST(MovementModel, FloatingInCaveAirIsKicked) {
  Scenario s{{{0, 65, 0, 11, 0}, {0, 66, 0, 11, 0}, {0, 67, 0, 11, 0}}, 0, true, true, true, false, false, false,
             0.5, 66.0, 0.5, {{kLoaded}, {kConfirm}, {kMove, 0, 0, 0, 0}}};
  s.steps.insert(s.steps.end(), 82, ModelStep{kTick});
  bool kicked = false;
  EXPECT_EQ(first_difference(s, nullptr, &kicked), "") << describe(s);
  EXPECT_TRUE(kicked);
}


// A player in water with glass filled around its head (found by horizon-sim, seed 998 with all
// faults). Standing or crouching the glass is inside its box, so the server's tick gives it the
// swimming pose (Player.updatePlayerPose), and a step into the next glass column is not a new
// collision. The model's air physics cannot follow a tick in water, so it does not know the pose:
// it answers only what every pose answers alike, and is unsure of this step.
class PoseInWater : public ::testing::Test {
 protected:
  static constexpr double kStartX = 1.675526617086931, kStartZ = 0.10294956740467394, kY = 63.4;
  static constexpr double kToX = 1.704159260886572, kToZ = 0.04469156566719609;

  PoseInWater() : model(ref::V3{kStartX, kY, kStartZ}, ref::Mode::kSurvival), server(GameMode::kSurvival, {kStartX, kY, kStartZ}) {
    for (int x = -3; x <= 5; ++x)
      for (int z = -3; z <= 3; ++z) {
        put(x, 59, z, "stone");
        for (int y = 60; y <= 63; ++y) put(x, y, z, water ? "water" : "air");
      }
    for (int x = 0; x <= 2; ++x)
      for (int y = 64; y <= 66; ++y)
        for (int z = 0; z <= 2; ++z) put(x, y, z, "glass");
  }
  void put(int x, int y, int z, const char* name) {
    fake.set(x, y, z, name);
    model.world.set(x, y, z, default_state_of(name));
  }
  // The join teleport confirmed, the client loaded, and `ticks` ticks on both sides. The server
  // puts its player back where it was after each tick, but its speed builds up.
  void settle(int ticks) {
    ASSERT_TRUE(server.movement.handle_teleport_confirm(1));
    ASSERT_TRUE(model.confirm(1));
    server.movement.handle_player_loaded();
    model.mark_loaded();
    const WorldBorder border;
    for (int i = 0; i < ticks; ++i) {
      server.movement.tick_entity();
      server.movement.tick(MoveWorld{fake, border}, MoveRules{}, server);
      model.tick();
    }
  }
  MoveResult step(double x, double z, ref::Verdict& verdict) {
    MoveInput in;
    in.has_position = true;
    in.x = x, in.y = kY, in.z = z;
    verdict = model.move(ref::Packet{true, false, x, kY, z, 0, 0, false, false});
    const WorldBorder border;
    return server.movement.handle_move(in, MoveWorld{fake, border}, MoveRules{}, server);
  }

  bool water = true;
  testing::FakeWorld fake;
  ref::Player model;
  ServerSide server;
};

// Twenty ticks: the model's air fall would have reached the floor, where standing fits.
TEST_F(PoseInWater, StepIntoTheGlassIsUnsure) {
  settle(20);
  EXPECT_FALSE(model.body.height_known);
  ref::Verdict verdict;
  const MoveResult got = step(kToX, kToZ, verdict);
  EXPECT_EQ(got.decision, MoveDecision::kAccepted);
  EXPECT_EQ(server.movement.body().pose, Pose::kSwimming);
  EXPECT_EQ(verdict, ref::Verdict::kUnsure);
}

TEST_F(PoseInWater, StepWherePosesAgreeIsJudged) {
  settle(20);
  ref::Verdict verdict;
  const MoveResult got = step(kStartX - 0.05, kStartZ - 0.05, verdict);  // away from the next column
  EXPECT_EQ(got.decision, MoveDecision::kAccepted);
  EXPECT_EQ(verdict, ref::Verdict::kAccepted);
}

// Out of water the model follows the ticks' fall and knows the pose: swimming after one tick
// (the fall has not left the glass), standing once it has reached the floor.
class PoseInAir : public PoseInWater {
 protected:
  PoseInAir() {
    water = false;
    for (int x = -3; x <= 5; ++x)
      for (int z = -3; z <= 3; ++z)
        for (int y = 60; y <= 63; ++y) put(x, y, z, "air");
  }
};

TEST_F(PoseInAir, StepIntoTheGlassSwimmingIsAccepted) {
  settle(1);
  EXPECT_TRUE(model.body.height_known);
  EXPECT_EQ(model.body.height, ref::kLow);
  ref::Verdict verdict;
  const MoveResult got = step(kToX, kToZ, verdict);
  EXPECT_EQ(verdict, ref::Verdict::kAccepted);
  EXPECT_EQ(static_cast<int>(got.decision), static_cast<int>(verdict));
}

TEST_F(PoseInAir, StepIntoTheGlassStandingIsPulledBack) {
  settle(20);
  EXPECT_TRUE(model.body.height_known);
  EXPECT_EQ(model.body.height, ref::kStanding);
  ref::Verdict verdict;
  const MoveResult got = step(kToX, kToZ, verdict);
  EXPECT_EQ(verdict, ref::Verdict::kCollidingNew);
  EXPECT_EQ(static_cast<int>(got.decision), static_cast<int>(verdict));
}

}  // namespace
}  // namespace hz
