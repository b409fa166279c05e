// The deterministic server core: owns the game systems and runs vanilla's loop one pass at a
// time. Driven only through inputs and a Clock; answers with effects (see DESIGN.md).
#pragma once

#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/clock.h"
#include "sim/core/rng.h"
#include "sim/core/effect_digest.h"
#include "sim/core/effects.h"
#include "sim/core/inputs.h"
#include "sim/core/properties.h"
#include "sim/game/core_config.h"
#include "sim/game/entity_ids.h"
#include "sim/game/commands/command_host.h"
#include "sim/game/game_rules.h"
#include "sim/game/player.h"
#include "sim/game/ports.h"
#include "sim/game/tick_rate.h"
#include "sim/game/tick_scheduler.h"
#include "sim/game/tick_stats.h"

namespace hz {

class AccessLists;
class BlockChangeAcks;
class BlockTickRules;
class BlockUpdates;
class FluidTicks;
class FallingBlocks;
class ScheduledTicks;
class BlockInteraction;
class Digging;
class Placing;
class BlockUse;
class Buckets;
class Entity;
class EntityTracker;
class InventoryMenus;
class ItemUse;
class Bows;
class ItemEntities;
class ExperienceOrbs;
class SavedEntities;
class LightningBolts;
class Mobs;
class SoundBroadcaster;
class PlayerAttacks;
class FarmlandTrampling;
class PlayerItemWear;
class Explosions;
class NaturalSpawning;
class GenerationAnimals;
class BlockSource;
class ChunkVisibility;
class MovementSystem;
class PlayerSaves;
class RandomTicks;
class Sessions;
class SurvivalSystem;
class TimeAndWeather;
class WorldStreaming;


class Core final : public CommandHost,
                   private TickRateListener,
                   private ServerLog,
                   private GameTime,
                   private SpawnPoint,
                   public SpawnFinder {
 public:
  static constexpr int kAutosaveIntervalTicks = 6000;

  Core(CoreConfig config, Clock& clock, EffectSink& effects);
  ~Core() override;
  Core(const Core&) = delete;
  Core& operator=(const Core&) = delete;

  // Starts the schedule (reads the clock once). Call before the first iteration.
  void start();
  // One pass of the loop without the wait: choose the tick length, handle the inputs that
  // arrived since the last pass (in order), run the tick. Returns this pass's digest.
  IterationDigest run_iteration(std::span<const Input> inputs);

  // When the next tick should start; the shell waits until its clock reaches it.
  int64_t next_tick_nanos() const { return scheduler_.next_tick_nanos(); }
  bool stop_requested() const { return stop_requested_; }
  // Saves everything (on stop): flushes dirty chunks and player data as storage effects.
  void save_everything();
  uint64_t state_hash() const;
  // The state by parts, each with its hash, in the order state_hash() folds them and a snapshot
  // writes them (docs/simulation.md "Snapshots").
  struct StatePart {
    std::string_view name;
    uint64_t hash = 0;
  };
  std::vector<StatePart> state_parts() const;
  // The whole state: every part, as its system declares it. Read into a core built from the same
  // configuration, it answers later inputs as this one would. Reading fails, changing nothing
  // that was not read, on bytes that are short, damaged or left over. `expected_size` (the last
  // snapshot's size, say; 0: guessed from the loaded chunks) only sizes the buffer up front.
  Bytes write_snapshot_parts(size_t expected_size = 0) const;
  bool read_snapshot_parts(std::span<const uint8_t> bytes);
  const CoreConfig& config() const { return config_; }

  // CommandHost
  TickRateManager& tick_rate() override { return rate_; }
  const TickStats& tick_stats() const override { return stats_; }
  int64_t tick_count() const override { return tick_count_; }
  GameRules& game_rules() override { return rules_; }
  void on_game_rule_changed(std::string_view id) override;
  void send_success(const CommandSource& source, const std::string& text, bool broadcast) override;
  void send_failure(const CommandSource& source, const std::string& text) override;
  void broadcast_system_message(const std::string& text) override;
  std::vector<std::string> online_player_names() const override;
  int max_players() const override { return config_.properties.max_players; }
  void request_stop() override;
  void save_all(bool flush, const CommandSource* requester) override;
  std::optional<ConnId> find_player(const std::string& name) const override;
  std::string player_name(ConnId player) const override;
  GameMode player_game_mode(ConnId player) const override;
  void set_player_game_mode(ConnId player, GameMode mode) override;
  PlayerPlacement player_placement(ConnId player) const override;
  void teleport_player(ConnId player, const PlayerPlacement& to) override;
  void kill_player(ConnId player) override;
  PlayerPlacement command_origin(const CommandSource& source) const override;
  BlockWorld& block_world() override;
  TimeAndWeather& time_and_weather() override { return *time_; }
  Rng& game_random() override { return random_; }
  AccessLists& access_lists() override { return *access_; }
  void refresh_permission_levels() override;
  Uuid player_uuid(ConnId player) const override;
  std::string player_address(ConnId player) const override;
  void kick_player(ConnId player, const TextComponent& reason) override;
  void kick_unlisted_players() override;
  bool saving_enabled() const override { return saving_enabled_; }
  void set_saving_enabled(bool on) override { saving_enabled_ = on; }
  PlayerInventories& player_inventories() override;
  PlayerEffects* player_effects() override;
  experience::Experience player_experience(ConnId player) const override;
  void set_player_experience(ConnId player, const experience::Experience& xp, bool resend) override;
  void drop_block_loot(const BlockPos& pos, BlockStateId state) override;
  std::vector<SelectableEntity> selectable_entities() const override;
  std::optional<int32_t> source_entity(const CommandSource& source) const override;
  std::optional<int32_t> summon_mob(const MobKind& kind, const Vec3& position, const SummonOptions& options) override;
  void kill_entity(const SelectableEntity& entity) override;

  void log(LogLevel level, std::string text) override;
  void emit(Effect effect) { effects_.emit(std::move(effect)); }
  // Move checks, player physics and pull-backs; players seeing each other.
  MovementSystem& movement() { return *movement_; }
  EntityTracker& tracking() { return *tracker_; }
  // Dropped items; also the ItemDrops port other systems drop through.
  ItemEntities& items() { return *items_; }
  ExperienceOrbs& experience_orbs() { return *orbs_; }
  FallingBlocks& falling_blocks() { return *falling_; }
  SavedEntities& saved_entities() { return *saved_entities_; }
  LightningBolts& lightning() { return *lightning_; }
  // Cows, pigs, sheep, chickens and zombies (/summon, attacks, their AI).
  Mobs& mobs() { return *mobs_; }
  const NaturalSpawning& natural_spawning() const { return *spawning_; }
  const GenerationAnimals& generation_animals() const { return *generation_animals_; }
  // Explosions in the world (creepers); docs/rules/explosions.md.
  Explosions& explosions() { return *explosions_; }
  ScheduledTicks& scheduled_ticks() { return *scheduled_ticks_; }
  Sessions& sessions() { return *sessions_; }
  // Health, hunger, death and respawn.
  SurvivalSystem& survival() { return *survival_; }
  // Chunks, players' views and chunk sending, the spawn point.
  WorldStreaming& world() { return *world_; }
  const WorldStreaming& world() const { return *world_; }
  // Random ticks in the ticking chunks.
  const RandomTicks& random_ticks() const { return *random_ticks_; }
  // The world's spawn point.
  Vec3 spawn_point() const override;
  // SpawnFinder: where a player without a saved position (or a respawn point) appears, around the
  // world spawn within the respawn_radius game rule, drawing from the core's Rng.
  Vec3 find_player_spawn() override;

 private:
  void handle(const Input& input);
  void tick_server(bool sprinting);
  void tick_children();
  void run_console_commands();
  int compute_next_autosave_interval() const;
  struct OwnState;
  void on_world_flushed(JobId job);
  // Any non-player entity by id, whichever system owns it; null when none does.
  Entity* find_entity(int32_t id);
  // Calls visit(name, part) for each part of the state; the one list of parts.
  template <class Visit>
  void for_each_part(Visit&& visit);
  // GameTime
  int64_t game_time() const override;
  packet::play_cb::UpdateTime time_sync() const override;
  std::vector<packet::play_cb::GameStateChange> join_weather() const override;
  LevelTimeState level_time() const override;

  // TickRateListener
  void on_ticking_state(float rate, bool frozen) override;
  void on_ticking_step(int frozen_ticks_to_run) override;
  void on_sprint_report(int tps, const std::string& mspt) override;
  void on_tick_rate_changed() override;

  CoreConfig config_;
  Clock& clock_;
  DigestingSink effects_;
  TickRateManager rate_;
  TickScheduler scheduler_;
  TickStats stats_;
  GameRules rules_;
  // The core's one random stream for game decisions (drops, damage, spawning), seeded from the
  // world seed so that a trace replays it; and the one entity id counter.
  Rng random_;
  EntityIds entity_ids_;
  // Operators, whitelist and bans; before Sessions, which checks logins against them.
  std::unique_ptr<AccessLists> access_;
  std::unique_ptr<EntityTracker> tracker_;
  std::unique_ptr<MovementSystem> movement_;
  // Movement's and tracking's views of the world system (blocks, chunks sent to whom).
  std::unique_ptr<BlockSource> world_blocks_;
  std::unique_ptr<Sessions> sessions_;
  // Sounds and level events to the players near them (docs/rules/sounds.md).
  std::unique_ptr<SoundBroadcaster> sounds_;
  // Game time, the world clocks and the weather (ticked first in the tick, as vanilla does).
  std::unique_ptr<TimeAndWeather> time_;
  std::unique_ptr<WorldStreaming> world_;
  // The block and fluid tick queues, the block updates every change goes through (the BlockWorld
  // the systems see), what a block does on its tick, and the falling block entities.
  std::unique_ptr<ScheduledTicks> scheduled_ticks_;
  std::unique_ptr<BlockUpdates> block_updates_;
  std::unique_ptr<FallingBlocks> falling_;
  std::unique_ptr<BlockTickRules> block_tick_rules_;
  std::unique_ptr<FluidTicks> fluid_ticks_;
  std::unique_ptr<ItemEntities> items_;
  std::unique_ptr<ExperienceOrbs> orbs_;
  std::unique_ptr<SavedEntities> saved_entities_;  // the entities store's reads and writes
  std::unique_ptr<LightningBolts> lightning_;      // bolts the thunder strikes
  std::unique_ptr<Mobs> mobs_;
  std::unique_ptr<PlayerAttacks> player_attacks_;
  std::unique_ptr<FarmlandTrampling> farmland_;
  std::unique_ptr<PlayerItemWear> item_wear_;
  std::unique_ptr<Explosions> explosions_;
  // Mobs appearing in the ticking chunks near players (docs/rules/spawning.md).
  std::unique_ptr<NaturalSpawning> spawning_;
  // The animals a chunk generated here is born with (docs/rules/spawning.md §8).
  std::unique_ptr<GenerationAnimals> generation_animals_;
  std::unique_ptr<BlockChangeAcks> block_acks_;
  std::unique_ptr<BlockInteraction> block_interaction_;
  std::unique_ptr<Digging> digging_;
  std::unique_ptr<Placing> placing_;
  // Players' inventory windows, and where the items they drop go.
  std::unique_ptr<InventoryMenus> inventory_;
  std::unique_ptr<ItemUse> item_use_;
  std::unique_ptr<Bows> bows_;  // what a drawn bow's release shoots with
  std::unique_ptr<SurvivalSystem> survival_;
  std::unique_ptr<BlockUse> block_use_;
  std::unique_ptr<Buckets> buckets_;
  std::unique_ptr<PlayerSaves> player_saves_;
  // Grass, leaves, crops, saplings, ice and snow in the ticking chunks (docs/rules/random-ticks.md).
  std::unique_ptr<RandomTicks> random_ticks_;
  std::deque<ConsoleLine> console_queue_;
  // save-all flush requests waiting for storage: flush job id -> who asked.
  std::map<JobId, CommandSource> saves_in_flight_;
  int64_t tick_count_ = 0;
  int64_t empty_ticks_ = 0;
  int ticks_until_autosave_ = kAutosaveIntervalTicks;
  int64_t tick_start_nanos_ = 0;
  bool stop_requested_ = false;
  // save-off clears it: autosaves (and the save when the server pauses) skip the world.
  bool saving_enabled_ = true;
};

}  // namespace hz
