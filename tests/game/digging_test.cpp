// Digging (docs/rules/digging.md): the decisions against reference models written from the rule,
// and scenarios through the core: creative breaking seen by every tracking player, acks, reach,
// spawn protection, and survival breaking with the finishing tolerance and the delayed break.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/java_format.h"
#include "sim/data/catalog.h"
#include "sim/data/sound_ids.h"
#include "sim/data/tags.h"
#include "sim/game/blocks/dig_rules.h"
#include "sim/game/entities/tool_rules.h"
#include "sim/game/items/enchantments.h"
#include "sim/game/tracking/entity_tracker.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

using testing::packet_id_of;
using testing::StreamingServer;
using testing::TestClient;

// --- reference models ---

// Squared distance to a box is the squared distance to its nearest point (each axis clamped).
bool reference_reach(const Vec3& eye, const BlockPos& b, double range) {
  const double nx = std::clamp(eye.x, double(b.x), double(b.x) + 1);
  const double ny = std::clamp(eye.y, double(b.y), double(b.y) + 1);
  const double nz = std::clamp(eye.z, double(b.z), double(b.z) + 1);
  const double d2 = (eye.x - nx) * (eye.x - nx) + (eye.y - ny) * (eye.y - ny) + (eye.z - nz) * (eye.z - nz);
  return d2 < (range + 1.0) * (range + 1.0);
}

// Whether a block is in a block tag, read from the synced tags.
bool block_in_tag(BlockStateId state, std::string_view tag_name) {
  const int32_t block = static_cast<int32_t>(block_of_state(state));
  for (const TagRegistry& registry : synced_tags()) {
    if (registry.registry != "minecraft:block") continue;
    for (const Tag& tag : registry.tags)
      if (tag.name == "minecraft:" + std::string(tag_name)) return std::ranges::find(tag.ids, block) != tag.ids.end();
  }
  return false;
}

bool named(BlockStateId state, std::string_view name) { return block_info(block_of_state(state)).name == name; }

// The material and kind of a tiered tool's name ("golden_axe" -> speed 12, tier "gold", "axe").
struct Tiered {
  float speed;
  std::string tier;
  std::string kind;
};
std::optional<Tiered> tiered(std::string_view item) {
  const std::pair<std::string_view, float> materials[] = {{"wooden", 2}, {"stone", 4},   {"copper", 5},   {"iron", 6},
                                                          {"golden", 12}, {"diamond", 8}, {"netherite", 9}};
  for (auto [material, speed] : materials) {
    if (!item.starts_with(std::string(material) + "_")) continue;
    const std::string kind(item.substr(material.size() + 1));
    if (kind != "pickaxe" && kind != "axe" && kind != "shovel" && kind != "hoe" && kind != "sword") continue;
    return Tiered{speed, material == "golden" ? "gold" : std::string(material), kind};
  }
  return std::nullopt;
}

// The held item's speed for a block, from the rule's table: tiers on their mineable tag, swords'
// cobweb / instantly-mined / efficient blocks, shears' cobweb, leaves, wool, vines; else 1.
float reference_tool_speed(BlockStateId state, std::string_view item) {
  if (item == "shears") {
    if (named(state, "cobweb") || block_in_tag(state, "leaves")) return 15.0f;
    if (block_in_tag(state, "wool")) return 5.0f;
    if (named(state, "vine") || named(state, "glow_lichen")) return 2.0f;
    return 1.0f;
  }
  const std::optional<Tiered> t = tiered(item);
  if (!t) return 1.0f;
  if (t->kind == "sword") {
    if (named(state, "cobweb")) return 15.0f;
    if (block_in_tag(state, "sword_instantly_mines")) return FLT_MAX;
    return block_in_tag(state, "sword_efficient") ? 1.5f : 1.0f;
  }
  return block_in_tag(state, "mineable/" + t->kind) ? t->speed : 1.0f;
}

// Correct for drops: blocks that need no tool always; shears and swords only for cobweb; a tier
// for its mineable blocks outside its incorrect_for tag; anything else never.
bool reference_correct(BlockStateId state, std::string_view item) {
  if (!block_info(block_of_state(state)).requires_tool) return true;
  if (item == "shears") return named(state, "cobweb");
  const std::optional<Tiered> t = tiered(item);
  if (!t) return false;
  if (t->kind == "sword") return named(state, "cobweb");
  return !block_in_tag(state, "incorrect_for_" + t->tier + "_tool") && block_in_tag(state, "mineable/" + t->kind);
}

struct DigCase {
  std::string item;  // empty: an empty hand
  int efficiency = 0;
  int aqua_affinity = 0;
  bool on_ground = true;
  bool in_water = false;
};

// Speed: the tool's, plus Efficiency's level squared + 1 (at most 1024) when above 1; x0.2 in
// water (x1 more per Aqua Affinity level x4, at most 20); /5 off the ground. Progress: speed /
// hardness / (30 with the correct tool, else 100); hardness -1 never breaks.
float reference_progress(BlockStateId state, const DigCase& c) {
  const BlockInfo& b = block_info(block_of_state(state));
  if (b.hardness < 0) return 0.0f;
  float speed = c.item.empty() ? 1.0f : reference_tool_speed(state, c.item);
  if (speed > 1.0f && c.efficiency > 0)
    speed += static_cast<float>(std::min(1024.0, double(c.efficiency) * c.efficiency + 1.0));
  if (c.in_water) speed *= static_cast<float>(std::min(20.0, 0.2 * (1.0 + 4.0 * c.aqua_affinity)));
  if (!c.on_ground) speed /= 5.0f;
  const bool correct = c.item.empty() ? !b.requires_tool : reference_correct(state, c.item);
  return speed / b.hardness / (correct ? 30.0f : 100.0f);
}

float reference_progress(BlockStateId state, bool on_ground, bool in_water) {
  return reference_progress(state, DigCase{"", 0, 0, on_ground, in_water});
}

ItemStack enchanted(std::string_view item, std::string_view enchantment, int level) {
  ItemStack stack{*item_id(item), 1};
  if (level > 0) set_enchantment(stack, *enchantment_id(enchantment), level);
  return stack;
}

dig_rules::Digger digger_of(const DigCase& c) {
  const ItemStack hand = c.item.empty() ? ItemStack{} : enchanted(c.item, "efficiency", c.efficiency);
  return dig_rules::Digger{hand, c.aqua_affinity, c.on_ground, c.in_water};
}

