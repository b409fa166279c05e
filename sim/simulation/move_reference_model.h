// An independent reference model of vanilla's move checks, written from the written rules
// (move-checks and entity-move-collision) for a world of blocks whose shapes depend only on their
// state and whose friction, speed and bounce are the defaults (stone, slabs, stairs, fences,
// walls, carpets, snow layers, chests, panes). It shares no code with sim/game/movement: shapes,
// sweeps, step-up, edge back-off, the server's air physics and the packet handler are all
// restated here in their own terms. Only the block tables (minecraft-data boxes) are shared data.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "sim/data/blocks.h"

namespace hz::reference {

constexpr double kTiny = 1e-7;

inline double F(double v) { return static_cast<double>(static_cast<float>(v)); }

struct V3 {
  double x = 0, y = 0, z = 0;
  double at(int a) const { return a == 0 ? x : a == 1 ? y : z; }
  void set(int a, double v) { (a == 0 ? x : a == 1 ? y : z) = v; }
  bool operator==(const V3&) const = default;
};

struct Box {
  double lo[3];
  double hi[3];
  Box moved(const V3& d) const {
    return Box{{lo[0] + d.x, lo[1] + d.y, lo[2] + d.z}, {hi[0] + d.x, hi[1] + d.y, hi[2] + d.z}};
  }
  // Grows toward the movement: the low side for negative components, the high side else.
  Box swept(const V3& d) const {
    Box b = *this;
    for (int a = 0; a < 3; ++a) (d.at(a) < 0 ? b.lo[a] : b.hi[a]) += d.at(a);
    return b;
  }
  Box grown(double g) const {
    return Box{{lo[0] - g, lo[1] - g, lo[2] - g}, {hi[0] + g, hi[1] + g, hi[2] + g}};
  }
};

// Player heights per pose (standing, crouching, swimming or gliding).
constexpr float kStanding = 1.8f, kCrouching = 1.5f, kLow = 0.6f;

// The player's box per the pose table: half width and height as floats, then widened.
inline Box player_box(const V3& p, float height) {
  const double w = static_cast<double>(0.6f / 2.0f);
  const double h = static_cast<double>(height);
  return Box{{p.x - w, p.y, p.z - w}, {p.x + w, p.y + h, p.z + w}};
}

// A block shape in the rules' terms: coordinate lists per axis and which grid cells are full.
struct Shape {
  std::vector<double> coords[3];
  std::vector<char> cells;  // x-major, then y, then z
  bool cube = false;        // the full-cube singleton
  bool none = true;

