// Sounds (docs/rules/sounds.md): the sound ids, how far a sound carries and its packet, the
// ambient-sound clock and the consume-sound schedule against restatements, and through the core:
// who hears a mob's voice, a player's hurt, death and attacks, and an eater's sounds.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include "sim/core/java_format.h"
#include "sim/data/block_sounds.h"
#include "sim/data/catalog.h"
#include "sim/data/sound_ids.h"
#include "sim/game/items/consumables.h"
#include "sim/game/sounds/entity_sounds.h"
#include "sim/game/mobs/mob_physics.h"
#include "sim/game/sounds/sound_rules.h"
#include "sim/game/sounds/steps.h"
#include "sim/game/survival/survival_system.h"
#include "sim/protocol/packets.h"
#include "tests/game/movement_client.h"
#include "tests/game/movement_fake_world.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::RecordingSounds;

using testing::join;
using testing::JoinedPlayer;
using testing::MovementServer;
using testing::sent_to;
namespace cb = packet::play_cb;
namespace sb = packet::play_sb;

// --- the rules ---

// The registry numbers sounds from 0 in registration order: vanilla's registry report gives
// entity.allay.ambient_with_item protocol id 0, and 26.1 registers 1,902 sounds.
TEST(SoundIds, TheRegistryCountsFromZero) {
  EXPECT_EQ(sound_count(), 1902);
  EXPECT_EQ(sound_name(0), "entity.allay.ambient_with_item");
  EXPECT_EQ(sound_name(sound::entity_generic_explode), "entity.generic.explode");
  EXPECT_EQ(sound::entity_generic_explode, 697);
  EXPECT_EQ(sound_name(sound::entity_cow_ambient), "entity.cow.ambient");
  EXPECT_EQ(sound_name(sound_count()), "");
  EXPECT_EQ(sound_name(-1), "");
}

// SoundEvent.getRange and PlayerList.broadcast restated: within 16 blocks, or 16 × volume above
// 1, strictly.
RC_GTEST_PROP(SoundRules, ASoundReachesTheListenersWithinItsRange, ()) {
  const Vec3 at{*rc::gen::inRange(-400, 400) / 8.0, *rc::gen::inRange(0, 800) / 8.0, *rc::gen::inRange(-400, 400) / 8.0};
  const Vec3 listener{*rc::gen::inRange(-400, 400) / 8.0, *rc::gen::inRange(0, 800) / 8.0,
                      *rc::gen::inRange(-400, 400) / 8.0};
  const float volume = static_cast<float>(*rc::gen::inRange(1, 40)) / 8.0f;
  const double reach = volume > 1.0f ? 16.0 * volume : 16.0;
  const double distance = std::sqrt((at.x - listener.x) * (at.x - listener.x) + (at.y - listener.y) * (at.y - listener.y) +
                                    (at.z - listener.z) * (at.z - listener.z));
  const bool heard = sound_rules::reaches(at, listener, sound_rules::range(volume));
  // Away from the boundary the square root decides the same; on it, neither side may hear.
  if (std::abs(distance - reach) > 1e-9) RC_ASSERT(heard == (distance < reach));
  else RC_ASSERT(!heard);
}

TEST(SoundRules, ThePacketCarriesEighthsCutTowardZero) {
  const SoundEvent sound{sound::entity_player_burp, SoundSource::kPlayers, 0.5f, 0.95f};
  const cb::SoundEffect p = sound_rules::packet(Vec3{1.99, -0.01, -2.3}, sound, -5);
  EXPECT_EQ(p.sound, sound::entity_player_burp + 1);  // a registry reference: the id + 1
  EXPECT_EQ(p.source, 7);
  EXPECT_EQ(p.x, 15);   // (int) 15.92
  EXPECT_EQ(p.y, 0);    // (int) -0.08
  EXPECT_EQ(p.z, -18);  // (int) -18.4
  EXPECT_EQ(p.volume, 0.5f);
  EXPECT_EQ(p.pitch, 0.95f);
  EXPECT_EQ(p.seed, -5);
  const auto back = decode_packet<cb::SoundEffect>(encode_packet(p));
  ASSERT_TRUE(back.ok());
  EXPECT_EQ(back->z, -18);
}

