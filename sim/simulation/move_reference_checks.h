// The reference model's packet handling (move-checks rules, sections 2-7) on top of its own
// collision (move_reference_model.h): move packets, teleport confirmation, pull-backs with
// fresh ids, the server's per-tick air physics and the floating kick.
#pragma once

#include <climits>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/java_format.h"
#include "sim/simulation/move_reference_model.h"

namespace hz::reference {

enum class Mode { kSurvival, kCreative, kAdventure, kSpectator };

// Decisions, in the same order as the server's MoveDecision.
// kUnsure is the model's own: the answer depends on a pose it does not know.
enum class Verdict { kInvalid, kIgnored, kAwaiting, kAccepted, kTooQuickly, kWrongly, kCollidingNew, kUnsure };

struct Packet {
  bool has_pos = false, has_rot = false;
  double x = 0, y = 0, z = 0;
  float yaw = 0, pitch = 0;
  bool ground = false, hcoll = false;
};

struct Rules {
  bool movement_check = true, elytra_check = true, runs_normally = true, allow_flight = false;
};

struct SentTeleport {
  int id;
  V3 pos;
  float yaw, pitch;
  bool operator==(const SentTeleport&) const = default;
};

inline float wrap(float a) {
  float r = std::fmod(a, 360.0f);
  if (r >= 180.0f) r -= 360.0f;
  if (r < -180.0f) r += 360.0f;
  return r;
}

// Whether a tick's fall through or onto this block goes as the model's falls do: stopped by a
// floor, nothing on the way slowing or turning it. The server follows the rest (beds and slime
// bounce, cobwebs, berry bushes, powder snow and honey hold or slow, climbables cap the fall,
// fluids and their currents move a player in them); the model does not.
inline bool plain_for_falls(BlockStateId state) {
  static const std::vector<bool> plain = [] {
    constexpr std::string_view kNotPlain[] = {"slime_block", "cobweb", "sweet_berry_bush", "powder_snow",
                                              "honey_block", "scaffolding", "ladder", "vine", "weeping_vines",
                                              "weeping_vines_plant", "twisting_vines", "twisting_vines_plant",
                                              "cave_vines", "cave_vines_plant", "lava", "bubble_column"};
    std::vector<bool> out;
    for (int s = 0; s < kBlockStateCount; ++s) {
      const auto state = static_cast<BlockStateId>(s);
      const std::string_view name = block_info(block_of_state(state)).name;
      bool is_plain = !is_water(state) && !name.ends_with("_bed");
      for (std::string_view n : kNotPlain) is_plain = is_plain && name != n;
      out.push_back(is_plain);
    }
    return out;
  }();
  return state < plain.size() && plain[state];
}

inline float table_sin(double a) {
  const long long i = static_cast<long long>(a * 10430.378350470453) & 65535;
  return static_cast<float>(std::sin(static_cast<double>(i) / 10430.378350470453));
}
inline float table_cos(double a) {
  const long long i = static_cast<long long>(a * 10430.378350470453 + 16384.0) & 65535;
  return static_cast<float>(std::sin(static_cast<double>(i) / 10430.378350470453));
}

class Player {
 public:
  World world;
  Body body;
  Mode mode = Mode::kSurvival;
  Rules rules;
  std::vector<SentTeleport> sent;
  std::vector<std::string> warnings;
  std::string name = "Model";

  Player(const V3& spawn, Mode m) : mode(m) {
    body.pos = spawn;
    body.spectator = m == Mode::kSpectator;
    body.flying = m == Mode::kSpectator;
    first_ = last_ = spawn;
    // The join teleport (id 1) was sent before anything else.
    last_id_ = 1;
    awaiting_id_ = 1;
    awaiting_ = spawn;
  }

  // The model started mid-session where the server's state is known: it has just read the
  // confirmation of teleport `id` to `pos`, so nothing is awaited, and the player has loaded.
  // What the server's player did in the ticks the confirmation took is not known: its speed and
  // its flags from falling (Body::vel_known).
  static Player resumed(const V3& pos, int id, Mode m) {
    Player p(pos, m);
    p.last_id_ = p.awaiting_id_ = id;
    p.awaiting_.reset();
    p.loaded_timer_ = 0;
    p.body.vel_known = p.body.below_known = p.body.ground_known = p.body.height_known = false;
    return p;
  }

