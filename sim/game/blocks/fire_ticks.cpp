#include "sim/game/blocks/fire_ticks.h"

#include <algorithm>

#include "sim/core/hash.h"
#include "sim/data/flammability.h"
#include "sim/game/blocks/block_kinds.h"
#include "sim/game/blocks/block_support.h"
#include "sim/game/blocks/directions.h"
#include "sim/game/blocks/fire_rules.h"

namespace hz {
namespace {

namespace fr = fire_rules;

// FireBlock.tick's chances that a side burns away: 1 in 300 rolls sideways, 250 up and down.
constexpr int kSideBurnChance = 300;
constexpr int kVerticalBurnChance = 250;
constexpr int kIncreasedBurnoutBonus = -50;

// BlockState.blocksMotion: solid in the legacy sense, except cobwebs and bamboo shoots.
bool blocks_motion_for_lava(BlockStateId state) {
  static const BlockId cobweb = block_of_state(default_state_of("cobweb"));
  static const BlockId bamboo_sapling = block_of_state(default_state_of("bamboo_sapling"));
  const BlockId block = block_of_state(state);
  return block != cobweb && block != bamboo_sapling && is_legacy_solid(state);
}

}  // namespace

int fire_tick_delay(Rng& random) { return 30 + static_cast<int>(random.next_below(10)); }

bool FireTicks::near_rain(const BlockPos& pos) const {
  for (const BlockPos& p : {pos, relative(pos, Dir::kWest), relative(pos, Dir::kEast), relative(pos, Dir::kNorth),
                            relative(pos, Dir::kSouth)})
    if (around_.raining_at(p)) return true;
  return false;
}

// Level.removeBlock: air (fire holds no fluid), with the usual updates and no drops.
void FireTicks::remove(const BlockPos& pos) {
  static const BlockStateId air = default_state_of("air");
  world_.set_block(pos, air);
}

void FireTicks::light(const BlockPos& pos, BlockStateId fire) {
  if (world_.set_block(pos, fire)) ++fires_lit_;
}

void FireTicks::tick(const BlockPos& pos, BlockStateId state) {
  ticks_.schedule_block_tick(pos, block_of_state(state), fire_tick_delay(random_));
  if (!around_.can_spread_around(pos)) return;
  // Vanilla removes an unsupported fire and carries on with the same state: an age step below
  // puts it back.
  if (!fr::can_survive(world_, state, pos)) remove(pos);
  const BlockPos below = relative(pos, Dir::kDown);
  const bool infiniburn = block_in_tag(block_of_state(world_.block_at(below)), "minecraft:infiniburn_overworld");
  const int age = fr::age_of(state);
  if (!infiniburn && around_.raining() && near_rain(pos) && random_.next_float() < 0.2f + static_cast<float>(age) * 0.03f) {
    remove(pos);
    return;
  }
  const int new_age = std::min(fr::kMaxAge, age + static_cast<int>(random_.next_below(3)) / 2);
  if (new_age != age) {
    // Flags 260: shape updates only; vanilla does not tell clients (Horizon's store does).
    world_.set_block(pos, with_value(state, "age", std::to_string(new_age)), 0, BlockUpdates::kDefaultUpdateLimit);
  }
  if (!infiniburn) {
    if (!fr::is_valid_fire_location(world_, pos)) {
      if (!face_sturdy(world_.block_at(below), Dir::kUp) || age > 3) remove(pos);
      return;
    }
    if (age == fr::kMaxAge && random_.next_below(4) == 0 && !fr::can_burn(world_.block_at(below))) {
      remove(pos);
      return;
    }
  }
  const bool increased = around_.increased_burnout(pos);
  const int extra = increased ? kIncreasedBurnoutBonus : 0;
  check_burn_out(offset(pos, 1, 0, 0), kSideBurnChance + extra, age);
  check_burn_out(offset(pos, -1, 0, 0), kSideBurnChance + extra, age);
  check_burn_out(offset(pos, 0, -1, 0), kVerticalBurnChance + extra, age);
  check_burn_out(offset(pos, 0, 1, 0), kVerticalBurnChance + extra, age);
  check_burn_out(offset(pos, 0, 0, -1), kSideBurnChance + extra, age);
  check_burn_out(offset(pos, 0, 0, 1), kSideBurnChance + extra, age);
  spread_around(pos, age, increased);
}

void FireTicks::check_burn_out(const BlockPos& pos, int chance, int age) {
  const BlockStateId old = world_.block_at(pos);
  if (static_cast<int>(random_.next_below(static_cast<uint32_t>(chance))) >= fr::burn_odds(old)) return;
  ++blocks_burnt_;
  if (random_.next_below(static_cast<uint32_t>(age + 10)) < 5 && !around_.raining_at(pos)) {
    const int spread_age = std::min(age + static_cast<int>(random_.next_below(5)) / 4, fr::kMaxAge);
    light(pos, fr::state_with_age(world_, pos, spread_age));
  } else {
    remove(pos);
  }
  // Burning TNT primes it in vanilla; Horizon has no primed TNT yet, so it only burns away.
}

void FireTicks::spread_around(const BlockPos& pos, int age, bool increased_burnout) {
  const int difficulty = static_cast<int>(around_.difficulty());
  for (int dx = -1; dx <= 1; ++dx) {
    for (int dz = -1; dz <= 1; ++dz) {
      for (int dy = -1; dy <= 4; ++dy) {
        if (dx == 0 && dy == 0 && dz == 0) continue;
        // Higher spaces are harder to reach: 1 in 100, plus 100 for each block above the first.
        const int rate = 100 + (dy > 1 ? (dy - 1) * 100 : 0);
        const BlockPos target = offset(pos, dx, dy, dz);
        const int ignite = fr::spread_odds_into(world_, target);
        if (ignite <= 0) continue;
        int odds = (ignite + 40 + difficulty * 7) / (age + 30);
        if (increased_burnout) odds /= 2;
        if (odds <= 0 || static_cast<int>(random_.next_below(static_cast<uint32_t>(rate))) > odds) continue;
        if (around_.raining() && near_rain(target)) continue;
        const int spread_age = std::min(fr::kMaxAge, age + static_cast<int>(random_.next_below(5)) / 4);
        light(target, fr::state_with_age(world_, target, spread_age));
      }
    }
  }
}

void FireTicks::lava_tick(const BlockPos& pos) {
  if (!around_.can_spread_around(pos)) return;
  const int passes = static_cast<int>(random_.next_below(3));
  if (passes > 0) {
    // Climb up to two blocks, drifting sideways, until air beside something that burns.
    BlockPos test = pos;
    for (int pass = 0; pass < passes; ++pass) {
      const int dx = static_cast<int>(random_.next_below(3)) - 1;
      const int dz = static_cast<int>(random_.next_below(3)) - 1;
      test = offset(test, dx, 1, dz);
      if (!world_.is_loaded(test)) return;
      const BlockStateId state = world_.block_at(test);
      if (is_air(state)) {
        for (Dir d : {Dir::kDown, Dir::kUp, Dir::kNorth, Dir::kSouth, Dir::kWest, Dir::kEast}) {
          if (!ignited_by_lava(block_of_state(world_.block_at(relative(test, d))))) continue;
          light(test, fr::state_for(world_, test));
          return;
        }
      } else if (blocks_motion_for_lava(state)) {
        return;
      }
    }
    return;
  }
  for (int i = 0; i < 3; ++i) {
    const int dx = static_cast<int>(random_.next_below(3)) - 1;
    const int dz = static_cast<int>(random_.next_below(3)) - 1;
    const BlockPos test = offset(pos, dx, 0, dz);
    if (!world_.is_loaded(test)) return;
    const BlockPos above = relative(test, Dir::kUp);
    // Vanilla picks the fire's state for the burning block's own position, not the space above.
    if (is_air(world_.block_at(above)) && ignited_by_lava(block_of_state(world_.block_at(test))))
      light(above, fr::state_for(world_, test));
  }
}

uint64_t FireTicks::hash() const {
  Hasher h;
  h.u64(fires_lit_);
  h.u64(blocks_burnt_);
  return h.digest();
}

}  // namespace hz