// Mob.baseTick restated as a count of ticks since the last sound: the n-th tick after a sound
// (n from 1) plays it when a draw from 0-999 falls below n - 1 - interval.
RC_GTEST_PROP(SoundRules, TheAmbientClockFollowsTheRestatement, ()) {
  const int interval = *rc::gen::element(80, 120);
  const uint64_t seed = *rc::gen::arbitrary<uint64_t>();
  Rng random(seed), reference(seed);
  int time = 0;
  int since = interval + 1;  // a fresh mob's count of 0 is interval + 1 ticks after a reset
  for (int tick = 0; tick < 3000; ++tick) {
    const bool played = entity_sounds::ambient_sound_due(time, interval, random);
    const bool expected = static_cast<int>(reference.next_below(1000)) < since - 1 - interval;
    RC_ASSERT(played == expected);
    since = expected ? 1 : since + 1;
  }
}

// Consumable.shouldEmitParticlesAndSounds for bread (32 ticks) and dried kelp (16): after the
// first 21.875 % of the use, every fourth remaining tick.
TEST(SoundRules, AConsumeSoundEveryFourTicksAfterTheFirstFifth) {
  std::vector<int> bread, kelp;
  for (int remaining = 32; remaining >= 1; --remaining)
    if (entity_sounds::use_sound_due(32, remaining)) bread.push_back(remaining);
  for (int remaining = 16; remaining >= 1; --remaining)
    if (entity_sounds::use_sound_due(16, remaining)) kelp.push_back(remaining);
  EXPECT_EQ(bread, (std::vector<int>{24, 20, 16, 12, 8, 4}));
  EXPECT_EQ(kelp, (std::vector<int>{12, 8, 4}));
}

TEST(SoundRules, VoicesAndHurtSounds) {
  EXPECT_EQ(mob_sounds(MobType::kCow).volume, 0.4f);
  EXPECT_EQ(mob_sounds(MobType::kCow).ambient_interval, 120);
  EXPECT_EQ(mob_sounds(MobType::kZombie).ambient_interval, 80);
  EXPECT_EQ(mob_sounds(MobType::kZombie).source, SoundSource::kHostile);
  EXPECT_EQ(mob_sounds(MobType::kSheep).source, SoundSource::kNeutral);
  EXPECT_FALSE(mob_sounds(MobType::kCreeper).ambient.has_value());
  EXPECT_EQ(mob_sounds(MobType::kSkeleton).hurt, sound::entity_skeleton_hurt);
  EXPECT_EQ(entity_sounds::player_hurt_sound(DamageCause::kLava), sound::entity_player_hurt_on_fire);
  EXPECT_EQ(entity_sounds::player_hurt_sound(DamageCause::kOnFire), sound::entity_player_hurt_on_fire);
  EXPECT_EQ(entity_sounds::player_hurt_sound(DamageCause::kFall), sound::entity_player_hurt);
  EXPECT_EQ(entity_sounds::fall_sound(1, 2, 4), 1);
  EXPECT_EQ(entity_sounds::fall_sound(1, 2, 5), 2);
  EXPECT_EQ(consumable_of(*item_id("potion"))->sound, sound::entity_generic_drink);
  EXPECT_EQ(consumable_of(*item_id("honey_bottle"))->sound, sound::item_honey_bottle_drink);
  EXPECT_EQ(consumable_of(*item_id("bread"))->sound, sound::entity_generic_eat);
  for (int i = 0; i < 1000; ++i) {
    Rng random(static_cast<uint64_t>(i));
    const float pitch = entity_sounds::voice_pitch(random);
    ASSERT_TRUE(pitch > 0.8f && pitch < 1.2f) << pitch;
  }
}