  int last_id() const { return last_id_; }
  // Ticks in a row the player has floated (the server kicks past 80); 0 after a tick not floating.
  int floating_ticks() const { return above_; }
  bool loaded() const { return loaded_timer_ <= 0; }
  void mark_loaded() { loaded_timer_ = 0; }
  void shift(bool on) {
    if (loaded()) body.shift = on;
  }

  // A move packet. While the server's pose is not known, the model answers only what every pose
  // would answer alike.
  Verdict move(const Packet& p) {
    if (body.height_known) return move_at_height(p);
    Player poses[] = {*this, *this, *this};
    const float heights[] = {kStanding, kCrouching, kLow};
    Verdict verdicts[3];
    for (int i = 0; i < 3; ++i) {
      poses[i].body.height = heights[i];
      verdicts[i] = poses[i].move_at_height(p);
    }
    for (int i = 1; i < 3; ++i)
      if (verdicts[i] != verdicts[0] || !poses[i].same_outcome(poses[0])) return Verdict::kUnsure;
    *this = std::move(poses[0]);
    return verdicts[0];
  }

 private:
  bool same_outcome(const Player& o) const {
    const auto same = [](const V3& a, const V3& b) { return a.x == b.x && a.y == b.y && a.z == b.z; };
    return same(body.pos, o.body.pos) && same(body.vel, o.body.vel) && body.fall == o.body.fall &&
           body.ground == o.body.ground && body.below == o.body.below && floating_ == o.floating_ && sent == o.sent;
  }

  Verdict move_at_height(const Packet& p) {
    const double cx = p.has_pos ? p.x : 0, cy = p.has_pos ? p.y : 0, cz = p.has_pos ? p.z : 0;
    const float cyaw = p.has_rot ? p.yaw : 0.0f, cpitch = p.has_rot ? p.pitch : 0.0f;
    if (std::isnan(cx) || std::isnan(cy) || std::isnan(cz) || !std::isfinite(cyaw) || !std::isfinite(cpitch))
      return Verdict::kInvalid;
    if (ticks_ == 0) first_ = last_ = body.pos;
    if (!loaded()) return Verdict::kIgnored;
    const float ty = wrap(p.has_rot ? p.yaw : body.yaw), tp = wrap(p.has_rot ? p.pitch : body.pitch);
    if (awaiting_) {
      if (ticks_ - awaiting_time_ > 20) {
        awaiting_time_ = ticks_;
        teleport(*awaiting_, body.yaw, body.pitch);
      }
      snap_rotation(ty, tp);
      return Verdict::kAwaiting;
    }
    awaiting_time_ = ticks_;
    const V3 t{std::clamp(p.has_pos ? p.x : body.pos.x, -3.0e7, 3.0e7), std::clamp(p.has_pos ? p.y : body.pos.y, -2.0e7, 2.0e7),
               std::clamp(p.has_pos ? p.z : body.pos.z, -3.0e7, 3.0e7)};
    const V3 start = body.pos;
    double dx = t.x - first_.x, dy = t.y - first_.y, dz = t.z - first_.z;
    const double moved = dx * dx + dy * dy + dz * dz;
    const double expected = body.vel.x * body.vel.x + body.vel.y * body.vel.y + body.vel.z * body.vel.z;
    const bool gliding = body.gliding;
    if (rules.runs_normally) {
      ++received_;
      int n = received_ - known_;
      if (n > 5) n = 1;
      if (rules.movement_check && (!gliding || rules.elytra_check)) {
        const float allowance = (gliding ? 300.0f : 100.0f) * static_cast<float>(n);
        if (moved - expected > static_cast<double>(allowance)) {
          warnings.push_back(name + " moved too quickly! " + java_double(dx) + "," + java_double(dy) + "," + java_double(dz));
          teleport(body.pos, body.yaw, body.pitch);
          return Verdict::kTooQuickly;
        }
      }
    }
    const Box old = body.box();
    dx = t.x - last_.x, dy = t.y - last_.y, dz = t.z - last_.z;
    const bool up = dy > 0;
    if (up && !p.ground) {  // a jump where the server has the player on the ground
      if (body.ground) jump();
      if (!body.ground_known) {  // whether the server jumped is not known
        body.vel_known = false;
        may_rise_ = true;
      } else if (body.ground) {
        body.vel_known = true;  // a jump's speed is more than the server's was (it only fell)
      }
    }
    const bool stood = body.below;
    hz::reference::move(body, world, V3{dx, dy, dz});
    const double ex = t.x - body.pos.x, ez = t.z - body.pos.z;
    const bool fail = ex * ex + ez * ez > 0.0625 && mode != Mode::kCreative && mode != Mode::kSpectator;
    if (fail) warnings.push_back(name + " moved wrongly!");
    const bool wrongly = fail && world.free(old);
    if (!body.spectator && (wrongly || colliding_new(old, t))) {
      teleport(start, ty, tp);
      if (p.ground) body.fall = 0;
      return wrongly ? Verdict::kWrongly : Verdict::kCollidingNew;
    }
    body.pos = V3{std::clamp(t.x, -3.0e7, 3.0e7), t.y, std::clamp(t.z, -3.0e7, 3.0e7)};
    snap_rotation(ty, tp);
    floating_ = dy >= static_cast<double>(-0.03125f) && !stood && mode != Mode::kSpectator && !rules.allow_flight &&
                mode != Mode::kCreative && !gliding && nothing_around();
    const double client_dy = body.pos.y - start.y;
    body.ground = p.ground;
    body.ground_known = true;
    body.hcoll = p.hcoll;
    if (client_dy < 0) body.fall -= static_cast<double>(static_cast<float>(client_dy));
    if (p.ground) body.fall = 0;
    if (up) body.fall = 0;
    last_ = body.pos;
    return Verdict::kAccepted;
  }