RC_GTEST_PROP(DigRules, ReachMatchesTheNearestPointOfTheBlock, ()) {
  const BlockPos block{*rc::gen::inRange(-40, 40), *rc::gen::inRange(-70, 330), *rc::gen::inRange(-40, 40)};
  const auto offset = [] { return *rc::gen::inRange(-8000, 8000) / 1000.0; };
  const Vec3 eye{block.x + offset(), block.y + offset(), block.z + offset()};
  const double range = *rc::gen::element(dig_rules::kSurvivalBlockRange, dig_rules::kCreativeBlockRange);
  RC_ASSERT(dig_rules::within_reach(eye, block, range) == reference_reach(eye, block, range));
}

TEST(DigRules, ReachBoundaryIsExclusive) {
  const BlockPos block{10, 64, 0};
  // Straight east of the block's east face: distance 5.5 is the survival limit, not inside it.
  EXPECT_TRUE(dig_rules::within_reach({11 + 5.499, 64.5, 0.5}, block, dig_rules::kSurvivalBlockRange));
  EXPECT_FALSE(dig_rules::within_reach({11 + 5.5, 64.5, 0.5}, block, dig_rules::kSurvivalBlockRange));
  EXPECT_TRUE(dig_rules::within_reach({11 + 5.9, 64.5, 0.5}, block, dig_rules::kCreativeBlockRange));
}

RC_GTEST_PROP(DigRules, ProgressMatchesTheEmptyHandRule, ()) {
  const auto state = static_cast<BlockStateId>(*rc::gen::inRange(0, int(kBlockStateCount)));
  const bool on_ground = *rc::gen::arbitrary<bool>();
  const bool in_water = *rc::gen::arbitrary<bool>();
  const float got = dig_rules::destroy_progress(state, dig_rules::Digger{ItemStack{}, 0, on_ground, in_water});
  const float want = reference_progress(state, on_ground, in_water);
  RC_ASSERT(got == want);
}

RC_GTEST_PROP(DigRules, ProgressMatchesTheRuleForHeldToolsAndEnchantments, ()) {
  const auto state = static_cast<BlockStateId>(*rc::gen::inRange(0, int(kBlockStateCount)));
  static const std::vector<std::string> kItems = [] {
    std::vector<std::string> items{"", "shears", "mace", "trident", "stick", "dirt", "debug_stick", "iron_spear"};
    for (const char* material : {"wooden", "stone", "copper", "iron", "golden", "diamond", "netherite"})
      for (const char* kind : {"pickaxe", "axe", "shovel", "hoe", "sword"}) items.push_back(std::string(material) + "_" + kind);
    return items;
  }();
  DigCase c;
  c.item = *rc::gen::elementOf(kItems);
  c.efficiency = *rc::gen::oneOf(rc::gen::inRange(0, 6), rc::gen::inRange(0, 256));
  c.aqua_affinity = *rc::gen::oneOf(rc::gen::inRange(0, 2), rc::gen::inRange(0, 256));
  c.on_ground = *rc::gen::arbitrary<bool>();
  c.in_water = *rc::gen::arbitrary<bool>();
  const float got = dig_rules::destroy_progress(state, digger_of(c));
  const float want = reference_progress(state, c);
  RC_ASSERT(got == want);
}

TEST(DigRules, WorkedExamplesFromTheRule) {
  const dig_rules::Digger ground{ItemStack{}, 0, true, false};
  EXPECT_FLOAT_EQ(dig_rules::destroy_progress(default_state_of("stone"), ground), 1.0f / 1.5f / 100.0f);
  EXPECT_FLOAT_EQ(dig_rules::destroy_progress(default_state_of("dirt"), ground), 1.0f / 0.5f / 30.0f);
  EXPECT_EQ(dig_rules::destroy_progress(default_state_of("bedrock"), ground), 0.0f);
  EXPECT_GE(dig_rules::destroy_progress(default_state_of("torch"), ground), 1.0f);  // hardness 0: instant
  auto with = [](const char* item, int efficiency) {
    return dig_rules::Digger{enchanted(item, "efficiency", efficiency), 0, true, false};
  };
  const BlockStateId stone = default_state_of("stone");
  EXPECT_FLOAT_EQ(dig_rules::destroy_progress(stone, with("wooden_pickaxe", 0)), 2.0f / 1.5f / 30.0f);
  EXPECT_FLOAT_EQ(dig_rules::destroy_progress(stone, with("iron_pickaxe", 0)), 6.0f / 1.5f / 30.0f);
  EXPECT_FLOAT_EQ(dig_rules::destroy_progress(stone, with("iron_pickaxe", 5)), 32.0f / 1.5f / 30.0f);
  // An axe is no faster than a hand on stone and not correct for it; Efficiency needs a speed
  // above 1 to count.
  EXPECT_FLOAT_EQ(dig_rules::destroy_progress(stone, with("iron_axe", 5)), 1.0f / 1.5f / 100.0f);
  // Obsidian: a diamond pickaxe mines it at 8 and harvests it; an iron one mines it at 6 but is
  // not correct for it.
  EXPECT_FLOAT_EQ(dig_rules::destroy_progress(default_state_of("obsidian"), with("diamond_pickaxe", 0)), 8.0f / 50.0f / 30.0f);
  EXPECT_FLOAT_EQ(dig_rules::destroy_progress(default_state_of("obsidian"), with("iron_pickaxe", 0)), 6.0f / 50.0f / 100.0f);
  // A sword cuts cobweb at 15 as the correct tool.
  EXPECT_FLOAT_EQ(dig_rules::destroy_progress(default_state_of("cobweb"), with("iron_sword", 0)), 15.0f / 4.0f / 30.0f);
  // Aqua Affinity on the helmet takes the submerged factor from 0.2 to 1.
  const dig_rules::Digger under_water{enchanted("iron_pickaxe", "efficiency", 0), 0, true, true};
  const dig_rules::Digger with_aqua{enchanted("iron_pickaxe", "efficiency", 0), 1, true, true};
  EXPECT_FLOAT_EQ(dig_rules::destroy_progress(stone, under_water), 6.0f * 0.2f / 1.5f / 30.0f);
  EXPECT_FLOAT_EQ(dig_rules::destroy_progress(stone, with_aqua), 6.0f / 1.5f / 30.0f);
}