// Block sound types as vanilla's Blocks and SoundType give them: the type's own sounds, and the
// types a block class sets from its block set or wood type.
TEST(BlockSounds, WellKnownBlocksHaveTheirTypes) {
  auto place = [](std::string_view block) { return block_sound_type(*block_by_name(block)).place_sound; };
  EXPECT_EQ(place("stone"), sound::block_stone_place);
  EXPECT_EQ(place("grass_block"), sound::block_grass_place);
  EXPECT_EQ(place("dirt"), sound::block_gravel_place);
  EXPECT_EQ(place("oak_planks"), sound::block_wood_place);
  EXPECT_EQ(place("oak_stairs"), sound::block_wood_place);  // a copy of its base block
  EXPECT_EQ(place("oak_leaves"), sound::block_grass_place);
  EXPECT_EQ(place("glass"), sound::block_glass_place);
  EXPECT_EQ(place("white_wool"), sound::block_wool_place);
  EXPECT_EQ(place("sand"), sound::block_sand_place);
  EXPECT_EQ(place("iron_door"), sound::block_iron_place);  // BlockSetType.IRON
  EXPECT_EQ(place("cherry_sign"), sound::block_cherry_wood_place);  // WoodType.CHERRY
  EXPECT_EQ(place("oak_hanging_sign"), sound::block_hanging_sign_place);
  EXPECT_EQ(place("waxed_oxidized_copper_bars"), sound::block_copper_place);
  EXPECT_EQ(place("crimson_stem"), sound::block_stem_place);
  EXPECT_EQ(place("torch"), sound::block_wood_place);
  EXPECT_EQ(place("wheat"), sound::item_crop_plant);
  const BlockSoundType& anvil = block_sound_type(*block_by_name("anvil"));
  EXPECT_EQ(anvil.volume, 0.3f);
  EXPECT_EQ(block_sound_type(*block_by_name("gold_block")).pitch, 1.5f);
  const SoundEvent placed = entity_sounds::block_place_sound(default_state_of("anvil"));
  EXPECT_EQ(placed.volume, 0.65f);  // (0.3 + 1) / 2
  EXPECT_EQ(placed.source, SoundSource::kBlocks);
  const std::optional<SoundEvent> fall = entity_sounds::block_fall_sound(default_state_of("gold_block"), SoundSource::kHostile);
  ASSERT_TRUE(fall.has_value());
  EXPECT_EQ(fall->id, sound::block_metal_fall);
  EXPECT_EQ(fall->volume, 0.5f);
  EXPECT_EQ(fall->pitch, 1.125f);  // 1.5 × 0.75
  EXPECT_FALSE(entity_sounds::block_fall_sound(default_state_of("air"), SoundSource::kHostile).has_value());
}

// The blocks toggled by hand and their sounds: from the block set type (doors, trapdoors,
// buttons) or the wood type (fence gates), and the lever's click.
TEST(BlockSounds, ToggledBlocksHaveTheirSetsSounds) {
  auto toggle = [](std::string_view block) { return block_toggle_sounds(*block_by_name(block)); };
  ASSERT_NE(toggle("oak_door"), nullptr);
  EXPECT_EQ(toggle("oak_door")->on, sound::block_wooden_door_open);
  EXPECT_EQ(toggle("oak_door")->off, sound::block_wooden_door_close);
  EXPECT_EQ(toggle("iron_trapdoor")->on, sound::block_iron_trapdoor_open);
  EXPECT_EQ(toggle("waxed_weathered_copper_door")->on, sound::block_copper_door_open);
  EXPECT_EQ(toggle("crimson_fence_gate")->off, sound::block_nether_wood_fence_gate_close);
  EXPECT_EQ(toggle("spruce_fence_gate")->on, sound::block_fence_gate_open);
  EXPECT_EQ(toggle("polished_blackstone_button")->on, sound::block_stone_button_click_on);
  EXPECT_EQ(toggle("bamboo_button")->off, sound::block_bamboo_wood_button_click_off);
  EXPECT_EQ(toggle("lever")->on, sound::block_lever_click);
  EXPECT_EQ(toggle("stone"), nullptr);
  EXPECT_EQ(toggle("oak_pressure_plate"), nullptr);  // not toggled by hand
}