 public:
  // false: the id matches but nothing is awaited (disconnect).
  bool confirm(int id) {
    if (id != awaiting_id_) return true;
    if (!awaiting_) return false;
    body.pos = V3{std::clamp(awaiting_->x, -3.0e7, 3.0e7), awaiting_->y, std::clamp(awaiting_->z, -3.0e7, 3.0e7)};
    snap_rotation(body.yaw, body.pitch);
    last_ = *awaiting_;
    awaiting_.reset();
    return true;
  }

  // The client-loaded timer (ServerPlayer.tick), then tickPlayer. true: kicked for floating.
  bool tick() {
    if (loaded_timer_ > 0) --loaded_timer_;
    first_ = last_ = body.pos;
    physics();
    body.pos = V3{std::clamp(first_.x, -3.0e7, 3.0e7), first_.y, std::clamp(first_.z, -3.0e7, 3.0e7)};
    snap_rotation(body.yaw, body.pitch);
    ++ticks_;
    known_ = received_;
    if (floating_) {
      if (++above_ > 80) {
        warnings.push_back(name + " was kicked for floating too long!");
        return true;
      }
    } else {
      above_ = 0;
    }
    return false;
  }

 private:
  static std::string java_double(double v) { return java_double_to_string(v); }

  void teleport(const V3& to, float yaw, float pitch) {
    awaiting_time_ = ticks_;
    last_id_ = last_id_ == INT_MAX - 1 ? 0 : last_id_ + 1;
    awaiting_id_ = last_id_;
    body.pos = to;
    body.yaw = yaw;
    body.pitch = std::clamp(pitch, -90.0f, 90.0f);
    body.vel = V3{};
    body.vel_known = true;
    awaiting_ = body.pos;
    sent.push_back({last_id_, to, yaw, pitch});
  }

  void snap_rotation(float yaw, float pitch) {
    body.yaw = std::fmod(yaw, 360.0f);
    body.pitch = std::fmod(std::clamp(pitch, -90.0f, 90.0f), 360.0f);
  }

  void jump() {
    body.vel.y = std::max(static_cast<double>(0.42f), body.vel.y);
    if (body.sprint) {
      const float a = body.yaw * (static_cast<float>(M_PI) / 180.0f);
      body.vel.x += static_cast<double>(-table_sin(a)) * 0.2;
      body.vel.z += static_cast<double>(table_cos(a)) * 0.2;
    }
  }

  bool colliding_new(const Box& old, const V3& t) const {
    const V3 shift{t.x - body.pos.x, t.y - body.pos.y, t.z - body.pos.z};
    const Box q = body.box().moved(shift).grown(-F(1e-5));
    const Box old_small = old.grown(-F(1e-5));
    for (const Placed& s : world.shapes_for(q))
      if (!overlaps(s, old_small)) return true;
    return false;
  }