TEST(DigRules, AttributesFollowTheEnchantmentLevels) {
  for (int level : {0, 1, 2, 3, 4, 5, 31, 32, 255})
    EXPECT_EQ(dig_rules::mining_efficiency(enchanted("iron_pickaxe", "efficiency", level)),
              level == 0 ? 0.0 : std::min(1024.0, level * level + 1.0))
        << level;
  EXPECT_DOUBLE_EQ(dig_rules::submerged_mining_speed(0), 0.2);
  EXPECT_DOUBLE_EQ(dig_rules::submerged_mining_speed(1), 1.0);
  EXPECT_DOUBLE_EQ(dig_rules::submerged_mining_speed(200), 20.0);
  // Efficiency counts only on the main hand's own stack; an enchantment other than Efficiency adds
  // nothing.
  EXPECT_EQ(dig_rules::mining_efficiency(enchanted("iron_pickaxe", "unbreaking", 3)), 0.0);
}

TEST(DigRules, SwordsTheMaceAndTheTridentBreakNothingInCreative) {
  for (const char* item : {"wooden_sword", "netherite_sword", "mace", "trident", "debug_stick"})
    EXPECT_FALSE(can_destroy_blocks(ItemStack{*item_id(item), 1}, true)) << item;
  for (const char* item : {"diamond_pickaxe", "shears", "stick"}) EXPECT_TRUE(can_destroy_blocks(ItemStack{*item_id(item), 1}, true)) << item;
  EXPECT_TRUE(can_destroy_blocks(ItemStack{}, true));
  EXPECT_TRUE(can_destroy_blocks(ItemStack{*item_id("diamond_sword"), 1}, false));
  EXPECT_FALSE(can_destroy_blocks(ItemStack{*item_id("debug_stick"), 1}, false));
}

RC_GTEST_PROP(DigRules, SpawnProtectionIsASquareForNonOpsWhenOpsExist, ()) {
  const BlockPos block{*rc::gen::inRange(-40, 40), *rc::gen::inRange(-64, 320), *rc::gen::inRange(-40, 40)};
  const int radius = *rc::gen::inRange(-2, 20);
  const bool has_ops = *rc::gen::arbitrary<bool>();
  const bool is_op = *rc::gen::arbitrary<bool>();
  const bool inside = std::abs(block.x - 3) <= radius && std::abs(block.z + 2) <= radius;
  RC_ASSERT(dig_rules::under_spawn_protection(block, 3, -2, radius, has_ops, is_op) ==
            (has_ops && !is_op && radius > 0 && inside));
}

// --- scenarios through the core ---

struct DigWorld {
  StreamingServer s;
  TestClient alice{1};
  TestClient bob{2};
  BlockPos below;  // the block under Alice's feet at spawn

  explicit DigWorld(std::string ops_json = "") : s(3, std::move(ops_json)) {
    s.prepare_spawn();
    // A flat stone floor with room above around the spawn (it is on the ground of a forest), and
    // players joining on the spawn block itself.
    const BlockPos at = s.world().spawn_block();
    auto box = [&](int dy0, int dy1, const char* block) {
      return "fill " + std::to_string(at.x - 4) + " " + std::to_string(at.y + dy0) + " " + std::to_string(at.z - 4) +
             " " + std::to_string(at.x + 4) + " " + std::to_string(at.y + dy1) + " " + std::to_string(at.z + 4) +
             " " + block;
    };
    // No random ticks: grass spreading or decaying nearby would add block changes to the counts.
    s.pass({ConsoleLine{box(-1, -1, "stone")}, ConsoleLine{box(0, 4, "air")},
            ConsoleLine{"gamerule respawn_radius 0"}, ConsoleLine{"gamerule random_tick_speed 0"}});
    alice = s.join_loaded(1, "Alice", 3);
    bob = s.join_loaded(2, "Bob", 3);
    for (int i = 0; i < 200 && !(s.world().is_chunk_tracked(1, {0, 0}) && s.world().is_chunk_tracked(2, {0, 0})); ++i)
      s.pass();
    below = BlockPos{at.x, at.y - 1, at.z};
    // Both clients accept the join teleport, as real clients do (placing waits for it).
    for (auto [conn, client] : {std::pair{ConnId{1}, &alice}, std::pair{ConnId{2}, &bob}}) {
      client->packet(packet::play_sb::TeleportConfirm{s.h.core.sessions().player(conn)->awaiting_teleport_id});
      s.pass({client->take()});
    }
  }

  Input dig(int32_t action, const BlockPos& pos, int32_t sequence) {
    alice.packet(packet::play_sb::BlockDig{action, pos, 1, sequence});
    return alice.take();
  }
  std::vector<Bytes> sent(const TestClient& client, int32_t id) const {
    std::vector<Bytes> out;
    for (const Bytes& body : client.received(s.h.sink))
      if (packet_id_of(body) == id) out.push_back(body);
    return out;
  }
};

TEST(DiggingScenario, ACreativePlayerBreaksAtOnceAndEveryoneTrackingSeesIt) {
  DigWorld w;
  ASSERT_TRUE(w.s.world().is_chunk_tracked(2, {0, 0}));
  ASSERT_FALSE(is_air(w.s.world().block_at(w.below)));
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  w.s.pass({w.dig(packet::play_sb::BlockDig::kStartDestroy, w.below, 7)});
  EXPECT_TRUE(is_air(w.s.world().block_at(w.below)));
  auto seen = w.sent(w.bob, packet::play_cb::BlockChange::kId);
  ASSERT_EQ(seen.size(), 1u);
  auto change = decode_packet<packet::play_cb::BlockChange>(seen[0]);
  EXPECT_EQ(change->location, w.below);
  EXPECT_TRUE(is_air(static_cast<BlockStateId>(change->type)));
  // Alice gets the change too, then one ack carrying her sequence, after it.
  auto to_alice = w.alice.received(w.s.h.sink);
  auto change_at = std::find_if(to_alice.begin(), to_alice.end(),
                                [](const Bytes& b) { return packet_id_of(b) == packet::play_cb::BlockChange::kId; });
  auto ack_at = std::find_if(to_alice.begin(), to_alice.end(), [](const Bytes& b) {
    return packet_id_of(b) == packet::play_cb::AcknowledgePlayerDigging::kId;
  });
  ASSERT_NE(change_at, to_alice.end());
  ASSERT_NE(ack_at, to_alice.end());
  EXPECT_LT(change_at, ack_at);
  EXPECT_EQ(decode_packet<packet::play_cb::AcknowledgePlayerDigging>(*ack_at)->sequence_id, 7);
}