// Entity.applyMovementEmissionAndPlaySound restated over random moves and grounds: the walked
// distance (0.6 of the move, the whole length on a climbable block, else the horizontal one)
// sounds a step at its first move past the mark on a block stood on, moves the mark to the next
// whole distance, and a swimmer past the mark with nothing to stand on strokes instead.
RC_GTEST_PROP(Steps, TheStepClockFollowsTheRestatement, ()) {
  testing::FakeWorld world;
  const char* kBlocks[] = {"air", "stone", "ladder", "water"};
  float dist = 0.0f, mark = 1.0f;
  StepClock clock;
  for (int i = 0; i < 60; ++i) {
    const Vec3 moved{*rc::gen::inRange(-40, 41) / 100.0, *rc::gen::inRange(-20, 21) / 100.0 * *rc::gen::element(0, 1),
                     *rc::gen::inRange(-40, 41) / 100.0};
    const std::string under = kBlocks[*rc::gen::inRange(0, 4)];
    world.set(0, 63, 0, under);
    StepMover mover{Vec3{0.5, 64.0, 0.5}, *rc::gen::arbitrary<bool>(), false, false, *rc::gen::arbitrary<bool>()};
    const StepResult got = advance_steps(clock, moved, mover, world);
    // The reference: both positions (1e-5 and 0.2 below the feet) are the block under.
    const bool climbable = under == "ladder";
    dist += static_cast<float>((climbable ? std::sqrt(moved.x * moved.x + moved.y * moved.y + moved.z * moved.z)
                                          : std::sqrt(moved.x * moved.x + moved.z * moved.z)) * static_cast<double>(0.6f));
    StepSound want = StepSound::kNone;
    if (dist > mark && under != "air") {
      if (mover.on_ground || climbable) want = StepSound::kStep;
      else if (mover.in_water) want = StepSound::kSwim;
      if (want != StepSound::kNone) mark = static_cast<float>(static_cast<int>(dist) + 1);
    }
    RC_ASSERT(got.sound == want);
    RC_ASSERT(clock.move_dist == dist);
    RC_ASSERT(clock.next_step == mark);
    if (want == StepSound::kStep) RC_ASSERT(got.block == default_state_of(under));
  }
}

TEST(Steps, APlayersStepOnACarpetSoundsBothAndInWaterIsMuffled) {
  const BlockStateId stone = default_state_of("stone");
  const std::vector<SoundEvent> plain = player_step_sounds(stone, default_state_of("air"), false);
  ASSERT_EQ(plain.size(), 1u);
  EXPECT_EQ(plain[0].id, sound::block_stone_step);
  EXPECT_EQ(plain[0].volume, 0.15f);
  // Carpets and snow layers are in #combination_step_sound_blocks: theirs, then the muffled block.
  const std::vector<SoundEvent> carpet = player_step_sounds(stone, default_state_of("white_carpet"), false);
  ASSERT_EQ(carpet.size(), 2u);
  EXPECT_EQ(carpet[0].id, sound::block_wool_step);
  EXPECT_EQ(carpet[1].id, sound::block_stone_step);
  EXPECT_EQ(carpet[1].volume, 0.05f);
  EXPECT_EQ(carpet[1].pitch, 0.8f);
  const std::vector<SoundEvent> wet = player_step_sounds(stone, default_state_of("water"), true);
  ASSERT_EQ(wet.size(), 1u);
  EXPECT_EQ(wet[0].volume, 0.05f);
}