  int count(int a) const { return static_cast<int>(coords[a].size()) - 1; }
  bool full(int i, int j, int k) const {
    if (i < 0 || j < 0 || k < 0 || i >= count(0) || j >= count(1) || k >= count(2)) return false;
    return cells[(static_cast<size_t>(i) * count(1) + j) * count(2) + k] != 0;
  }
};

// The smallest grid 1/2^b (b <= 3) both bounds sit on, or -1.
inline int grid_of(double lo, double hi) {
  if (lo < -kTiny || hi > 1.0000001) return -1;
  for (int b = 0; b < 4; ++b) {
    const double n = 1 << b;
    auto on = [&](double v) { return std::abs(v * n - std::floor(v * n + 0.5)) < kTiny * n; };
    if (on(lo) && on(hi)) return b;
  }
  return -1;
}

inline Shape shape_of(std::span<const ShapeBox> boxes) {
  Shape s;
  std::vector<std::array<double, 6>> kept;
  for (const ShapeBox& b : boxes) {
    const double lo[3] = {b.min_x, b.min_y, b.min_z}, hi[3] = {b.max_x, b.max_y, b.max_z};
    if (hi[0] - lo[0] < kTiny || hi[1] - lo[1] < kTiny || hi[2] - lo[2] < kTiny) continue;
    int g[3] = {grid_of(lo[0], hi[0]), grid_of(lo[1], hi[1]), grid_of(lo[2], hi[2])};
    const bool grid = g[0] >= 0 && g[1] >= 0 && g[2] >= 0;
    for (int a = 0; a < 3; ++a) {
      if (grid) {
        for (int k = 0; k <= (1 << g[a]); ++k) s.coords[a].push_back(static_cast<double>(k) / (1 << g[a]));
      } else {
        s.coords[a].push_back(lo[a]);
        s.coords[a].push_back(hi[a]);
      }
    }
    kept.push_back({lo[0], lo[1], lo[2], hi[0], hi[1], hi[2]});
  }
  if (kept.empty()) return s;
  for (auto& list : s.coords) {
    std::sort(list.begin(), list.end());
    std::vector<double> merged;
    for (double v : list)
      if (merged.empty() || v - kTiny > merged.back()) merged.push_back(v);
    list = merged;
  }
  s.cells.assign(static_cast<size_t>(s.count(0)) * s.count(1) * s.count(2), 0);
  for (int i = 0; i < s.count(0); ++i)
    for (int j = 0; j < s.count(1); ++j)
      for (int k = 0; k < s.count(2); ++k) {
        const double mid[3] = {(s.coords[0][i] + s.coords[0][i + 1]) / 2, (s.coords[1][j] + s.coords[1][j + 1]) / 2,
                               (s.coords[2][k] + s.coords[2][k + 1]) / 2};
        for (const auto& b : kept) {
          bool inside = true;
          for (int a = 0; a < 3; ++a) inside = inside && mid[a] > b[a] && mid[a] < b[a + 3];
          if (inside) s.cells[(static_cast<size_t>(i) * s.count(1) + j) * s.count(2) + k] = 1;
        }
      }
  s.none = std::find(s.cells.begin(), s.cells.end(), 1) == s.cells.end();
  s.cube = !s.none && s.count(0) == 1 && s.count(1) == 1 && s.count(2) == 1 && s.coords[0][0] == 0 &&
           s.coords[0][1] == 1 && s.coords[1][0] == 0 && s.coords[1][1] == 1 && s.coords[2][0] == 0 &&
           s.coords[2][1] == 1;
  return s;
}

// A shape at a block position: its coordinates plus the block's coordinates.
struct Placed {
  const Shape* shape;
  int pos[3];
  double c(int a, int i) const { return shape->coords[a][i] + pos[a]; }
  int n(int a) const { return shape->count(a); }
  bool full_at(int a, int ia, int b, int ib, int c2, int ic) const {
    int idx[3];
    idx[a] = ia, idx[b] = ib, idx[c2] = ic;
    return shape->full(idx[0], idx[1], idx[2]);
  }
  // The largest i with coordinate i <= v, or -1 below the first.
  int index_of(int a, double v) const {
    int found = -1;
    for (int i = 0; i <= n(a); ++i)
      if (c(a, i) <= v) found = i;
      else break;
    return found;
  }
  double bound_lo(int a) const {
    for (int i = 0; i < n(a); ++i)
      for (int j = 0; j < n((a + 1) % 3); ++j)
        for (int k = 0; k < n((a + 2) % 3); ++k)
          if (full_at(a, i, (a + 1) % 3, j, (a + 2) % 3, k)) return c(a, i);
    return std::numeric_limits<double>::infinity();
  }
  double bound_hi(int a) const {
    for (int i = n(a) - 1; i >= 0; --i)
      for (int j = 0; j < n((a + 1) % 3); ++j)
        for (int k = 0; k < n((a + 2) % 3); ++k)
          if (full_at(a, i, (a + 1) % 3, j, (a + 2) % 3, k)) return c(a, i + 1);
    return -std::numeric_limits<double>::infinity();
  }
};

// The per-axis sweep of the rules (2.4).
inline double sweep(const Placed& s, int a, const Box& m, double dist) {
  if (s.shape->none) return dist;
  if (std::abs(dist) < kTiny) return 0.0;
  const int b = (a + 1) % 3, c = (a + 2) % 3;
  const int a_lo = s.index_of(a, m.lo[a] + kTiny), a_hi = s.index_of(a, m.hi[a] - kTiny);
  const int b0 = std::max(0, s.index_of(b, m.lo[b] + kTiny)), b1 = std::min(s.n(b), s.index_of(b, m.hi[b] - kTiny) + 1);
  const int c0 = std::max(0, s.index_of(c, m.lo[c] + kTiny)), c1 = std::min(s.n(c), s.index_of(c, m.hi[c] - kTiny) + 1);
  auto layer_full = [&](int layer) {
    for (int j = b0; j < b1; ++j)
      for (int k = c0; k < c1; ++k)
        if (s.full_at(a, layer, b, j, c, k)) return true;
    return false;
  };
  if (dist > 0) {
    for (int layer = a_hi + 1; layer < s.n(a); ++layer)
      if (layer_full(layer)) {
        const double t = s.c(a, layer) - m.hi[a];
        return t >= -kTiny ? std::min(dist, t) : dist;
      }
  } else {
    for (int layer = a_lo - 1; layer >= 0; --layer)
      if (layer_full(layer)) {
        const double t = s.c(a, layer + 1) - m.lo[a];
        return t <= kTiny ? std::max(dist, t) : dist;
      }
  }
  return dist;
}

// Positive-volume overlap of a shape and a box: an overlap counts when its far side stays more
// than 1e-7 above its near side, as a coordinate list that merges values within 1e-7 keeps them.
inline bool overlaps(const Placed& s, const Box& box) {
  if (s.shape->none) return false;
  if (box.hi[0] - box.lo[0] < kTiny || box.hi[1] - box.lo[1] < kTiny || box.hi[2] - box.lo[2] < kTiny) return false;
  for (int i = 0; i < s.n(0); ++i)
    for (int j = 0; j < s.n(1); ++j)
      for (int k = 0; k < s.n(2); ++k) {
        if (!s.shape->full(i, j, k)) continue;
        const int at[3] = {i, j, k};
        bool all = true;
        for (int a = 0; a < 3 && all; ++a) {
          const double lo = std::max(s.c(a, at[a]), box.lo[a]);
          const double hi = std::min(s.c(a, at[a] + 1), box.hi[a]);
          all = lo < hi - kTiny;  // as a merged coordinate list keeps hi apart from lo
        }
        if (all) return true;
      }
  return false;
}

// Every block state's shape, made once for the whole process (the model's worlds come and go
// with each teleport); states whose collision boxes are the same list share one.
struct StateShape {
  Shape shape;
  bool large = false;  // reaches outside the unit cube
};
struct StateShapes {
  std::vector<StateShape> shapes;
  std::vector<uint32_t> of_state;  // index into shapes
  const StateShape& at(BlockStateId s) const { return shapes[of_state.at(s)]; }
};
inline const StateShapes& state_shapes() {
  static const StateShapes table = [] {
    StateShapes out;
    std::map<std::pair<const ShapeBox*, size_t>, uint32_t> made;
    for (int s = 0; s < kBlockStateCount; ++s) {
      const std::span<const ShapeBox> boxes = collision_boxes(static_cast<BlockStateId>(s));
      auto [it, fresh] = made.try_emplace({boxes.data(), boxes.size()}, static_cast<uint32_t>(out.shapes.size()));
      out.of_state.push_back(it->second);
      if (!fresh) continue;
      StateShape& state = out.shapes.emplace_back();
      state.shape = shape_of(boxes);
      if (state.shape.none) continue;
      const Placed p{&state.shape, {0, 0, 0}};
      for (int a = 0; a < 3; ++a) state.large = state.large || p.bound_lo(a) < 0 || p.bound_hi(a) > 1;
    }
    return out;
  }();
  return table;
}

class World {
 public:
  // Blocks come from the map set() fills unless a lookup is given (a simulated client's chunks).
  void look_up_with(std::function<BlockStateId(int, int, int)> lookup) { lookup_ = std::move(lookup); }
  void set(int x, int y, int z, BlockStateId s) {
    if (s == 0) blocks_.erase({x, y, z});
    else blocks_[{x, y, z}] = s;
  }
  BlockStateId at(int x, int y, int z) const {
    if (lookup_) return lookup_(x, y, z);
    auto it = blocks_.find({x, y, z});
    return it == blocks_.end() ? 0 : it->second;
  }
  const Shape& shape(BlockStateId s) const { return state_shapes().at(s).shape; }
  // Shapes reach outside the unit cube (fences, walls).
  bool large(BlockStateId s) const { return state_shapes().at(s).large; }
  // The block shapes that count for a query box, in scan order (2.1).
  std::vector<Placed> shapes_for(const Box& q) const {
    std::vector<Placed> out;
    int lo[3], hi[3];
    for (int a = 0; a < 3; ++a) {
      lo[a] = static_cast<int>(std::floor(q.lo[a] - kTiny)) - 1;
      hi[a] = static_cast<int>(std::floor(q.hi[a] + kTiny)) + 1;
    }
    for (int z = lo[2]; z <= hi[2]; ++z)
      for (int y = lo[1]; y <= hi[1]; ++y)
        for (int x = lo[0]; x <= hi[0]; ++x) {
          const int faces = (x == lo[0] || x == hi[0]) + (y == lo[1] || y == hi[1]) + (z == lo[2] || z == hi[2]);
          if (faces >= 2) continue;
          const BlockStateId s = at(x, y, z);
          if (s == 0) continue;
          if (faces == 1 && !large(s)) continue;
          const Shape& sh = shape(s);
          if (sh.none) continue;
          Placed p{&sh, {x, y, z}};
          if (sh.cube) {
            const bool hit = q.lo[0] < x + 1.0 && q.hi[0] > x && q.lo[1] < y + 1.0 && q.hi[1] > y && q.lo[2] < z + 1.0 &&
                             q.hi[2] > z;
            if (!hit) continue;
          } else if (!overlaps(p, q)) {
            continue;
          }
          out.push_back(p);
        }
    return out;
  }
  bool free(const Box& q) const { return shapes_for(q).empty(); }
  const std::map<std::tuple<int, int, int>, BlockStateId>& blocks() const { return blocks_; }