// Block.playerWillDestroy: the others near get level event 2001 with the broken state (their
// clients show its particles and play its sound); the breaker's client makes its own.
TEST(DiggingScenario, OthersSeeAndHearTheBlockBreak) {
  DigWorld w;
  const BlockStateId was = w.s.world().block_at(w.below);
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  w.s.pass({w.dig(packet::play_sb::BlockDig::kStartDestroy, w.below, 7)});
  const auto events = w.sent(w.bob, packet::play_cb::WorldEvent::kId);
  ASSERT_EQ(events.size(), 1u);
  const auto event = decode_packet<packet::play_cb::WorldEvent>(events[0]);
  EXPECT_EQ(event->event, 2001);
  EXPECT_EQ(event->location, w.below);
  EXPECT_EQ(event->data, static_cast<int32_t>(was));
  EXPECT_FALSE(event->global);
  EXPECT_TRUE(w.sent(w.alice, packet::play_cb::WorldEvent::kId).empty());
}

// Entity.move's steps for a player's accepted moves: walking on the stone floor, Bob hears a
// step past each whole block of walked distance (0.6 of the way); crouching on the ground, none.
TEST(DiggingScenario, OthersHearAPlayerWalkButNotCreep) {
  DigWorld w;
  w.s.pass({ConsoleLine{"gamemode survival Alice"}});
  const Vec3 start = w.s.h.core.sessions().player(1)->position;
  auto walk = [&](double from, double to) {
    int steps = 0;
    const double dir = to > from ? 0.25 : -0.25;
    for (double x = from + dir; dir > 0 ? x <= to + 1e-9 : x >= to - 1e-9; x += dir) {
      w.alice.packet(packet::play_sb::Position{start.x + x, start.y, start.z, 1});
      w.s.pass({w.alice.take()});
      for (const Bytes& body : w.sent(w.bob, packet::play_cb::SoundEffect::kId)) {
        const auto sound = decode_packet<packet::play_cb::SoundEffect>(body);
        if (sound->sound != sound::block_stone_step + 1) continue;
        ++steps;
        EXPECT_EQ(sound->volume, 0.15f);
        EXPECT_EQ(sound->source, 7);  // players
      }
      EXPECT_TRUE(w.sent(w.alice, packet::play_cb::SoundEffect::kId).empty());
    }
    return steps;
  };
  EXPECT_EQ(walk(0.0, 3.5), 2);  // 2.1 walked: past 1 and 2
  w.alice.packet(packet::play_sb::PlayerInput{packet::play_sb::PlayerInput::kSneak});
  w.s.pass({w.alice.take()});
  w.s.pass();
  EXPECT_EQ(walk(3.5, 0.0), 0);  // creeping back
}

TEST(DiggingScenario, ActionsBeforeTheClientHasLoadedAreIgnoredUnanswered) {
  DigWorld w;
  TestClient carol = w.s.join(3, "Carol", 3);  // no player_loaded yet
  w.s.pass({ConsoleLine{"gamemode creative Carol"}});
  carol.packet(packet::play_sb::BlockDig{packet::play_sb::BlockDig::kStartDestroy, w.below, 1, 5});
  w.s.pass({carol.take()});
  EXPECT_FALSE(is_air(w.s.world().block_at(w.below)));
  EXPECT_TRUE(w.sent(carol, packet::play_cb::AcknowledgePlayerDigging::kId).empty());
  // A negative sequence would end the connection, but only once the packet is handled.
  carol.packet(packet::play_sb::BlockDig{packet::play_sb::BlockDig::kStartDestroy, w.below, 1, -1});
  w.s.pass({carol.take()});
  EXPECT_NE(w.s.h.core.sessions().player(3), nullptr);
  carol.packet(packet::play_sb::PlayerLoaded{})
      .packet(packet::play_sb::BlockDig{packet::play_sb::BlockDig::kStartDestroy, w.below, 1, 6});
  w.s.pass({carol.take()});
  EXPECT_TRUE(is_air(w.s.world().block_at(w.below)));
  auto acks = w.sent(carol, packet::play_cb::AcknowledgePlayerDigging::kId);
  ASSERT_EQ(acks.size(), 1u);
  EXPECT_EQ(decode_packet<packet::play_cb::AcknowledgePlayerDigging>(acks[0])->sequence_id, 6);
}

TEST(DiggingScenario, OutOfReachOnlyAcknowledges) {
  DigWorld w;
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  const BlockPos far{w.below.x + 9, w.below.y, w.below.z};
  const BlockStateId before = w.s.world().block_at(far);
  w.s.pass({w.dig(packet::play_sb::BlockDig::kStartDestroy, far, 3)});
  EXPECT_EQ(w.s.world().block_at(far), before);
  EXPECT_TRUE(w.sent(w.alice, packet::play_cb::BlockChange::kId).empty());
  EXPECT_TRUE(w.sent(w.bob, packet::play_cb::BlockChange::kId).empty());
  ASSERT_EQ(w.sent(w.alice, packet::play_cb::AcknowledgePlayerDigging::kId).size(), 1u);
}

// Crouching lowers the eyes from 1.62 to 1.27 (Avatar's pose eye heights), and reach is measured
// from the eyes: a block just out of creative reach below a standing player is in reach once she
// crouches.
TEST(DiggingScenario, ReachIsMeasuredFromTheEyesOfTheCurrentPose) {
  DigWorld w;
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  const Vec3 feet = w.s.h.core.sessions().player(1)->position;
  auto eyes_at = [&](double height) { return Vec3{feet.x, feet.y + height, feet.z}; };
  // The first block along a diagonal downwards that the standing eyes miss and the crouching
  // eyes reach (creative range 5 plus the server's 1).
  BlockPos target{};
  bool found = false;
  for (int d = 1; d < 8 && !found; ++d)
    for (int dy = -1; dy >= -8 && !found; --dy) {
      const BlockPos b{java_floor(feet.x) + d, java_floor(feet.y) + dy, java_floor(feet.z)};
      if (!reference_reach(eyes_at(1.62f), b, 5.0) && reference_reach(eyes_at(1.27f), b, 5.0)) target = b, found = true;
    }
  ASSERT_TRUE(found);
  w.s.pass({ConsoleLine{"setblock " + std::to_string(target.x) + " " + std::to_string(target.y) + " " +
                        std::to_string(target.z) + " stone"}});
  w.s.pass({w.dig(packet::play_sb::BlockDig::kStartDestroy, target, 1)});
  EXPECT_FALSE(is_air(w.s.world().block_at(target))) << "standing eyes are too high to reach it";
  w.alice.packet(packet::play_sb::PlayerInput{packet::play_sb::PlayerInput::kSneak});
  w.s.pass({w.alice.take()});
  w.s.pass();  // the pose follows the input in the next player tick
  EXPECT_FLOAT_EQ(w.s.h.core.sessions().player(1)->eye_height, 1.27f);
  w.s.pass({w.dig(packet::play_sb::BlockDig::kStartDestroy, target, 2)});
  EXPECT_TRUE(is_air(w.s.world().block_at(target))) << "crouching eyes reach it";
}