TEST(Steps, AMobWalkingOnStoneStepsOncePerBlockWalked) {
  testing::FakeWorld world;
  world.ground(63);
  Mob zombie(1, Uuid{}, mob_kind(MobType::kZombie));
  zombie.position = Vec3{0.5, 64.0, 0.5};
  zombie.on_ground = true;
  int steps = 0;
  // 9.75 blocks in moves of 0.25: 5.85 of walked distance, a step past each whole one.
  for (int i = 0; i < 39; ++i) {
    const mob_physics::MoveOutcome out = mob_physics::move(zombie, Vec3{0.25, -0.08, 0.0}, world);
    if (out.step.sound == StepSound::kStep) {
      ++steps;
      EXPECT_EQ(out.step.block, default_state_of("stone"));
    }
  }
  EXPECT_EQ(steps, 5);  // past 1, 2, 3, 4 and 5
  EXPECT_NEAR(zombie.position.x, 10.25, 1e-9);
}

// --- through the core ---

// Alice and Bob two blocks apart, Carol 30 blocks away (out of a plain sound's 16 blocks).
struct Listeners {
  MovementServer s;
  JoinedPlayer a, b, c;
  int sequence = 0;
  Listeners() : a(join(s, 1, "Alice")), b(join(s, 2, "Bob")), c(join(s, 3, "Carol")) {
    s.tick({a.loaded().confirm(1).take(), b.loaded().confirm(1).take(), c.loaded().confirm(1).take()});
    s.tick({ConsoleLine{"gamerule natural_health_regeneration false"}});
    s.tick({ConsoleLine{"tp Alice 0.5 65 0.5"}, ConsoleLine{"tp Bob 2.5 65 0.5"}, ConsoleLine{"tp Carol 30.5 65 0.5"}});
    s.tick({a.confirm(2).take(), b.confirm(2).take(), c.confirm(2).take()});
    for (int i = 0; i < 30; ++i) s.tick();  // a full swing
    s.h.sink.clear();
  }
  Player& player(ConnId conn) { return *s.h.core.sessions().player(conn); }
  std::vector<cb::SoundEffect> heard(ConnId conn, int32_t sound) {
    std::vector<cb::SoundEffect> out;
    for (const cb::SoundEffect& e : sent_to<cb::SoundEffect>(s.h.sink, conn))
      if (e.sound == sound + 1) out.push_back(e);
    return out;
  }
  void ticks(int n) {
    for (int i = 0; i < n; ++i) s.tick();
  }
};

// In the generated world (mobs tick in ticking chunks): a cow without AI next to Alice.
TEST(SoundsScenario, ACowMoosAtMostOnceInEveryHundredAndTwentyTicks) {
  testing::StreamingServer s{3};
  s.prepare_spawn();
  testing::TestClient alice = s.join_loaded(1, "Alice", 3);
  for (int i = 0; i < 40; ++i) s.pass();
  const Vec3 at = s.h.core.sessions().player(1)->position + Vec3{1.5, 0.0, 0.0};
  s.pass({ConsoleLine{"summon cow " + std::to_string(at.x) + " " + std::to_string(at.y) + " " + std::to_string(at.z) +
                      " {NoAI:1b}"}});
  std::vector<int> moos;  // the passes Alice heard this cow in (other animals may moo elsewhere)
  std::vector<Input> replies;
  for (int pass = 0; pass < 3000; ++pass) {
    s.pass(std::move(replies));
    replies.clear();
    for (const cb::KeepAlive& k : sent_to<cb::KeepAlive>(s.h.sink, 1)) replies.push_back(alice.packet(sb::KeepAlive{k.id}).take());
    for (const cb::SoundEffect& e : sent_to<cb::SoundEffect>(s.h.sink, 1)) {
      if (e.sound != sound::entity_cow_ambient + 1 || e.x != java_d2i(at.x * 8.0) || e.z != java_d2i(at.z * 8.0)) continue;
      moos.push_back(pass);
      EXPECT_EQ(e.source, static_cast<int32_t>(SoundSource::kNeutral));
      EXPECT_EQ(e.volume, 0.4f);
      EXPECT_GT(e.pitch, 0.8f);
      EXPECT_LT(e.pitch, 1.2f);
    }
  }
  // Each sound sets the clock to -120; a draw of 0-999 falls below it at the earliest 121 ticks on,
  // and one in 1000 then 2 in 1000 and so on make a sound likely within some 45 more.
  ASSERT_GE(moos.size(), 5u);
  for (size_t i = 1; i < moos.size(); ++i) EXPECT_GE(moos[i] - moos[i - 1], 121);
}