  bool nothing_around() const {
    Box area = body.box().grown(0.0625);
    area.lo[1] -= 0.55;
    for (int x = static_cast<int>(std::floor(area.lo[0])); x <= static_cast<int>(std::floor(area.hi[0])); ++x)
      for (int y = static_cast<int>(std::floor(area.lo[1])); y <= static_cast<int>(std::floor(area.hi[1])); ++y)
        for (int z = static_cast<int>(std::floor(area.lo[2])); z <= static_cast<int>(std::floor(area.hi[2])); ++z)
          if (!is_air(world.at(x, y, z))) return false;  // isAir: air, cave_air, void_air
    return true;
  }

  // Whether every block the box was in, moved through (`moved` up or down) or landed on is
  // plain for falls.
  bool plain_fall(const Box& start, double moved) const {
    const int y_lo = static_cast<int>(std::floor(start.lo[1] + std::min(moved, 0.0) - 0.5));
    const int y_hi = static_cast<int>(std::floor(start.hi[1] + std::max(moved, 0.0)));
    for (int x = static_cast<int>(std::floor(start.lo[0])); x <= static_cast<int>(std::floor(start.hi[0])); ++x)
      for (int y = y_lo; y <= y_hi; ++y)
        for (int z = static_cast<int>(std::floor(start.lo[2])); z <= static_cast<int>(std::floor(start.hi[2])); ++z)
          if (!plain_for_falls(world.at(x, y, z))) return false;
    return true;
  }

  bool fits(float height) const { return world.free(player_box(body.pos, height).grown(-1e-7)); }

  // The least a tick's fall can be once a tick has passed since a teleport: gravity's step from
  // standstill.
  static constexpr double kLeastFall = 0.08 * static_cast<double>(0.98f);

  // The server's own tick with no keys held, in a world of default blocks.
  void physics() {
    if (body.spectator) body.ground = false;
    if (body.flying) body.fall = 0;
    if (body.vel.x * body.vel.x + body.vel.z * body.vel.z < 9.0e-6) body.vel.x = 0, body.vel.z = 0;
    if (std::abs(body.vel.y) < 0.003) body.vel.y = 0;
    const double oy = body.vel.y;
    const float friction = (body.ground ? 0.6f : 1.0f) * 0.91f;
    const bool known = body.vel_known;
    if (known) may_rise_ = false;
    const double y0 = body.pos.y;
    const Box start = body.box();
    hz::reference::move(body, world, body.vel);
    if (!plain_fall(start, body.pos.y - y0)) {  // the server's player went otherwise
      body.vel_known = body.below_known = body.ground_known = false;
      may_rise_ = true;
    } else if (!known) {
      // Unless it may have jumped, the server's player has fallen at least kLeastFall a tick
      // since the teleport (more the longer it fell without meeting a floor), so its fall surely
      // met the floor in this tick if the model's met it sooner than that: both stop there alike.
      const bool landed_alike = !may_rise_ && oy < 0 && body.below && y0 - body.pos.y < kLeastFall;
      body.vel_known = body.below_known = body.ground_known = landed_alike;
    }
    const double vy = body.vel.y - 0.08;
    body.vel = V3{body.vel.x * static_cast<double>(friction), vy * static_cast<double>(0.98f),
                  body.vel.z * static_cast<double>(friction)};
    if (body.flying) body.vel.y = oy * 0.6;
    update_pose(body.vel_known);
  }

  // Player.updatePlayerPose where the tick left the player; `place_known`: the model's place there
  // is the server's.
  void update_pose(bool place_known) {
    if (!place_known) body.height_known = false;
    if (!fits(kLow)) return;
    float want = body.gliding ? kLow : (body.shift && !body.flying ? kCrouching : kStanding);
    if (!body.spectator && !fits(want)) want = fits(kCrouching) ? kCrouching : kLow;
    body.height = want;
    body.height_known = place_known;
  }

  bool may_rise_ = false;  // the server may have jumped where the model could not tell
  int ticks_ = 0;
  int last_id_ = 0, awaiting_id_ = 0, awaiting_time_ = 0;
  std::optional<V3> awaiting_;
  int above_ = 0, received_ = 0, known_ = 0, loaded_timer_ = 60;
  V3 first_, last_;
  bool floating_ = false;
};

}  // namespace hz::reference