// Others see a player crouch: set_entity_data with the shared flags (bit 1: shift down, a byte,
// serializer 0) and the pose (index 6, serializer 20, crouching = 5); only the changed values
// when it stands up again. The player's own client hears the same values.
TEST(DiggingScenario, OthersSeeAPlayerCrouchAndStandUp) {
  DigWorld w;
  const int32_t alice_id = w.s.h.core.sessions().player(1)->entity_id;
  // Delivery of a chunk does not pair entities; Bob's next move does (ChunkMap.move).
  const Vec3 at = w.s.h.core.sessions().player(2)->position;
  w.bob.packet(packet::play_sb::Position{at.x, at.y, at.z, 1});
  w.s.pass({w.bob.take()});
  ASSERT_EQ(w.s.h.core.tracking().viewers_of(alice_id), std::vector<int32_t>{w.s.h.core.sessions().player(2)->entity_id});
  std::vector<Bytes> to_bob, to_alice;
  // A few passes after an input, collecting what each client was told about Alice's data.
  auto pass_collecting = [&](std::vector<Input> inputs) {
    for (int i = 0; i < 3; ++i) {
      w.s.pass(i == 0 ? std::move(inputs) : std::vector<Input>{});
      for (auto [client, out] : {std::pair{&w.bob, &to_bob}, std::pair{&w.alice, &to_alice}})
        for (const Bytes& body : w.sent(*client, packet::play_cb::EntityMetadata::kId)) {
          auto m = decode_packet<packet::play_cb::EntityMetadata>(body);
          if (m && m->entity_id == alice_id) out->push_back(m->metadata);
        }
    }
  };
  // The flag changes as the input arrives and goes out with that tick's entity updates; the pose
  // follows in the player's own tick, after them, so it goes out one tick later (as in vanilla,
  // where ChunkMap.tick runs in the level tick and the player's tick with its connection's).
  w.alice.packet(packet::play_sb::PlayerInput{packet::play_sb::PlayerInput::kSneak});
  pass_collecting({w.alice.take()});
  const Bytes shift_down{0, 0, 0x02, 0xFF}, crouching{6, 20, 5, 0xFF};
  EXPECT_EQ(to_bob, (std::vector<Bytes>{shift_down, crouching}));
  EXPECT_EQ(to_alice, (std::vector<Bytes>{shift_down, crouching}));
  w.alice.packet(packet::play_sb::PlayerInput{0});
  pass_collecting({w.alice.take()});
  const Bytes shift_up{0, 0, 0x00, 0xFF}, standing{6, 20, 0, 0xFF};
  EXPECT_EQ(to_bob, (std::vector<Bytes>{shift_down, crouching, shift_up, standing}));
}

TEST(DiggingScenario, SeveralSequencesInOneTickAreAcknowledgedOnceWithTheHighest) {
  DigWorld w;
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  const BlockPos side{w.below.x + 1, w.below.y, w.below.z};
  w.alice.packet(packet::play_sb::BlockDig{0, w.below, 1, 4}).packet(packet::play_sb::BlockDig{0, side, 1, 9});
  w.s.pass({w.alice.take()});
  auto acks = w.sent(w.alice, packet::play_cb::AcknowledgePlayerDigging::kId);
  ASSERT_EQ(acks.size(), 1u);
  EXPECT_EQ(decode_packet<packet::play_cb::AcknowledgePlayerDigging>(acks[0])->sequence_id, 9);
  // Two changes in one section reach Bob as one section update.
  EXPECT_EQ(w.sent(w.bob, packet::play_cb::MultiBlockChange::kId).size(), 1u);
  EXPECT_TRUE(w.sent(w.bob, packet::play_cb::BlockChange::kId).empty());
}

TEST(DiggingScenario, SurvivalStoneByHandFinishesWithinTheToleranceOrLater) {
  DigWorld w;
  ASSERT_TRUE(w.s.world().set_block(w.below, default_state_of("stone")));
  w.s.pass();
  const Player* alice = w.s.h.core.sessions().player(1);
  ASSERT_NE(alice, nullptr);
  const float per_tick = reference_progress(default_state_of("stone"), alice->on_ground, false);
  w.s.pass({w.dig(packet::play_sb::BlockDig::kStartDestroy, w.below, 1)});
  EXPECT_FALSE(is_air(w.s.world().block_at(w.below)));
  // STOP long before 0.7: the server keeps the block and finishes it itself once progress is 1.
  w.s.pass({w.dig(packet::play_sb::BlockDig::kStopDestroy, w.below, 2)});
  int ticks = 1;
  while (!is_air(w.s.world().block_at(w.below)) && ticks < 2000) {
    w.s.pass();
    ++ticks;
  }
  // Progress counts from the tick of START: (elapsed + 1) x per-tick >= 1.
  const int expected = static_cast<int>(std::ceil(1.0f / per_tick)) - 1;
  EXPECT_NEAR(ticks, expected, 1) << "per tick " << per_tick;
  // The server broke it during the players' tick, after this tick's broadcast: it goes out next.
  w.s.pass();
  EXPECT_EQ(w.sent(w.bob, packet::play_cb::BlockChange::kId).size(), 1u);
}

// --- digging with the held tool ---

// Alice holds what /give put in her first hotbar slot (the selected one) and digs the block under
// her: START, then STOP in the pass `elapsed` ticks later (in the same pass for 0). True when the
// block is gone right after STOP.
bool dig_with_stop_after(DigWorld& w, int elapsed, int32_t sequence) {
  if (elapsed == 0) {
    w.alice.packet(packet::play_sb::BlockDig{packet::play_sb::BlockDig::kStartDestroy, w.below, 1, sequence})
        .packet(packet::play_sb::BlockDig{packet::play_sb::BlockDig::kStopDestroy, w.below, 1, sequence + 1});
    w.s.pass({w.alice.take()});
  } else {
    w.s.pass({w.dig(packet::play_sb::BlockDig::kStartDestroy, w.below, sequence)});
    for (int i = 1; i < elapsed; ++i) w.s.pass();
    w.s.pass({w.dig(packet::play_sb::BlockDig::kStopDestroy, w.below, sequence + 1)});
  }
  return is_air(w.s.world().block_at(w.below));
}