TEST(SoundsScenario, AHitOnACowIsHeardWithItsHurtSoundAndTheAttack) {
  Listeners l;
  l.s.tick({ConsoleLine{"summon cow 0.5 65 2.5 {NoAI:1b}"}});
  const int32_t cow = l.s.h.core.mobs().ids().back();
  l.s.h.sink.clear();
  l.s.tick({l.a.client.packet(sb::Attack{cow}).take()});
  for (ConnId conn : {ConnId{1}, ConnId{2}}) {
    const auto hurt = l.heard(conn, sound::entity_cow_hurt);
    ASSERT_EQ(hurt.size(), 1u) << conn;
    EXPECT_EQ(hurt[0].volume, 0.4f);
    // The attacker's own sound goes to everyone near, the attacker too: a full-strength fist.
    EXPECT_EQ(l.heard(conn, sound::entity_player_attack_strong).size(), 1u) << conn;
  }
  EXPECT_TRUE(l.heard(3, sound::entity_cow_hurt).empty());
  // A second hit inside the invulnerability window does no harm: "no damage".
  l.s.h.sink.clear();
  l.s.tick({l.a.client.packet(sb::Attack{cow}).take()});
  EXPECT_EQ(l.heard(2, sound::entity_player_attack_nodamage).size(), 1u);
  EXPECT_TRUE(l.heard(2, sound::entity_cow_hurt).empty());
  // Killed: the death sound instead of the hurt sound.
  l.s.h.sink.clear();
  l.s.tick({ConsoleLine{"kill @e[type=cow]"}});
  EXPECT_EQ(l.heard(2, sound::entity_cow_death).size(), 1u);
  EXPECT_TRUE(l.heard(2, sound::entity_cow_hurt).empty());
}

TEST(SoundsScenario, APlayersHurtAndDeathAreHeardByTheOthersOnly) {
  Listeners l;
  l.s.h.core.survival().hurt(2, DamageCause::kOnFire, 1.0f);
  const auto on_fire = l.heard(1, sound::entity_player_hurt_on_fire);
  ASSERT_EQ(on_fire.size(), 1u);
  EXPECT_EQ(on_fire[0].source, static_cast<int32_t>(SoundSource::kPlayers));
  EXPECT_EQ(on_fire[0].pitch, 1.0f);  // Player.getVoicePitch
  EXPECT_EQ(on_fire[0].x, 20);        // Bob at 2.5
  EXPECT_TRUE(l.heard(2, sound::entity_player_hurt_on_fire).empty());  // his client plays its own
  l.ticks(11);  // past the window in which only the part of a hit above the last counts
  l.s.h.sink.clear();
  l.s.tick({ConsoleLine{"kill Bob"}});
  EXPECT_EQ(l.heard(1, sound::entity_player_death).size(), 1u);
  EXPECT_TRUE(l.heard(1, sound::entity_player_hurt).empty());
  EXPECT_TRUE(l.heard(2, sound::entity_player_death).empty());
  EXPECT_TRUE(l.heard(3, sound::entity_player_death).empty());
}

