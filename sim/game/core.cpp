#include "sim/game/core.h"

#include <algorithm>
#include <cassert>
#include <cmath>

#include "sim/core/hash.h"
#include "sim/core/java_format.h"
#include "sim/game/access/access_lists.h"
#include "sim/game/blocks/block_change_acks.h"
#include "sim/game/blocks/block_interaction.h"
#include "sim/game/blocks/block_ray.h"
#include "sim/game/blocks/block_ticks.h"
#include "sim/game/blocks/block_updates.h"
#include "sim/game/fluids/fluid_ticks.h"
#include "sim/game/blocks/block_use.h"
#include "sim/game/blocks/buckets.h"
#include "sim/game/blocks/digging.h"
#include "sim/game/blocks/farmland.h"
#include "sim/game/blocks/placing.h"
#include "sim/game/commands/dispatcher.h"
#include "sim/game/level/sky_darken.h"
#include "sim/game/level/time_and_weather.h"
#include "sim/game/mobs/sun_burn.h"
#include "sim/game/items/durability.h"
#include "sim/game/items/inventory_menu.h"
#include "sim/game/items/bows.h"
#include "sim/game/items/item_use.h"
#include "sim/game/entities/block_loot.h"
#include "sim/game/entities/falling_blocks.h"
#include "sim/game/entities/experience_orbs.h"
#include "sim/game/entities/item_entities.h"
#include "sim/game/entities/lightning_bolts.h"
#include "sim/game/entities/saved_entities.h"
#include "sim/game/explosions/explosion_world.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/survival/player_attacks.h"
#include "sim/game/mobs/spawning/generation_animals.h"
#include "sim/game/mobs/spawning/natural_spawning.h"
#include "sim/game/movement/movement_system.h"
#include "sim/game/movement/column_block_source.h"
#include "sim/game/tracking/entity_tracker.h"
#include "sim/game/player_saves.h"
#include "sim/game/sessions.h"
#include "sim/game/sounds/sound_broadcaster.h"
#include "sim/game/snapshot/state_io.h"
#include "sim/game/survival/survival_system.h"
#include "sim/game/ticking/random_ticks.h"
#include "sim/game/ticks/scheduled_ticks.h"
#include "sim/game/world/spawn_finder.h"
#include "sim/game/world/world_streaming.h"