// The first tick count after START at which the server accepts STOP: (elapsed + 1) x progress
// reaches 0.7.
int first_accepted_stop(float per_tick) {
  int elapsed = 0;
  while (per_tick * static_cast<float>(elapsed + 1) < 0.7f) ++elapsed;
  return elapsed;
}

void put_back_stone(DigWorld& w) {
  ASSERT_TRUE(w.s.world().set_block(w.below, default_state_of("stone")));
  w.s.pass();
}

TEST(DiggingScenario, AnIronPickaxeBreaksStoneAtTheVanillaTickAndNotBefore) {
  DigWorld w;
  w.s.pass({ConsoleLine{"give Alice iron_pickaxe"}});
  put_back_stone(w);
  const Player* alice = w.s.h.core.sessions().player(1);
  ASSERT_EQ(alice->main_hand(), (ItemStack{*item_id("iron_pickaxe"), 1}));
  const float per_tick = reference_progress(default_state_of("stone"), DigCase{"iron_pickaxe", 0, 0, alice->on_ground, false});
  const int accepted = first_accepted_stop(per_tick);
  EXPECT_EQ(accepted, 5) << "6 / 1.5 / 30 per tick: 6 ticks of progress reach 0.8";
  // One tick early: refused, and the server breaks the block itself once the progress reaches 1.
  EXPECT_FALSE(dig_with_stop_after(w, accepted - 1, 1));
  int more = 0;
  while (!is_air(w.s.world().block_at(w.below)) && more < 100) w.s.pass(), ++more;
  int full = 0;
  while (per_tick * static_cast<float>(full + 1) < 1.0f) ++full;
  // STOP came at elapsed `accepted - 1`; the tick of its own pass and each later pass add one, and
  // the block goes in the tick where the count reaches `full`.
  EXPECT_EQ(accepted - 1 + 1 + more, full);
  put_back_stone(w);
  EXPECT_TRUE(dig_with_stop_after(w, accepted, 3));
  // By hand the same STOP is refused.
  w.s.pass({ConsoleLine{"clear Alice"}});
  put_back_stone(w);
  EXPECT_FALSE(dig_with_stop_after(w, accepted, 5));
}

// Item.mineBlock: each stone costs the pickaxe one point, the client is sent the damaged stack,
// and the last point breaks it in front of everyone (entity event 47).
TEST(DiggingScenario, StoneWearsThePickaxeUntilItBreaks) {
  DigWorld w;
  w.s.pass({ConsoleLine{"give Alice iron_pickaxe[damage=248]"}});
  const Player* alice = w.s.h.core.sessions().player(1);
  ASSERT_EQ(alice->main_hand().damage, 248);
  // Bob's first move pairs him with Alice (ChunkMap.move), so he sees her pickaxe break.
  const Vec3 at = w.s.h.core.sessions().player(2)->position;
  w.bob.packet(packet::play_sb::Position{at.x, at.y, at.z, 1});
  w.s.pass({w.bob.take()});
  ASSERT_EQ(w.s.h.core.tracking().viewers_of(alice->entity_id).size(), 1u);
  // What the clients were sent in the pass just run and the next one.
  auto sent_now_and_next = [&](const TestClient& client, int32_t id) {
    std::vector<Bytes> out = w.sent(client, id);
    w.s.pass();
    for (Bytes& body : w.sent(client, id)) out.push_back(std::move(body));
    return out;
  };
  put_back_stone(w);
  ASSERT_TRUE(dig_with_stop_after(w, 5, 1));
  EXPECT_EQ(alice->main_hand().damage, 249);
  bool told = false;
  for (const Bytes& body : sent_now_and_next(w.alice, packet::play_cb::SetSlot::kId)) {
    const auto slot = decode_packet<packet::play_cb::SetSlot>(body);
    told = told || (slot && slot->slot == kFirstHotbarSlot && slot->item.damage == 249);
  }
  EXPECT_TRUE(told);
  put_back_stone(w);
  ASSERT_TRUE(dig_with_stop_after(w, 5, 3));
  EXPECT_TRUE(alice->main_hand().empty());
  auto breaks = [&](const std::vector<Bytes>& bodies) {
    int n = 0;
    for (const Bytes& body : bodies) {
      const auto status = decode_packet<packet::play_cb::EntityStatus>(body);
      n += status && status->entity_id == alice->entity_id && status->status == 47;
    }
    return n;
  };
  const int to_bob = breaks(w.sent(w.bob, packet::play_cb::EntityStatus::kId));
  EXPECT_EQ(breaks(sent_now_and_next(w.alice, packet::play_cb::EntityStatus::kId)), 1);
  EXPECT_EQ(to_bob + breaks(w.sent(w.bob, packet::play_cb::EntityStatus::kId)), 1);
}

// What Alice holds, as her viewers see it: the pairing carries it (ServerEntity.sendPairingData),
// and each change goes to them, not to her, in the tick it happens (detectEquipmentUpdates).
TEST(DiggingScenario, OthersSeeWhatAPlayerHolds) {
  DigWorld w;
  w.s.pass({ConsoleLine{"give Alice iron_pickaxe"}});
  const int32_t alice_id = w.s.h.core.sessions().player(1)->entity_id;
  const int32_t pickaxe = *item_id("iron_pickaxe");
  // (slot, item) of each set_equipment about Alice a client got in the last pass.
  auto equipment = [&](const TestClient& client) {
    std::vector<std::pair<int, int32_t>> out;
    for (const Bytes& body : w.sent(client, packet::play_cb::EntityEquipment::kId)) {
      const auto e = decode_packet<packet::play_cb::EntityEquipment>(body);
      if (e && e->entity_id == alice_id) out.emplace_back(e->slot, e->item.item_id.value_or(0));
    }
    return out;
  };
  const Vec3 at = w.s.h.core.sessions().player(2)->position;
  w.bob.packet(packet::play_sb::Position{at.x, at.y, at.z, 1});
  w.s.pass({w.bob.take()});
  ASSERT_EQ(w.s.h.core.tracking().viewers_of(alice_id).size(), 1u);
  EXPECT_EQ(equipment(w.bob), (std::vector<std::pair<int, int32_t>>{{0, pickaxe}}));
  w.alice.packet(packet::play_sb::HeldItemSlot{1});
  w.s.pass({w.alice.take()});
  EXPECT_EQ(equipment(w.bob), (std::vector<std::pair<int, int32_t>>{{0, 0}}));
  EXPECT_TRUE(equipment(w.alice).empty());
  w.alice.packet(packet::play_sb::HeldItemSlot{0});
  w.s.pass({w.alice.take()});
  EXPECT_EQ(equipment(w.bob), (std::vector<std::pair<int, int32_t>>{{0, pickaxe}}));
  w.s.pass();
  EXPECT_TRUE(equipment(w.bob).empty());  // nothing changed
}