TEST(SoundsScenario, AnEatersChewingIsHeardByTheOthersAndTheBurpByAll) {
  Listeners l;
  l.player(1).food_level = 10;
  l.player(1).inventory[static_cast<size_t>(kFirstHotbarSlot)] = ItemStack{*item_id("bread"), 2};
  std::map<ConnId, std::vector<cb::SoundEffect>> heard;
  auto tick = [&](std::vector<Input> inputs) {
    l.s.h.sink.clear();
    l.s.tick(std::move(inputs));
    for (ConnId conn : {ConnId{1}, ConnId{2}, ConnId{3}})
      for (const cb::SoundEffect& e : sent_to<cb::SoundEffect>(l.s.h.sink, conn)) heard[conn].push_back(e);
  };
  tick({l.a.client.packet(sb::UseItem{0, ++l.sequence, 0.0f, 0.0f}).take()});
  for (int i = 0; i < 31; ++i) tick({});
  EXPECT_EQ(l.player(1).food_level, 15);
  auto count = [&](ConnId conn, int32_t sound, SoundSource source) {
    return std::count_if(heard[conn].begin(), heard[conn].end(), [&](const cb::SoundEffect& e) {
      return e.sound == sound + 1 && e.source == static_cast<int32_t>(source);
    });
  };
  // Six chews while eating (remaining 24, 20, ..., 4) and one as the bread is eaten, for the others.
  EXPECT_EQ(count(2, sound::entity_generic_eat, SoundSource::kPlayers), 7);
  EXPECT_EQ(count(1, sound::entity_generic_eat, SoundSource::kPlayers), 0);
  // FoodProperties.onConsume's sounds reach everyone near, the eater too: the eating sound as a
  // neutral one, then the burp.
  for (ConnId conn : {ConnId{1}, ConnId{2}}) {
    EXPECT_EQ(count(conn, sound::entity_generic_eat, SoundSource::kNeutral), 1) << conn;
    ASSERT_EQ(count(conn, sound::entity_player_burp, SoundSource::kPlayers), 1) << conn;
    const cb::SoundEffect& burp = heard[conn].back();
    EXPECT_EQ(burp.sound, sound::entity_player_burp + 1);
    EXPECT_EQ(burp.volume, 0.5f);
    EXPECT_GE(burp.pitch, 0.9f);
    EXPECT_LT(burp.pitch, 1.0f);
  }
  EXPECT_TRUE(heard[3].empty());
}

// causeFallDamage: the fall's sound and the landed-on block's, heard by the others.
TEST(SoundsScenario, AFallIsHeardWithTheBlockLandedOn) {
  MovementServer s;
  JoinedPlayer probe = join(s, 1, "Probe");
  JoinedPlayer watcher = join(s, 2, "Watcher");
  const double floor_y = std::floor(probe.spawn.y) - 10;
  s.world.floor(-20, 20, -20, 20, static_cast<int>(floor_y) - 1);
  s.tick({probe.loaded().confirm(1).take(), watcher.loaded().confirm(1).take()});
  std::vector<cb::SoundEffect> heard, own;
  for (double y = probe.spawn.y - 1.0; y >= floor_y; y -= 1.0) {
    s.h.sink.clear();
    s.tick({probe.pos(probe.spawn.x, y, probe.spawn.z, y - 1.0 < floor_y).take()});
    for (const cb::SoundEffect& e : sent_to<cb::SoundEffect>(s.h.sink, 2)) heard.push_back(e);
    for (const cb::SoundEffect& e : sent_to<cb::SoundEffect>(s.h.sink, 1)) own.push_back(e);
  }
  EXPECT_EQ(s.player(1)->health, 13.0f);  // 7 damage: the big fall
  ASSERT_EQ(heard.size(), 3u);
  EXPECT_EQ(heard[0].sound, sound::entity_player_big_fall + 1);
  EXPECT_EQ(heard[1].sound, sound::block_stone_fall + 1);
  EXPECT_EQ(heard[1].volume, 0.5f);
  EXPECT_EQ(heard[1].pitch, 0.75f);
  EXPECT_EQ(heard[2].sound, sound::entity_player_hurt + 1);
  EXPECT_TRUE(own.empty());
}

}  // namespace
}  // namespace hz