namespace hz {

namespace {
// Rng::derive's stream key for the core's game random (the world generator uses other keys).
constexpr int64_t kCoreRandomStream = 0x67616d65;  // "game"
}  // namespace

Core::Core(CoreConfig config, Clock& clock, EffectSink& effects)
    : config_(std::move(config)),
      clock_(clock),
      effects_(effects, config_.digest_passes),
      rate_(clock, *this),
      random_(Rng::derive(static_cast<uint64_t>(config_.world_seed), kCoreRandomStream)) {
  // Each system gets only the ports it uses; this constructor is the one place that wires them.
  access_ = std::make_unique<AccessLists>(config_, effects_, static_cast<ServerLog&>(*this), clock_);
  access_->set_on_whitelist_reloaded([this](const CommandSource& requester) {
    send_success(requester, "Reloaded the whitelist", true);
    kick_unlisted_players();
  });
  sessions_ = std::make_unique<Sessions>(config_, effects_, static_cast<ServerLog&>(*this), *this,
                                         static_cast<const GameTime&>(*this), rate_, static_cast<const SpawnPoint&>(*this),
                                         entity_ids_, *access_);
  sounds_ = std::make_unique<SoundBroadcaster>(*sessions_, static_cast<uint64_t>(config_.world_seed));
  time_ = std::make_unique<TimeAndWeather>(config_.level_time, *sessions_, rules_);
  // Entity tracking ticks first (vanilla's ChunkMap.tick runs before the players' own ticks);
  // movement validates each move before any later listener reads the position.
  tracker_ = std::make_unique<EntityTracker>(*sessions_, config_.properties);
  movement_ = std::make_unique<MovementSystem>(*sessions_, static_cast<ServerLog&>(*this), rules_, rate_,
                                               config_.properties.allow_flight);
  tracker_->set_movement(movement_.get());
  movement_->set_observer(tracker_.get());
  movement_->set_tracking(tracker_.get());
  sessions_->add_listener(tracker_.get());
  sessions_->add_listener(movement_.get());
  // Survival follows the moves movement accepted and ticks after each player's movement tick.
  // Item entities exist before survival (death drops go into them); they are registered as a
  // listener further down, after the world.
  items_ = std::make_unique<ItemEntities>(entity_ids_, random_, *sessions_, *tracker_, rules_);
  orbs_ = std::make_unique<ExperienceOrbs>(entity_ids_, random_, *sessions_, *tracker_);
  survival_ = std::make_unique<SurvivalSystem>(
      SurvivalSystem::Ports{*sessions_, static_cast<ServerLog&>(*this), static_cast<SpawnFinder&>(*this), *items_,
                            *tracker_, *movement_},
      rules_, config_.properties.difficulty);
  survival_->set_experience_drops(orbs_.get());
  survival_->add_life_observer(movement_.get());
  survival_->add_life_observer(tracker_.get());
  movement_->set_outcome_observer(survival_.get());
  sessions_->add_listener(survival_.get());
  // Registered after the systems that apply moves, so it reads positions they accepted.
  world_ = std::make_unique<WorldStreaming>(config_, effects_, *sessions_, static_cast<const GameTime&>(*this), rules_);
  // Scheduled ticks: a queue per loaded chunk, kept with the chunk's file. They run in chunks
  // within the simulation distance, before the world's tick, so their changes go out this tick.
  scheduled_ticks_ = std::make_unique<ScheduledTicks>(static_cast<const GameTime&>(*this), rate_,
                                                      static_cast<ServerLog&>(*this));
  world_->set_chunk_keeper(scheduled_ticks_.get());
  world_->set_flush_listener([this](JobId job) { on_world_flushed(job); });
  scheduled_ticks_->set_ticking([this](ChunkPos pos) { return world_->ticks_scheduled_at(pos); });
  // Every block change goes through the block updates (neighbours, shapes, drops) to the world.
  block_updates_ = std::make_unique<BlockUpdates>(*world_, *scheduled_ticks_, *items_, random_,
                                                  static_cast<ServerLog&>(*this),
                                                  config_.properties.max_chained_neighbor_updates);
  falling_ = std::make_unique<FallingBlocks>(entity_ids_, random_, *tracker_, rules_, rate_, *block_updates_,
                                             *items_);
  block_tick_rules_ = std::make_unique<BlockTickRules>(*block_updates_, *scheduled_ticks_, *falling_, random_);
  scheduled_ticks_->set_runner([this](const BlockPos& pos, BlockId block) { block_tick_rules_->run(pos, block); });
  fluid_ticks_ = std::make_unique<FluidTicks>(*block_updates_, *scheduled_ticks_, *items_, random_, rules_);
  scheduled_ticks_->set_fluid_runner([this](const BlockPos& pos, uint32_t fluid) { fluid_ticks_->run(pos, fluid); });
  block_use_ = std::make_unique<BlockUse>(*block_updates_, *scheduled_ticks_);
  sessions_->add_listener(block_use_.get());
  sessions_->add_listener(world_.get());
  // Entities tick after the block ticks (vanilla's level tick order). Falling blocks first: what
  // they drop joins the items of this tick. Item entities tick after movement (pickups read the
  // positions it accepted) and after the world (they tick only in chunks loaded by then);
  // digging drops into them, so they come first.
  sessions_->add_listener(falling_.get());
  // Mobs tick after falling blocks and before items, so loot joins this tick's items; they hurt
  // players through survival, which by then has run this tick's invulnerability countdown.
  mobs_ = std::make_unique<Mobs>(entity_ids_, random_, *sessions_, *tracker_, *survival_, *items_, rules_,
                                 static_cast<const GameTime&>(*this));
  sessions_->add_listener(mobs_.get());
  mobs_->set_difficulty(config_.properties.difficulty);
  mobs_->set_experience(orbs_.get());
  mobs_->set_sounds(sounds_.get());
  // Players' attacks; their attack strength counts up after the mobs' tick (Player.tick comes
  // after the level's entities).
  player_attacks_ = std::make_unique<PlayerAttacks>(*sessions_, *mobs_, *survival_, *survival_, *movement_);
  sessions_->add_listener(player_attacks_.get());
  survival_->add_life_observer(player_attacks_.get());
  player_attacks_->set_sprinting(
      [this](ConnId conn) {
        const PlayerMovement* m = movement_->movement(conn);
        return m != nullptr && m->body().sprinting;
      },
      [this](ConnId conn) {
        if (PlayerMovement* m = movement_->movement(conn)) m->handle_sprinting(false);
      });
  survival_->set_presence([this](int32_t id) {
    if (const Mob* mob = mobs_->find(id)) return mob->state.dead ? SurvivalSystem::Presence::kDead : SurvivalSystem::Presence::kAlive;
    for (const Player* p : sessions_->joined_players())
      if (p->entity_id == id) return p->dead ? SurvivalSystem::Presence::kDead : SurvivalSystem::Presence::kAlive;
    return SurvivalSystem::Presence::kGone;
  });
  farmland_ = std::make_unique<FarmlandTrampling>(*block_updates_, random_, *sessions_, *mobs_);
  survival_->set_fall_on(farmland_.get());
  mobs_->set_fall_on(farmland_.get());
  block_tick_rules_->set_farmland_to_dirt(farmland_.get());
  const auto known_movement = [this](ConnId conn) {
    const PlayerMovement* m = movement_->movement(conn);
    return m != nullptr ? m->known_movement() : Vec3{};
  };
  player_attacks_->set_known_movement(known_movement);
  player_attacks_->set_unattackable([this](int32_t id) { return items_->find(id) != nullptr || orbs_->find(id) != nullptr; });
  sessions_->add_listener(items_.get());
  // Experience orbs tick after the items (vanilla ticks both in entity order; Horizon keeps one
  // system after the other), so mob deaths' orbs of this tick join before their own tick.
  sessions_->add_listener(orbs_.get());
  // Non-player entities are saved with their chunks in the entities store; each system that
  // owns a kind registers here (docs/rules/saved-entities.md).
  saved_entities_ = std::make_unique<SavedEntities>(static_cast<ServerLog&>(*this));
  saved_entities_->add(*items_);
  saved_entities_->add(*orbs_);
  saved_entities_->add(*falling_);
  saved_entities_->add(*mobs_);
  saved_entities_->add(mobs_->arrows());
  world_->set_entity_keeper(saved_entities_.get());
  // After the world, so its tick's block changes go out before the acknowledgements.
  block_acks_ = std::make_unique<BlockChangeAcks>(*sessions_);
  block_interaction_ = std::make_unique<BlockInteraction>(*sessions_, *block_updates_, *block_acks_,
                                                          static_cast<const SpawnPoint&>(*this), sessions_->ops(),
                                                          config_.properties.spawn_protection);
  digging_ = std::make_unique<Digging>(*block_interaction_, *items_, random_);
  placing_ = std::make_unique<Placing>(*block_interaction_, *block_use_);
  buckets_ = std::make_unique<Buckets>(*block_interaction_, *block_use_, *scheduled_ticks_);
  digging_->set_food_exhaustion(survival_.get());
  item_wear_ = std::make_unique<PlayerItemWear>(*sessions_, *tracker_, random_);
  digging_->set_item_wear(item_wear_.get());
  placing_->set_item_wear(item_wear_.get());
  player_attacks_->set_item_wear(item_wear_.get());
  player_attacks_->set_sounds(sounds_.get());
  digging_->set_sounds(sounds_.get());
  placing_->set_sounds(sounds_.get());
  block_use_->set_sounds(sounds_.get(), &random_);
  block_tick_rules_->set_sounds(sounds_.get());
  buckets_->set_sounds(sounds_.get());
  sessions_->add_listener(digging_.get());
  sessions_->add_listener(placing_.get());
  sessions_->add_listener(buckets_.get());
  sessions_->add_listener(block_acks_.get());
  // Inventory windows drop thrown stacks as item entities, and send the slots pickups changed.
  inventory_ = std::make_unique<InventoryMenus>(*sessions_, *items_, *world_, static_cast<ServerLog&>(*this));
  inventory_->set_tracking(tracker_.get());
  survival_->set_armour(item_wear_.get(), inventory_.get());
  sessions_->add_listener(inventory_.get());
  // After the inventory menus: a drop or a swap has happened when the use hears of it.
  item_use_ = std::make_unique<ItemUse>(*sessions_, *items_);
  survival_->set_item_use(item_use_.get());
  item_use_->set_effects(survival_.get(), &random_);
  item_use_->set_sounds(sounds_.get());
  bows_ = std::make_unique<Bows>(mobs_->arrows(), random_);
  bows_->set_sounds(sounds_.get());
  bows_->set_item_wear(item_wear_.get());
  bows_->set_known_movement(known_movement);
  item_use_->set_bows(bows_.get());
  sessions_->add_listener(item_use_.get());
  world_blocks_ = std::make_unique<ColumnBlockSource>([this](ChunkPos pos) { return world_->column(pos); });
  survival_->set_sounds(sounds_.get(), &random_, world_blocks_.get());
  movement_->set_block_source(world_blocks_.get());
  items_->set_block_source(world_blocks_.get());
  orbs_->set_block_source(world_blocks_.get());
  falling_->set_block_source(world_blocks_.get());
  mobs_->set_block_source(world_blocks_.get());
  // A creeper's blast: blocks through the block updates, hurting players and mobs, the packet.
  explosions_ = std::make_unique<Explosions>(*block_updates_, *items_, random_, *sessions_, *survival_, *mobs_, rules_);
  explosions_->set_knockback_resistance(
      [this](ConnId conn) { return inventory_->armour_attributes(conn).explosion_knockback_resistance; });
  explosions_->set_flying([this](ConnId conn) {
    const PlayerMovement* m = movement_->movement(conn);
    return m != nullptr && m->body().flying;
  });
  mobs_->set_exploder([this](const Vec3& center, float radius, const MobAttacker& source) {
    explosions_->explode(ExplosionParams{center, radius, ExplosionInteraction::kMob, source});
  });
  mobs_->set_line_of_sight(
      [this](const Vec3& from, const Vec3& to) { return !clip_blocks(*block_updates_, from, to, FluidClip::kNone).hit; });
  tracker_->set_chunk_visibility(world_.get());
  // Last, so a leaving player's file is written from the state every other system left.
  player_saves_ = std::make_unique<PlayerSaves>(effects_, static_cast<ServerLog&>(*this));
  sessions_->add_listener(player_saves_.get());
  sessions_->set_player_storage(player_saves_.get());
  sessions_->set_spawn_finder(this);
  sessions_->set_client_loading(movement_.get());
  // Random ticks change blocks through the block updates, as vanilla's setBlockAndUpdate does.
  random_ticks_ = std::make_unique<RandomTicks>(
      *world_, *block_updates_, rules_, random_,
      [this](const BlockPos& pos, BlockStateId state) { drop_block_loot(pos, state); });
  random_ticks_->set_farmland_to_dirt(farmland_.get());
  // Players burn in fire and lava and are put out by water and rain (docs/rules/burning.md).
  survival_->set_fire(world_blocks_.get(), &random_, [this](const BlockPos& pos) { return random_ticks_->raining_at(pos); });
  random_ticks_->set_sky([this] { return LevelSky{time_->sky_darken(), time_->is_raining(), time_->is_thundering()}; });
  spawning_ = std::make_unique<NaturalSpawning>(*world_, *mobs_, *sessions_, rules_, random_, config_.properties.difficulty);
  spawning_->set_spawn_point([this] {
    const Vec3 p = spawn_point();
    return BlockPos{java_floor(p.x), java_floor(p.y), java_floor(p.z)};
  });
  spawning_->set_level([this] { return spawning::SpawnLevel{time_->sky_darken(), time_->is_thundering()}; });
  spawning_->set_chunk_hook([this](ChunkPos pos) { random_ticks_->thunder_in(pos); });
  generation_animals_ = std::make_unique<GenerationAnimals>(config_.world_seed, *mobs_, rules_);
  world_->set_generated_listener(generation_animals_.get());
  // Undead burn by day: the overworld clock, the sky darkening and rain, the light at the mob.
  mobs_->set_sunlight([this](const BlockPos& eyes, const BlockPos& feet, const BlockPos& top) {
    Sunlight out;
    out.monsters_burn = sun_burn::monsters_burn(time_->state().clock(WorldClockId::kOverworld).total_ticks);
    const int sky = world_->sky_light_at(eyes);
    out.raw_brightness = raw_brightness(sky, world_->block_light_at(eyes), time_->sky_darken());
    out.sky_visible = sky >= 15;
    // Level.isRainingAt, approximated: rain with open sky at the feet or the top of the box.
    out.raining_here = time_->is_raining() && (world_->sky_light_at(feet) >= 15 || world_->sky_light_at(top) >= 15);
    return out;
  });
  // Thunder strikes bolts in ticking chunks; they set fire through the block updates.
  lightning_ = std::make_unique<LightningBolts>(entity_ids_, random_, *tracker_, rules_, rate_, *block_updates_, *sessions_,
                                                config_.properties.difficulty);
  sessions_->add_listener(lightning_.get());
  // Fire burns and spreads near players (the radius rule), and goes out in the rain; lava's random
  // ticks set fire. None of the biomes Horizon generates has increased_fire_burnout.
  random_ticks_->set_lava(&block_tick_rules_->fire());
  block_tick_rules_->fire().set_surroundings(FireSurroundings{
      [this](const BlockPos& pos) { return lightning_->can_spread_fire_around(pos); },
      [this] { return time_->is_raining(); },
      [this](const BlockPos& pos) { return random_ticks_->raining_at(pos); },
      [](const BlockPos&) { return false; },
      [this] { return config_.properties.difficulty; }});
  random_ticks_->set_lightning(lightning_.get(), [this] {
    std::vector<BlockPos> living;
    for (ConnId conn : sessions_->players_in_join_order())
      if (const Player* p = sessions_->player(conn); p != nullptr && !p->dead)
        living.push_back(BlockPos{java_floor(p->position.x), java_floor(p->position.y), java_floor(p->position.z)});
    return living;
  });
}

Core::~Core() = default;

void Core::start() {
  scheduler_.start(clock_.now_nanos());
  access_->write_files_at_start();
  world_->start();
}

IterationDigest Core::run_iteration(std::span<const Input> inputs) {
  TickScheduler::Decision decision = scheduler_.begin_tick(clock_, rate_);
  if (decision.warning) log(LogLevel::kWarn, *decision.warning);
  sessions_->begin_pass(decision.now_nanos / 1'000'000);
  for (const Input& input : inputs) handle(input);
  tick_server(decision.sprinting);
  if (decision.sprinting) rate_.end_tick_work();
  IterationDigest digest = effects_.take();
  digest.tick = tick_count_;
  if (config_.digest_passes) digest.state = state_hash();
  return digest;
}

void Core::handle(const Input& input) {
  std::visit(
      [this](const auto& in) {
        using T = std::decay_t<decltype(in)>;
        if constexpr (std::is_same_v<T, ConnectionOpened>) sessions_->on_opened(in);
        else if constexpr (std::is_same_v<T, BytesReceived>) sessions_->on_bytes(in);
        else if constexpr (std::is_same_v<T, ConnectionClosed>) sessions_->on_closed(in);
        else if constexpr (std::is_same_v<T, ConsoleLine>) console_queue_.push_back(in);
        else if constexpr (std::is_same_v<T, SessionAnswer>) sessions_->on_session_answer(in);
        else if constexpr (std::is_same_v<T, JobCompleted>) {
          if (!access_->on_job_completed(in) && !world_->on_job_completed(in)) player_saves_->on_job_completed(in);
        }
      },
      input);
}

void Core::tick_server(bool sprinting) {
  int64_t t0 = clock_.now_nanos();
  tick_start_nanos_ = t0;
  int64_t pause_threshold = static_cast<int64_t>(config_.properties.pause_when_empty_seconds) * 20;
  if (pause_threshold > 0) {
    if (sessions_->player_count() == 0 && !sprinting) ++empty_ticks_;
    else empty_ticks_ = 0;
    if (empty_ticks_ >= pause_threshold) {
      if (empty_ticks_ == pause_threshold) {
        log(LogLevel::kInfo, "Server empty for " + std::to_string(config_.properties.pause_when_empty_seconds) +
                                 " seconds, pausing");
        if (saving_enabled_) save_all(false, nullptr);
      }
      run_console_commands();  // tickConnection only
      sessions_->tick(t0 / 1'000'000);
      return;
    }
  }
  ++tick_count_;
  rate_.tick();
  tick_children();
  if (--ticks_until_autosave_ <= 0) {
    if (saving_enabled_) save_all(false, nullptr);
    ticks_until_autosave_ = compute_next_autosave_interval();
  }
  int64_t tick_time = clock_.now_nanos() - t0;
  stats_.record(tick_count_, tick_time);
}

void Core::tick_children() {
  time_->tick(tick_count_, rate_.runs_normally(), random_);
  run_console_commands();
  // Vanilla's level tick: the scheduled block and fluid ticks, then tickChunks (spawning in its
  // shuffled chunks, then the random ticks), then its chunk broadcast, which the world's tick
  // (inside the sessions' tick) does here: the changes go out this tick.
  scheduled_ticks_->tick();
  spawning_->tick(game_time(), rate_.runs_normally());
  random_ticks_->tick(rate_.runs_normally());
  sessions_->tick(tick_start_nanos_ / 1'000'000);
}

void Core::run_console_commands() {
  while (!console_queue_.empty()) {
    ConsoleLine line = std::move(console_queue_.front());
    console_queue_.pop_front();
    if (line.rcon_request == 0) {
      dispatch_command(*this, CommandSource{}, line.text);
      continue;
    }
    // Vanilla runs an RCON command on the server thread between ticks and hands the collected
    // output back to the waiting client thread.
    RconReply reply{line.rcon_request, {}};
    CommandSource rcon;
    rcon.name = "Rcon";
    rcon.collected_output = &reply.output;
    rcon.inform_admins = config_.properties.broadcast_rcon_to_ops;
    dispatch_command(*this, rcon, line.text);
    emit(std::move(reply));
  }
}

int Core::compute_next_autosave_interval() const {
  float tps = rate_.is_sprinting() ? 1.0e9f / static_cast<float>(stats_.average_nanos(tick_count_) + 1)
                                   : rate_.tick_rate();
  // Java's cast saturates: a sprint that has measured no tick yet runs at 1e9 ticks a second.
  return std::max(100, java_d2i(tps * 300.0f));
}

void Core::log(LogLevel level, std::string text) { effects_.emit(LogLine{level, std::move(text)}); }

void Core::save_everything() {
  saving_enabled_ = true;  // vanilla's stopServer turns saving back on before the last save
  save_all(true, nullptr);
}

// The core's own counters, flags and console queue, as one part of the state.
struct Core::OwnState {
  Core& core;
  template <class Io>
  void state_fields(Io& io) {
    io(core.tick_count_, core.empty_ticks_, core.ticks_until_autosave_, core.tick_start_nanos_, core.stop_requested_,
       core.saving_enabled_, core.entity_ids_, core.console_queue_, core.saves_in_flight_);
  }
  uint64_t hash() const {
    StateWriter writer;
    writer(*this);
    Hasher h;
    h.bytes(writer.take());
    return h.digest();
  }
};

namespace {

template <class Part>
uint64_t part_hash(const Part& part) {
  if constexpr (requires { part.hash(); }) return part.hash();
  else return part.state_hash();
}

// Every part is in the snapshot: a system joins the list by declaring its state
// (sim/game/snapshot/state_io.h), and one that does not fails to compile here.
template <class Part>
constexpr bool kDeclaresState = HasStateFields<std::remove_cvref_t<Part>, StateWriter>;

}  // namespace

// Every member that can differ between two runs, by part, in the order the state hash folds them
// and a snapshot writes them; docs/determinism.md lists what each covers.
template <class Visit>
void Core::for_each_part(Visit&& visit) {
  OwnState own{*this};
  visit("core", own);
  visit("tick_rate", rate_);
  visit("tick_scheduler", scheduler_);
  visit("tick_stats", stats_);
  visit("game_rules", rules_);
  visit("random", random_);
  visit("movement", *movement_);
  visit("tracker", *tracker_);
  visit("sessions", *sessions_);
  visit("sounds", *sounds_);
  visit("world", *world_);
  visit("digging", *digging_);
  visit("items", *items_);
  visit("orbs", *orbs_);
  visit("block_acks", *block_acks_);
  visit("inventory", *inventory_);
  visit("survival", *survival_);
  visit("block_use", *block_use_);
  visit("player_saves", *player_saves_);
  visit("time", *time_);
  visit("access", *access_);
  visit("random_ticks", *random_ticks_);
  visit("scheduled_ticks", *scheduled_ticks_);
  visit("falling", *falling_);
  visit("saved_entities", *saved_entities_);
  visit("lightning", *lightning_);
  visit("fire", block_tick_rules_->fire());
  visit("mobs", *mobs_);
  visit("player_attacks", *player_attacks_);
  visit("spawning", *spawning_);
}

uint64_t Core::state_hash() const {
  Hasher h;
  // Hashing only reads; the one list of parts takes them by reference for the snapshot reader.
  const_cast<Core&>(*this).for_each_part([&h](std::string_view, const auto& part) { h.u64(part_hash(part)); });
  return h.digest();
}

std::vector<Core::StatePart> Core::state_parts() const {
  std::vector<StatePart> parts;
  const_cast<Core&>(*this).for_each_part([&parts](std::string_view name, const auto& part) {
    parts.push_back({name, part_hash(part)});
  });
  return parts;
}

Bytes Core::write_snapshot_parts(size_t expected_size) const {
  // Without a size to go by, the loaded columns' encodings, which make up most of it.
  constexpr size_t kColumnBytes = 24 * 1024;
  StateWriter writer(expected_size > 0 ? expected_size : world_->chunks().loaded_count() * kColumnBytes);
  const_cast<Core&>(*this).for_each_part([&writer](std::string_view, auto& part) {
    static_assert(kDeclaresState<decltype(part)>, "every part of the state declares state_fields");
    writer(part);
  });
  return writer.take();
}

bool Core::read_snapshot_parts(std::span<const uint8_t> bytes) {
  StateReader reader(bytes);
  for_each_part([&reader](std::string_view, auto& part) {
    reader(part);
  });
  reader.expect_end();
  // Effects emitted before the restore (a fresh core's start) belong to another history: the next
  // pass's digest starts clean, as the original's did after the pass the snapshot followed.
  effects_.take();
  // The tracker's entries point at players and entities, read in the same snapshot.
  return reader.ok() && tracker_->relink([this](int32_t id) { return find_entity(id); });
}

Entity* Core::find_entity(int32_t id) {
  if (Entity* e = items_->find(id)) return e;
  if (Entity* e = orbs_->find(id)) return e;
  if (Entity* e = falling_->find(id)) return e;
  if (Entity* e = lightning_->find(id)) return e;
  if (Entity* e = mobs_->find(id)) return e;
  return mobs_->arrows().find(id);
}

// --- CommandHost ---

void Core::on_game_rule_changed(std::string_view id) {
  if (id == "advance_time") time_->on_advance_time_changed();
  // The client shows the death screen unless this rule says otherwise (game event 11).
  if (id == "immediate_respawn")
    sessions_->broadcast_game_event(11, rules_.get_bool("immediate_respawn") ? 1.0f : 0.0f);
}

int64_t Core::game_time() const { return time_->game_time(); }
packet::play_cb::UpdateTime Core::time_sync() const { return time_->full_sync(); }
std::vector<packet::play_cb::GameStateChange> Core::join_weather() const { return time_->join_weather(); }
LevelTimeState Core::level_time() const { return time_->state(); }

void Core::send_success(const CommandSource& source, const std::string& text, bool broadcast) {
  if (source.collected_output) source.collected_output->append(text);
  else if (source.is_console()) log(LogLevel::kInfo, text);
  else sessions_->send_system(*source.player, TextComponent::plain(text));
  if (broadcast && source.inform_admins && rules_.get_bool("send_command_feedback")) {
    TextComponent echo = TextComponent::plain("[" + source.name + ": " + text + "]").colored("gray");
    echo.with_italic(true);
    sessions_->broadcast_to_ops(echo, source.player);
    if (!source.is_console()) log(LogLevel::kInfo, "[" + source.name + ": " + text + "]");
  }
}

void Core::send_failure(const CommandSource& source, const std::string& text) {
  if (source.collected_output) source.collected_output->append(text);
  else if (source.is_console()) log(LogLevel::kInfo, text);
  else sessions_->send_system(*source.player, TextComponent::plain(text).colored("red"));
}

void Core::broadcast_system_message(const std::string& text) {
  log(LogLevel::kInfo, text);
  sessions_->broadcast_system(TextComponent::plain(text));
}

Vec3 Core::spawn_point() const { return world_->spawn_point(); }

Vec3 Core::find_player_spawn() {
  SpawnSearch search;
  search.spawn = world_->spawn_block();
  search.radius = rules_.get("respawn_radius");
  search.adventure = config_.properties.gamemode == GameMode::kAdventure;
  return hz::find_player_spawn(world_->spawn_terrain(), search, random_);
}

std::vector<std::string> Core::online_player_names() const { return sessions_->player_names(); }

void Core::request_stop() {
  stop_requested_ = true;
  effects_.emit(StopRequested{});
}

// MinecraftServer.saveEverything: the players' files, then the world.
void Core::save_all(bool flush, const CommandSource* requester) {
  player_saves_->save_all(*sessions_);
  const JobId flush_job = world_->save_all(flush);
  if (requester == nullptr) return;
  if (flush_job == 0) return send_success(*requester, "Saved the game", true);
  saves_in_flight_.emplace(flush_job, requester->answered_later());
}

void Core::on_world_flushed(JobId job) {
  auto it = saves_in_flight_.find(job);
  if (it == saves_in_flight_.end()) return;
  const CommandSource requester = std::move(it->second);
  saves_in_flight_.erase(it);
  send_success(requester, "Saved the game", true);
}

std::optional<ConnId> Core::find_player(const std::string& name) const { return sessions_->find_player(name); }
std::string Core::player_name(ConnId p) const {
  const Player* player = sessions_->player(p);
  return player ? player->name : std::string();
}
GameMode Core::player_game_mode(ConnId p) const {
  const Player* player = sessions_->player(p);
  return player ? player->game_mode : GameMode::kSurvival;
}
void Core::set_player_game_mode(ConnId p, GameMode m) { sessions_->set_player_game_mode(p, m); }
PlayerPlacement Core::player_placement(ConnId p) const {
  const Player* player = sessions_->player(p);
  if (!player) return {};
  return {player->position.x, player->position.y, player->position.z, player->yaw, player->pitch};
}
void Core::teleport_player(ConnId p, const PlayerPlacement& to) {
  sessions_->teleport(p, Vec3{to.x, to.y, to.z}, to.yaw, to.pitch);
}

void Core::kill_player(ConnId p) { survival_->kill(p); }

std::vector<SelectableEntity> Core::selectable_entities() const {
  std::vector<SelectableEntity> out;
  for (ConnId conn : sessions_->players_in_join_order()) {
    const Player* p = sessions_->player(conn);
    if (!p) continue;
    out.push_back(SelectableEntity{p->entity_id, conn, "player", p->name, p->position, !p->dead && p->health > 0.0f});
  }
  const Mobs& mobs = *mobs_;
  for (int32_t id : mobs.ids()) {
    const Mob& mob = *mobs.find(id);
    const std::string name = mob.state.custom_name ? *mob.state.custom_name : std::string(mob.mob_kind().display_name);
    out.push_back(SelectableEntity{id, std::nullopt, std::string(mob.mob_kind().name), name, mob.position, mob.alive()});
  }
  return out;
}

std::optional<int32_t> Core::source_entity(const CommandSource& source) const {
  if (!source.player) return std::nullopt;
  const Player* p = sessions_->player(*source.player);
  return p ? std::optional<int32_t>(p->entity_id) : std::nullopt;
}

std::optional<int32_t> Core::summon_mob(const MobKind& kind, const Vec3& position, const SummonOptions& options) {
  return mobs_->summon(kind, position, 0.0f, options);
}

void Core::kill_entity(const SelectableEntity& entity) {
  if (entity.player) kill_player(*entity.player);
  else mobs_->kill(entity.entity_id);
}

PlayerPlacement Core::command_origin(const CommandSource& source) const {
  if (source.player) return player_placement(*source.player);
  const Vec3 spawn = spawn_point();  // vanilla: the lower corner of the spawn block
  return {std::floor(spawn.x), std::floor(spawn.y), std::floor(spawn.z), 0, 0};
}

BlockWorld& Core::block_world() { return *block_updates_; }

void Core::refresh_permission_levels() { sessions_->refresh_permission_levels(); }

Uuid Core::player_uuid(ConnId p) const {
  const Player* player = sessions_->player(p);
  return player ? player->uuid : Uuid{};
}

std::string Core::player_address(ConnId p) const { return sessions_->player_address(p); }

void Core::kick_player(ConnId p, const TextComponent& reason) { sessions_->disconnect(p, reason); }

void Core::kick_unlisted_players() {
  if (!access_->enforce_whitelist() || !access_->whitelist_enabled()) return;
  std::vector<ConnId> unlisted;
  for (ConnId id : sessions_->players_in_join_order())
    if (!access_->is_whitelisted(sessions_->player(id)->uuid)) unlisted.push_back(id);
  for (ConnId id : unlisted) kick_player(id, TextComponent::translatable("multiplayer.disconnect.not_whitelisted"));
}

PlayerEffects* Core::player_effects() { return survival_.get(); }

experience::Experience Core::player_experience(ConnId player) const {
  const Player* p = sessions_->player(player);
  return p ? p->xp : experience::Experience{};
}

void Core::set_player_experience(ConnId player, const experience::Experience& xp, bool resend) {
  Player* p = sessions_->player(player);
  if (p == nullptr) return;
  p->xp = xp;
  if (resend) p->last_sent_xp = -1;
}

PlayerInventories& Core::player_inventories() { return *inventory_; }
void Core::drop_block_loot(const BlockPos& pos, BlockStateId state) {
  for (const ItemStack& stack : block_loot_table(state, ItemStack{}, random_)) items_->drop_from_block(pos, stack);
}

// --- TickRateListener ---

void Core::on_ticking_state(float rate, bool frozen) { sessions_->broadcast_ticking_state(rate, frozen); }
void Core::on_ticking_step(int ticks) { sessions_->broadcast_ticking_step(ticks); }

void Core::on_sprint_report(int tps, const std::string& mspt) {
  send_success(CommandSource{}, "Sprint completed with " + std::to_string(tps) + " ticks per second, or " + mspt +
                                    " ms per tick",
               true);
}

void Core::on_tick_rate_changed() {
  int interval = compute_next_autosave_interval();
  if (interval < ticks_until_autosave_) ticks_until_autosave_ = interval;
}

}  // namespace hz