 private:
  std::map<std::tuple<int, int, int>, BlockStateId> blocks_;
  std::function<BlockStateId(int, int, int)> lookup_;
};

// Sweeps a movement through shapes one axis at a time: Y, then the larger horizontal one.
inline V3 sweep_all(const V3& m, const Box& box, const std::vector<Placed>& shapes) {
  if (shapes.empty()) return m;
  const int order[3] = {1, std::abs(m.x) < std::abs(m.z) ? 2 : 0, std::abs(m.x) < std::abs(m.z) ? 0 : 2};
  V3 r;
  for (int a : order) {
    double d = m.at(a);
    if (d == 0) continue;
    const Box at = box.moved(r);
    for (const Placed& s : shapes) {
      if (std::abs(d) < kTiny) {
        d = 0;
        break;
      }
      d = sweep(s, a, at, d);
    }
    r.set(a, d);
  }
  return r;
}

// The player as the model sees it.
struct Body {
  V3 pos;
  float height = kStanding;
  V3 vel;
  double fall = 0;
  bool ground = false, hcoll = false, vcoll = false, below = false;
  // Whether `vel`, `below` and `ground` are the server's. A body taken up after a teleport knows
  // none of them: the server kept its flags through the teleport and its player went on falling
  // (from standstill) for the ticks the confirmation took. A move the client sent sets the flags
  // (`below` when it has a vertical part) and, when it meets a floor or a ceiling, the speed; a
  // tick's fall sets them only when the server's fall surely met the floor in the same tick
  // (Player::physics), and a teleport sets the speed.
  bool below_known = true, ground_known = true, vel_known = true;
  // Whether `height` is the server's pose. The server picks the pose where its tick left the
  // player, so after a tick the model could not follow (or the ticks a confirmation took) the
  // pose is not known.
  bool height_known = true;
  bool shift = false, sprint = false, flying = false, gliding = false, spectator = false;
  float yaw = 0, pitch = 0;
  Box box() const { return player_box(pos, height); }
};

inline bool can_fall(const Body& b, const World& w, double dx, double dz, double h) {
  const Box bb = b.box();
  Box probe{{bb.lo[0] + kTiny + dx, bb.lo[1] - h - kTiny, bb.lo[2] + kTiny + dz},
            {bb.hi[0] - kTiny + dx, bb.lo[1], bb.hi[2] - kTiny + dz}};
  return w.free(probe);
}

inline V3 edge_back_off(const Body& b, const World& w, V3 d) {
  const double s = F(0.6);
  const bool above = b.ground || (b.fall < s && !can_fall(b, w, 0, 0, s - b.fall));
  if (b.flying || d.y > 0 || !b.shift || !above) return d;
  const double sx = d.x > 0 ? 0.05 : d.x < 0 ? -0.05 : 0.0;
  const double sz = d.z > 0 ? 0.05 : d.z < 0 ? -0.05 : 0.0;
  while (d.x != 0 && can_fall(b, w, d.x, 0, s)) {
    if (std::abs(d.x) <= 0.05) {
      d.x = 0;
      break;
    }
    d.x -= sx;
  }
  while (d.z != 0 && can_fall(b, w, 0, d.z, s)) {
    if (std::abs(d.z) <= 0.05) {
      d.z = 0;
      break;
    }
    d.z -= sz;
  }
  while (d.x != 0 && d.z != 0 && can_fall(b, w, d.x, d.z, s)) {
    d.x = std::abs(d.x) <= 0.05 ? 0 : d.x - sx;
    d.z = std::abs(d.z) <= 0.05 ? 0 : d.z - sz;
  }
  return d;
}

inline V3 clip(const Body& b, const World& w, const V3& m) {
  const Box a = b.box();
  V3 m0 = m;
  if (m.x * m.x + m.y * m.y + m.z * m.z != 0) m0 = sweep_all(m, a, w.shapes_for(a.swept(m)));
  const bool xc = m.x != m0.x, yc = m.y != m0.y, zc = m.z != m0.z;
  const bool g = yc && m.y < 0;
  const float s = 0.6f;
  if (!((g || b.ground) && (xc || zc))) return m0;
  const Box ground = g ? a.moved({0, m0.y, 0}) : a;
  Box up = ground.swept({m.x, static_cast<double>(s), m.z});
  if (!g) up = up.swept({0, -F(1e-5), 0});
  const std::vector<Placed> shapes = w.shapes_for(up);
  const float skip = static_cast<float>(m0.y);
  std::vector<float> heights;
  for (const Placed& p : shapes) {
    for (int i = 0; i <= p.n(1); ++i) {
      const float h = static_cast<float>(p.c(1, i) - ground.lo[1]);
      if (h < 0 || h == skip) continue;
      if (h > s) break;
      if (std::find(heights.begin(), heights.end(), h) == heights.end()) heights.push_back(h);
    }
  }
  std::sort(heights.begin(), heights.end());
  for (float h : heights) {
    const V3 st = sweep_all({m.x, static_cast<double>(h), m.z}, ground, shapes);
    if (st.x * st.x + st.z * st.z > m0.x * m0.x + m0.z * m0.z) return V3{st.x, st.y - (a.lo[1] - ground.lo[1]), st.z};
  }
  return m0;
}

// Entity.move for the model's world (default block effects only).
inline void move(Body& b, const World& w, V3 d) {
  if (b.spectator) {
    b.pos = V3{b.pos.x + d.x, b.pos.y + d.y, b.pos.z + d.z};
    b.hcoll = b.vcoll = b.below = false;
    b.below_known = true;
    return;
  }
  d = edge_back_off(b, w, d);
  const V3 m = clip(b, w, d);
  const double ml = m.x * m.x + m.y * m.y + m.z * m.z;
  const double dl = d.x * d.x + d.y * d.y + d.z * d.z;
  if (ml > 1e-7 || dl - ml < 1e-7) b.pos = V3{b.pos.x + m.x, b.pos.y + m.y, b.pos.z + m.z};
  const bool xc = !(std::abs(d.x - m.x) < F(1e-5)), zc = !(std::abs(d.z - m.z) < F(1e-5));
  b.hcoll = xc || zc;
  if (d.y != 0) {
    b.vcoll = d.y != m.y;
    b.below = b.vcoll && d.y < 0;
    b.ground = b.below;
    b.below_known = b.ground_known = true;
  }
  if (xc) b.vel.x = 0;
  if (zc) b.vel.z = 0;
  if (d.y != m.y) {
    b.vel.y = b.vel.y * 0.0;
    b.vel_known = true;
  }
}

}  // namespace hz::reference
