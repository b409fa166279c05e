// The chunk tracking view against brute-force models written from the spec: membership, the
// chunk counts per radius, and the ordered difference between two views.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cstdlib>
#include <set>
#include <vector>

#include "sim/game/world/tracking_view.h"

namespace hz {
namespace {

// Spec 2: in view when max(0,|dx|-2)^2 + max(0,|dz|-2)^2 < r^2, for an empty view never.
bool model_contains(bool positioned, ChunkPos c, int r, ChunkPos p) {
  if (!positioned) return false;
  long long ax = std::llabs(static_cast<long long>(p.x) - c.x) - 2;
  long long az = std::llabs(static_cast<long long>(p.z) - c.z) - 2;
  if (ax < 0) ax = 0;
  if (az < 0) az = 0;
  return ax * ax + az * az < static_cast<long long>(r) * r;
}

// Every chunk in view, found by testing a square well beyond the view.
std::set<ChunkPos> model_members(bool positioned, ChunkPos c, int r) {
  std::set<ChunkPos> out;
  if (!positioned) return out;
  for (int x = c.x - r - 6; x <= c.x + r + 6; ++x)
    for (int z = c.z - r - 6; z <= c.z + r + 6; ++z)
      if (model_contains(true, c, r, {x, z})) out.insert({x, z});
  return out;
}

std::set<ChunkPos> members(const ChunkTrackingView& view) {
  std::set<ChunkPos> out;
  view.for_each([&](ChunkPos p) { EXPECT_TRUE(out.insert(p).second) << "visited twice"; });
  return out;
}

TEST(WorldTrackingView, CountsForEveryRadiusMatchTheBruteForceModel) {
  for (int r = 2; r <= 32; ++r) {
    const ChunkTrackingView view({5, -7}, r);
    EXPECT_EQ(members(view), model_members(true, {5, -7}, r)) << "radius " << r;
  }
}

TEST(WorldTrackingView, CountsMatchTheSpecTable) {
  const std::pair<int, size_t> table[] = {{2, 49},  {3, 81},   {4, 117},  {5, 157}, {8, 329},
                                          {10, 473}, {12, 637}, {16, 1057}, {32, 3725}};
  for (auto [r, count] : table) EXPECT_EQ(members(ChunkTrackingView({0, 0}, r)).size(), count) << "radius " << r;
}

TEST(WorldTrackingView, EmptyViewContainsNothing) {
  const ChunkTrackingView empty;
  EXPECT_FALSE(empty.contains({0, 0}));
  EXPECT_TRUE(members(empty).empty());
}

RC_GTEST_PROP(WorldTrackingView, MembershipMatchesTheModel, ()) {
  const ChunkPos c{*rc::gen::inRange(-1000, 1000), *rc::gen::inRange(-1000, 1000)};
  const int r = *rc::gen::inRange(2, 33);
  const ChunkPos p{c.x + *rc::gen::inRange(-40, 41), c.z + *rc::gen::inRange(-40, 41)};
  RC_ASSERT(ChunkTrackingView(c, r).contains(p) == model_contains(true, c, r, p));
}

struct Event {
  bool enter;
  ChunkPos pos;
  bool operator==(const Event&) const = default;
};

struct ViewSpec {
  bool positioned;
  ChunkPos center;
  int radius;
  ChunkTrackingView view() const { return positioned ? ChunkTrackingView(center, radius) : ChunkTrackingView(); }
};

ViewSpec random_view(ChunkPos near) {
  ViewSpec v;
  v.positioned = *rc::gen::weightedElement<bool>({{1, false}, {6, true}});
  const int spread = *rc::gen::element(1, 4, 30);
  v.center = {near.x + *rc::gen::inRange(-spread, spread + 1), near.z + *rc::gen::inRange(-spread, spread + 1)};
  v.radius = *rc::gen::inRange(2, 12);
  return v;
}

// The spec's order: overlapping bounding squares (centre +- (r+1)) scan their union x outer,
// z inner; otherwise every chunk of `from` leaves (x outer, z inner), then every chunk of `to` enters.
std::vector<Event> model_difference(const ViewSpec& from, const ViewSpec& to) {
  std::vector<Event> out;
  if (from.positioned == to.positioned &&
      (!from.positioned || (from.center == to.center && from.radius == to.radius)))
    return out;
  auto lo = [](const ViewSpec& v, bool x) { return (x ? v.center.x : v.center.z) - v.radius - 1; };
  auto hi = [](const ViewSpec& v, bool x) { return (x ? v.center.x : v.center.z) + v.radius + 1; };
  const bool overlap = from.positioned && to.positioned && lo(from, true) <= hi(to, true) &&
                       hi(from, true) >= lo(to, true) && lo(from, false) <= hi(to, false) &&
                       hi(from, false) >= lo(to, false);
  if (overlap) {
    for (int x = std::min(lo(from, true), lo(to, true)); x <= std::max(hi(from, true), hi(to, true)); ++x)
      for (int z = std::min(lo(from, false), lo(to, false)); z <= std::max(hi(from, false), hi(to, false)); ++z) {
        const bool saw = model_contains(true, from.center, from.radius, {x, z});
        const bool sees = model_contains(true, to.center, to.radius, {x, z});
        if (saw != sees) out.push_back({sees, {x, z}});
      }
    return out;
  }
  for (ChunkPos p : model_members(from.positioned, from.center, from.radius)) out.push_back({false, p});
  for (ChunkPos p : model_members(to.positioned, to.center, to.radius)) out.push_back({true, p});
  return out;
}

RC_GTEST_PROP(WorldTrackingView, DifferenceMatchesTheModelInOrder, ()) {
  const ViewSpec from = random_view({0, 0});
  const ViewSpec to = random_view(from.center);
  std::vector<Event> got;
  view_difference(
      from.view(), to.view(), [&](ChunkPos p) { got.push_back({true, p}); },
      [&](ChunkPos p) { got.push_back({false, p}); });
  RC_ASSERT(got == model_difference(from, to));
  // Applying the events to the old members gives the new members.
  std::set<ChunkPos> have = model_members(from.positioned, from.center, from.radius);
  for (const Event& e : got) {
    if (e.enter) RC_ASSERT(have.insert(e.pos).second);
    else RC_ASSERT(have.erase(e.pos) == 1u);
  }
  RC_ASSERT(have == model_members(to.positioned, to.center, to.radius));
}

}  // namespace
}  // namespace hz