TEST(DiggingScenario, EfficiencyFiveMakesAnIronPickaxeAlmostInstant) {
  DigWorld w;
  w.s.pass({ConsoleLine{"give Alice iron_pickaxe[enchantments={efficiency:5}]"}});
  put_back_stone(w);
  const Player* alice = w.s.h.core.sessions().player(1);
  ASSERT_EQ(enchantment_level(alice->main_hand(), "efficiency"), 5);
  const float per_tick = reference_progress(default_state_of("stone"), DigCase{"iron_pickaxe", 5, 0, alice->on_ground, false});
  EXPECT_FLOAT_EQ(per_tick, 32.0f / 1.5f / 30.0f);
  EXPECT_EQ(first_accepted_stop(per_tick), 0);
  EXPECT_TRUE(dig_with_stop_after(w, 0, 1));  // START and STOP in one tick: accepted
}

TEST(DiggingScenario, AnAxeOnStoneIsNoFasterThanAHand) {
  DigWorld w;
  w.s.pass({ConsoleLine{"give Alice iron_axe[enchantments={efficiency:5}]"}});
  put_back_stone(w);
  const Player* alice = w.s.h.core.sessions().player(1);
  const float axe = reference_progress(default_state_of("stone"), DigCase{"iron_axe", 5, 0, alice->on_ground, false});
  EXPECT_EQ(axe, reference_progress(default_state_of("stone"), alice->on_ground, false));
  const int accepted = first_accepted_stop(axe);
  EXPECT_FALSE(dig_with_stop_after(w, accepted - 1, 1));
  put_back_stone(w);  // ends the delayed break
  EXPECT_TRUE(dig_with_stop_after(w, accepted, 3));
}

TEST(DiggingScenario, ACreativePlayerWithASwordBreaksNothing) {
  DigWorld w;
  w.s.pass({ConsoleLine{"gamemode creative Alice"}, ConsoleLine{"give Alice diamond_sword"}});
  const BlockStateId before = w.s.world().block_at(w.below);
  w.s.pass({w.dig(packet::play_sb::BlockDig::kStartDestroy, w.below, 4)});
  EXPECT_EQ(w.s.world().block_at(w.below), before);
  auto updates = w.sent(w.alice, packet::play_cb::BlockChange::kId);
  ASSERT_EQ(updates.size(), 1u);  // the true block, undoing the client's prediction
  EXPECT_EQ(static_cast<BlockStateId>(decode_packet<packet::play_cb::BlockChange>(updates[0])->type), before);
  // With a pickaxe instead, the same START breaks it.
  w.s.pass({ConsoleLine{"clear Alice"}, ConsoleLine{"give Alice diamond_pickaxe"}});
  w.s.pass({w.dig(packet::play_sb::BlockDig::kStartDestroy, w.below, 5)});
  EXPECT_TRUE(is_air(w.s.world().block_at(w.below)));
}

// ServerLevel.destroyBlockProgress as Bob sees Alice dig: a stage when she starts, a new one each
// time (elapsed + 1) x progress crosses a tenth, and -1 when she aborts; Alice herself gets none.
TEST(DiggingScenario, OthersSeeTheCrackStageRiseAndClear) {
  DigWorld w;
  ASSERT_TRUE(w.s.world().set_block(w.below, default_state_of("stone")));
  w.s.pass();
  const Player* alice = w.s.h.core.sessions().player(1);
  ASSERT_NE(alice, nullptr);
  const float per_tick = reference_progress(default_state_of("stone"), alice->on_ground, false);
  std::vector<int> stages;
  auto collect = [&] {
    for (const Bytes& body : w.sent(w.bob, packet::play_cb::BlockBreakAnimation::kId)) {
      auto shown = decode_packet<packet::play_cb::BlockBreakAnimation>(body);
      ASSERT_TRUE(shown.ok());
      EXPECT_EQ(shown->entity_id, alice->entity_id);
      EXPECT_EQ(shown->location, w.below);
      stages.push_back(shown->destroy_stage);
    }
    EXPECT_TRUE(w.sent(w.alice, packet::play_cb::BlockBreakAnimation::kId).empty());
  };
  w.s.pass({w.dig(packet::play_sb::BlockDig::kStartDestroy, w.below, 1)});
  collect();
  const int ticks = 40;
  for (int i = 0; i < ticks; ++i) {
    w.s.pass();
    collect();
  }
  w.s.pass({w.dig(packet::play_sb::BlockDig::kAbortDestroy, w.below, 2)});
  collect();
  // The reference: stage 0 at the start, then each tick's stage when it differs from the last.
  std::vector<int> expected{0};
  for (int elapsed = 1; elapsed <= ticks; ++elapsed) {
    const int stage = static_cast<int>(per_tick * static_cast<float>(elapsed + 1) * 10.0f);
    if (stage != expected.back()) expected.push_back(stage);
  }
  expected.push_back(-1);
  ASSERT_GT(expected.size(), 3u) << "the test should see the stage rise";
  EXPECT_EQ(stages, expected);
  EXPECT_FALSE(is_air(w.s.world().block_at(w.below)));
}

TEST(DiggingScenario, SpawnProtectionRefusesNonOpsWithTheOverlayText) {
  // Only a server with operators protects its spawn: Carol is one, Alice is not.
  DigWorld w(R"([{"uuid":"8b57c3c4-5a2e-3f4e-9f0c-9b2f4b7c1e11","name":"Carol","level":4}])");
  const BlockStateId before = w.s.world().block_at(w.below);
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  w.s.pass({w.dig(packet::play_sb::BlockDig::kStartDestroy, w.below, 5)});
  EXPECT_EQ(w.s.world().block_at(w.below), before);
  EXPECT_TRUE(w.sent(w.alice, packet::play_cb::BlockChange::kId).empty());  // only the ack undoes it
  EXPECT_EQ(w.sent(w.alice, packet::play_cb::AcknowledgePlayerDigging::kId).size(), 1u);
  bool told = false;
  for (const Bytes& body : w.sent(w.alice, packet::play_cb::SystemChat::kId)) {
    auto chat = decode_packet<packet::play_cb::SystemChat>(body);
    told |= chat->overlay && nbt::to_string(chat->content).find("build.spawn_protection") != std::string::npos;
  }
  EXPECT_TRUE(told);
}


