// The explosion's ray cast (docs/rules/explosions.md §2): the broken-block set on small random worlds
// against a reference model written here (the same ray rule, walked ray by ray from the list of
// the cube's surface cells, with the same seeded generator), hand-checked small cases, and the
// damage and knockback formulas at hand-computed points.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <map>
#include <optional>
#include <set>
#include <tuple>

#include "sim/game/explosions/explosion_rays.h"

namespace hz {
namespace {

using Key = std::tuple<int, int, int>;

// A small world: a cube of blocks, each with a blast resistance or none (air).
struct SmallWorld {
  int size = 7;
  std::map<Key, float> resistance;  // missing = air without fluid
  std::optional<float> at(const BlockPos& p) const {
    auto it = resistance.find({p.x, p.y, p.z});
    return it == resistance.end() ? std::nullopt : std::optional<float>(it->second);
  }
  // Below y = 0 is outside the world; elsewhere the world goes on as air.
  static bool in_world(const BlockPos& p) { return p.y >= 0 && p.y < 64; }
};

// The reference: the 1352 surface cells of the 16-cube listed first (a cell is on the surface
// when one of its coordinates is 0 or 15), then each ray walked with its own step count.
std::set<Key> reference(const SmallWorld& world, const Vec3& center, float radius, Rng& random) {
  std::vector<Key> cells;
  for (int i = 0; i < 16 * 16 * 16; ++i) {
    const int a = i / 256, b = (i / 16) % 16, c = i % 16;
    auto edge = [](int v) { return v == 0 || v == 15; };
    if (edge(a) || edge(b) || edge(c)) cells.emplace_back(a, b, c);
  }
  EXPECT_EQ(cells.size(), 1352u);
  std::set<Key> out;
  for (const auto& [a, b, c] : cells) {
    auto component = [](int v) { return static_cast<double>(static_cast<float>(v) / 15.0f * 2.0f - 1.0f); };
    const double dx0 = component(a), dy0 = component(b), dz0 = component(c);
    const double n = std::sqrt(dx0 * dx0 + dy0 * dy0 + dz0 * dz0);
    const double dx = dx0 / n, dy = dy0 / n, dz = dz0 / n;
    float power = radius * (0.7f + random.next_float() * 0.6f);
    double x = center.x, y = center.y, z = center.z;
    while (power > 0.0f) {
      const BlockPos p{static_cast<int>(std::floor(x)), static_cast<int>(std::floor(y)), static_cast<int>(std::floor(z))};
      if (!SmallWorld::in_world(p)) break;
      const std::optional<float> r = world.at(p);
      if (r) power -= (*r + 0.3f) * 0.3f;
      if (power > 0.0f) out.insert({p.x, p.y, p.z});
      x += dx * static_cast<double>(0.3f);
      y += dy * static_cast<double>(0.3f);
      z += dz * static_cast<double>(0.3f);
      power -= 0.22500001f;
    }
  }
  return out;
}

std::set<Key> run(const SmallWorld& world, const Vec3& center, float radius, Rng& random) {
  std::set<Key> out;
  for (const BlockPos& p : explosion_rays::exploded_positions(
           center, radius, random, [&](const BlockPos& q) { return world.at(q); }, SmallWorld::in_world))
    out.insert({p.x, p.y, p.z});
  return out;
}

RC_GTEST_PROP(ExplosionRays, BrokenBlocksMatchTheReferenceOnSmallWorlds, ()) {
  // Resistances of air (none), dirt, stone, water, obsidian, bedrock (minecraft-data's values).
  const std::vector<std::optional<float>> kinds = {std::nullopt, 0.5f, 6.0f, 100.0f, 1200.0f, 3600000.0f};
  SmallWorld world;
  for (int x = 0; x < world.size; ++x)
    for (int y = 0; y < world.size; ++y)
      for (int z = 0; z < world.size; ++z) {
        const auto kind = kinds[static_cast<size_t>(*rc::gen::weightedElement<int>({{6, 0}, {2, 1}, {3, 2}, {1, 3}, {1, 4}, {1, 5}}))];
        if (kind) world.resistance[{x, y, z}] = *kind;
      }
  const Vec3 center{*rc::gen::inRange(100, 600) / 100.0, *rc::gen::inRange(0, 600) / 100.0,
                    *rc::gen::inRange(100, 600) / 100.0};
  const float radius = static_cast<float>(*rc::gen::inRange(1, 9)) / 2.0f;
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  Rng a(seed), b(seed);
  RC_ASSERT(run(world, center, radius, a) == reference(world, center, radius, b));
  // Both drew one float per ray: the generators agree afterwards.
  RC_ASSERT(a.next_u64() == b.next_u64());
}

TEST(ExplosionRays, ATinyExplosionReachesOnlyItsOwnBlock) {
  SmallWorld world;
  Rng random(5);
  // Power at most 0.1 * 1.3 = 0.13: one step, in air, then less than 0.225 is left.
  const std::set<Key> hit = run(world, Vec3{2.5, 2.5, 2.5}, 0.1f, random);
  EXPECT_EQ(hit, (std::set<Key>{{2, 2, 2}}));
}

TEST(ExplosionRays, ObsidianAroundTheCentreStopsEveryRay) {
  SmallWorld world;
  world.resistance[{2, 2, 2}] = 1200.0f;
  Rng random(5);
  // Every ray starts in the obsidian block and loses 360.09 there: a radius 4 blast breaks nothing.
  EXPECT_TRUE(run(world, Vec3{2.5, 2.5, 2.5}, 4.0f, random).empty());
}

TEST(ExplosionRays, ACreeperBlastBreaksStoneNextToItButNotBeyondAWall) {
  SmallWorld world;
  // A stone floor under the centre and a bedrock wall at x = 5.
  for (int x = 0; x < 10; ++x)
    for (int z = 0; z < 10; ++z) world.resistance[{x, 0, z}] = 6.0f;
  for (int y = 1; y < 6; ++y)
    for (int z = 0; z < 10; ++z) world.resistance[{5, y, z}] = 3600000.0f;
  Rng random(9);
  const std::set<Key> hit = run(world, Vec3{2.5, 1.0, 2.5}, 3.0f, random);
  EXPECT_TRUE(hit.contains({2, 0, 2}));  // the stone under the creeper
  EXPECT_TRUE(hit.contains({2, 1, 2}));  // the air it stood in
  // A straight ray from the centre reaches x >= 5 beside the wall only through it (bedrock holds).
  for (const auto& [x, y, z] : hit) {
    if (y >= 1 && y <= 5 && z >= 0 && z < 10) {
      EXPECT_LT(x, 5) << "nothing at or behind the bedrock: " << x << " " << y << " " << z;
    }
    EXPECT_GE(y, 0);  // below the world no ray goes on
  }
}

TEST(ExplosionRays, DamageAndKnockbackFollowTheCalculatorsFormula) {
  // Radius 3: 6 blocks of reach. At the centre with full exposure: (1 + 1) / 2 * 7 * 6 + 1 = 43.
  EXPECT_FLOAT_EQ(explosion_rays::entity_damage(3.0f, 0.0, 1.0f), 43.0f);
  // Half the reach, fully exposed: impact 0.5, (0.25 + 0.5) / 2 * 42 + 1 = 16.75.
  EXPECT_FLOAT_EQ(explosion_rays::entity_damage(3.0f, 3.0, 1.0f), 16.75f);
  // Hidden (exposure 0) or at the edge: only the 1 every hit deals.
  EXPECT_FLOAT_EQ(explosion_rays::entity_damage(3.0f, 2.0, 0.0f), 1.0f);
  EXPECT_FLOAT_EQ(explosion_rays::entity_damage(3.0f, 6.0, 1.0f), 1.0f);
  EXPECT_DOUBLE_EQ(explosion_rays::knockback_power(3.0f, 3.0, 0.5f), 0.25);
}

TEST(ExplosionRays, ExposureSamplesAPlayersBoxOnVanillasGrid) {
  // A player's box, 0.6 x 1.8 x 0.6: steps 1/2.2 (3 samples), 1/4.6 (5 samples), 1/2.2 (3): 45 points.
  const Aabb box{10.0 - 0.3, 64.0, 5.0 - 0.3, 10.0 + 0.3, 65.8, 5.0 + 0.3};
  const Vec3 center{5.0, 64.5, 5.0};
  int asked = 0;
  std::vector<Vec3> points;
  const float open = explosion_rays::seen_percent(center, box, [&](const Vec3& from, const Vec3& to) {
    ++asked;
    points.push_back(from);
    EXPECT_EQ(to, center);
    return true;
  });
  EXPECT_EQ(asked, 45);
  EXPECT_FLOAT_EQ(open, 1.0f);
  // x and z are shifted by (1 - floor(2.2) / 2.2) / 2 = 0.0454...: the first sample sits there.
  EXPECT_NEAR(points.front().x, 9.7 + (1.0 - 2.0 / 2.2) / 2.0, 1e-12);
  EXPECT_DOUBLE_EQ(points.front().y, 64.0);
  // A wall hiding everything below y = 65 (the samples at 0, 1/4.6, 2/4.6 of the height: 27 of 45).
  const float half = explosion_rays::seen_percent(center, box, [](const Vec3& from, const Vec3&) { return from.y >= 65.0; });
  EXPECT_FLOAT_EQ(half, 18.0f / 45.0f);
  EXPECT_FLOAT_EQ(explosion_rays::seen_percent(center, box, [](const Vec3&, const Vec3&) { return false; }), 0.0f);
}

}  // namespace
}  // namespace hz