// --- placing (docs/rules/placing.md) ---

Input creative_item(TestClient& client, int16_t slot, std::string_view item, int32_t count) {
  packet::play_sb::SetCreativeSlot set;
  set.slot = slot;
  set.count = count;
  set.item_id = *item_id(item);
  set.components_added = 0;
  set.components_removed = 0;
  client.packet(set);
  return client.take();
}

Input use_on(TestClient& client, const BlockPos& pos, int32_t face, int32_t sequence) {
  packet::play_sb::BlockPlace use;
  use.location = pos;
  use.direction = face;
  use.cursor_x = use.cursor_y = use.cursor_z = 0.5f;
  use.sequence = sequence;
  client.packet(use);
  return client.take();
}

// BlockItem.place: the others near hear the placed block's place sound at the block's centre,
// (volume + 1) / 2 and 0.8 of its pitch; the placer's client plays its own.
TEST(PlacingScenario, OthersHearTheBlockPlaced) {
  DigWorld w;
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  w.s.pass({creative_item(w.alice, kFirstHotbarSlot, "oak_planks", 1)});
  const BlockPos clicked{w.below.x + 2, w.below.y, w.below.z};
  w.s.pass({use_on(w.alice, clicked, 1, 11)});
  const auto heard = w.sent(w.bob, packet::play_cb::SoundEffect::kId);
  ASSERT_EQ(heard.size(), 1u);
  const auto sound = decode_packet<packet::play_cb::SoundEffect>(heard[0]);
  EXPECT_EQ(sound->sound, sound::block_wood_place + 1);
  EXPECT_EQ(sound->source, 4);  // blocks
  EXPECT_EQ(sound->x, clicked.x * 8 + 4);
  EXPECT_EQ(sound->y, (clicked.y + 1) * 8 + 4);
  EXPECT_EQ(sound->volume, 1.0f);
  EXPECT_EQ(sound->pitch, 0.8f);
  EXPECT_TRUE(w.sent(w.alice, packet::play_cb::SoundEffect::kId).empty());
}

TEST(PlacingScenario, ACreativePlayerPlacesTheHeldBlockOnTheClickedFace) {
  DigWorld w;
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  w.s.pass({creative_item(w.alice, kFirstHotbarSlot, "stone", 1)});
  const BlockPos clicked{w.below.x + 2, w.below.y, w.below.z};
  const BlockPos target{clicked.x, clicked.y + 1, clicked.z};
  ASSERT_TRUE(is_air(w.s.world().block_at(target)) || block_info(block_of_state(w.s.world().block_at(target))).name != "stone");
  w.s.pass({use_on(w.alice, clicked, 1, 11)});
  EXPECT_EQ(block_info(block_of_state(w.s.world().block_at(target))).name, "stone");
  EXPECT_EQ(w.sent(w.bob, packet::play_cb::BlockChange::kId).size(), 1u);
  // The placer: the two resync updates (clicked block and its neighbour), the broadcast, the ack.
  EXPECT_EQ(w.sent(w.alice, packet::play_cb::BlockChange::kId).size(), 3u);
  auto acks = w.sent(w.alice, packet::play_cb::AcknowledgePlayerDigging::kId);
  ASSERT_EQ(acks.size(), 1u);
  EXPECT_EQ(decode_packet<packet::play_cb::AcknowledgePlayerDigging>(acks[0])->sequence_id, 11);
  // Creative keeps the stack.
  EXPECT_EQ(w.s.h.core.sessions().player(1)->main_hand().count, 1);
}

TEST(PlacingScenario, APlayerStandingThereBlocksThePlacement) {
  DigWorld w;
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  w.s.pass({creative_item(w.alice, kFirstHotbarSlot, "stone", 1)});
  const BlockStateId feet = w.s.world().block_at({w.below.x, w.below.y + 1, w.below.z});
  w.s.pass({use_on(w.alice, w.below, 1, 2)});  // on top of the block under Alice: where she stands
  EXPECT_EQ(w.s.world().block_at({w.below.x, w.below.y + 1, w.below.z}), feet);
  EXPECT_TRUE(w.sent(w.bob, packet::play_cb::BlockChange::kId).empty());
}

TEST(PlacingScenario, LogsTakeTheClickedFacesAxisAndSurvivalUsesTheItemUp) {
  DigWorld w;
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  w.s.pass({creative_item(w.alice, kFirstHotbarSlot, "oak_log", 1)});
  w.s.pass({ConsoleLine{"gamemode survival Alice"}});
  const BlockPos wall{w.below.x + 2, w.below.y + 1, w.below.z};
  ASSERT_TRUE(w.s.world().set_block(wall, default_state_of("stone")));
  w.s.pass();
  w.s.pass({use_on(w.alice, wall, 4, 3)});  // the west face: the log goes west of the wall
  const BlockStateId placed = w.s.world().block_at({wall.x - 1, wall.y, wall.z});
  EXPECT_EQ(block_info(block_of_state(placed)).name, "oak_log");
  EXPECT_EQ(state_property(placed, "axis"), "x");
  EXPECT_TRUE(w.s.h.core.sessions().player(1)->main_hand().empty());
  // Nothing left to place.
  w.s.pass({use_on(w.alice, wall, 1, 4)});
  EXPECT_NE(block_info(block_of_state(w.s.world().block_at({wall.x, wall.y + 1, wall.z}))).name, "oak_log");
}

TEST(PlacingScenario, CreativeSlotsAreValidated) {
  DigWorld w;
  w.s.pass({creative_item(w.alice, kFirstHotbarSlot, "stone", 1)});  // survival: refused
  EXPECT_TRUE(w.s.h.core.sessions().player(1)->main_hand().empty());
  w.s.pass({ConsoleLine{"gamemode creative Alice"}});
  w.s.pass({creative_item(w.alice, 46, "stone", 1)});               // no such slot
  w.s.pass({creative_item(w.alice, kFirstHotbarSlot, "stone", 100)});  // over any stack size
  EXPECT_TRUE(w.s.h.core.sessions().player(1)->main_hand().empty());
  w.s.pass({creative_item(w.alice, kFirstHotbarSlot + 3, "dirt", 64)});
  w.alice.packet(packet::play_sb::HeldItemSlot{3});
  w.s.pass({w.alice.take()});
  EXPECT_EQ(w.s.h.core.sessions().player(1)->main_hand(), (ItemStack{*item_id("dirt"), 64}));
}

}  // namespace
}  // namespace hz
