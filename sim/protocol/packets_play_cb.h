// Clientbound packets of the play state that the server sends: joining, chunks and light,
// players and entities, health, chat, keep-alive and tick state.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/data/packet_ids.h"
#include "sim/protocol/fields.h"
#include "sim/protocol/nbt.h"
#include "sim/protocol/packets_common.h"

namespace hz::packet::play_cb {

struct Login {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::login;
  static constexpr std::string_view kName = "login";

  int32_t entity_id = 0;
  bool hardcore = false;
  std::vector<std::string> dimensions = {"minecraft:overworld"};
  int32_t max_players = 20;
  int32_t view_distance = 10;
  int32_t simulation_distance = 10;
  bool reduced_debug_info = false;
  bool respawn_screen = true;
  bool limited_crafting = false;
  int32_t dimension_type = 0;  // network id in the dimension_type registry
  std::string dimension = "minecraft:overworld";
  int64_t hashed_seed = 0;
  uint8_t game_mode = 0;            // 0 survival, 1 creative, 2 adventure, 3 spectator
  int8_t previous_game_mode = -1;   // -1 none
  bool is_debug = false;
  bool is_flat = false;
  std::optional<GlobalPos> death_location;
  int32_t portal_cooldown = 0;
  int32_t sea_level = 63;
  bool enforces_secure_chat = false;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id);
    v("hardcore", hardcore);
    v("dimensions", dimensions, kIdentifier);
    v("max_players", max_players, kVarInt);
    v("view_distance", view_distance, kVarInt);
    v("simulation_distance", simulation_distance, kVarInt);
    v("reduced_debug_info", reduced_debug_info);
    v("respawn_screen", respawn_screen);
    v("limited_crafting", limited_crafting);
    v("dimension_type", dimension_type, kVarInt);
    v("dimension", dimension, kIdentifier);
    v("hashed_seed", hashed_seed);
    v("game_mode", game_mode);
    v("previous_game_mode", previous_game_mode);
    v("is_debug", is_debug);
    v("is_flat", is_flat);
    v("death_location", death_location);
    v("portal_cooldown", portal_cooldown, kVarInt);
    v("sea_level", sea_level, kVarInt);
    v("enforces_secure_chat", enforces_secure_chat);
  }
};

struct Abilities {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::abilities;
  static constexpr std::string_view kName = "abilities";

  // Flag bits.
  static constexpr int8_t kInvulnerable = 1;
  static constexpr int8_t kFlying = 2;
  static constexpr int8_t kMayFly = 4;
  static constexpr int8_t kInstabuild = 8;

  int8_t flags = 0;
  float flying_speed = 0.05f;
  float walking_speed = 0.1f;

  template <class V>
  void fields(V& v) {
    v("flags", flags);
    v("flying_speed", flying_speed);
    v("walking_speed", walking_speed);
  }
};

// Bits of the relative-movement flags of position and entity_teleport: set = added to the
// current value, clear = absolute.
namespace relative {
inline constexpr int32_t kX = 1 << 0;
inline constexpr int32_t kY = 1 << 1;
inline constexpr int32_t kZ = 1 << 2;
inline constexpr int32_t kYaw = 1 << 3;
inline constexpr int32_t kPitch = 1 << 4;
inline constexpr int32_t kDeltaX = 1 << 5;
inline constexpr int32_t kDeltaY = 1 << 6;
inline constexpr int32_t kDeltaZ = 1 << 7;
inline constexpr int32_t kRotateDelta = 1 << 8;
}  // namespace relative

// Synchronize Player Position (teleport); the client answers with teleport_confirm.
struct Position {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::position;
  static constexpr std::string_view kName = "position";

  int32_t teleport_id = 0;
  double x = 0, y = 0, z = 0;
  double dx = 0, dy = 0, dz = 0;
  float yaw = 0, pitch = 0;
  int32_t flags = 0;  // relative::*

  template <class V>
  void fields(V& v) {
    v("teleport_id", teleport_id, kVarInt);
    v("x", x);
    v("y", y);
    v("z", z);
    v("dx", dx);
    v("dy", dy);
    v("dz", dz);
    v("yaw", yaw);
    v("pitch", pitch);
    v("flags", flags);
  }
};

// The name and properties of a player added to the list.
struct PlayerInfoAdd {
  std::string name;
  std::vector<packet::GameProfileProperty> properties;

  template <class V>
  void fields(V& v) {
    v("name", name, MaxChars{kMaxPlayerNameChars});
    v("properties", properties, MaxCount{kMaxProfileProperties});
  }
};

// One player of player_info; the fields present are those of the packet's action bits.
struct PlayerInfoEntry {
  Uuid uuid;
  std::optional<PlayerInfoAdd> add;
  std::optional<std::optional<ChatSessionData>> chat_session;
  std::optional<int32_t> game_mode;
  std::optional<bool> listed;
  std::optional<int32_t> latency;
  std::optional<std::optional<nbt::Tag>> display_name;  // text component
  std::optional<int32_t> list_order;
  std::optional<bool> show_hat;
};

// Player Info Update: an action bit set, then per player the fields of each set action in bit
// order (vanilla's order: bit 6 is the list order, bit 7 the hat).
struct PlayerInfo {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::player_info;
  static constexpr std::string_view kName = "player_info";

  static constexpr uint8_t kAddPlayer = 1 << 0;
  static constexpr uint8_t kInitializeChat = 1 << 1;
  static constexpr uint8_t kUpdateGameMode = 1 << 2;
  static constexpr uint8_t kUpdateListed = 1 << 3;
  static constexpr uint8_t kUpdateLatency = 1 << 4;
  static constexpr uint8_t kUpdateDisplayName = 1 << 5;
  static constexpr uint8_t kUpdateListOrder = 1 << 6;
  static constexpr uint8_t kUpdateHat = 1 << 7;

  uint8_t actions = 0;
  std::vector<PlayerInfoEntry> entries;

  bool has(uint8_t action) const { return (actions & action) != 0; }

  template <class V>
  void fields(V& v) {
    v("actions", actions);
    v.each("entries", entries, [this](V& e, PlayerInfoEntry& entry) {
      e("uuid", entry.uuid);
      e("add", entry.add, When{has(kAddPlayer)});
      e("chat_session", entry.chat_session, When{has(kInitializeChat)});
      e("game_mode", entry.game_mode, When{has(kUpdateGameMode)}, kVarInt);
      e("listed", entry.listed, When{has(kUpdateListed)});
      e("latency", entry.latency, When{has(kUpdateLatency)}, kVarInt);
      e("display_name", entry.display_name, When{has(kUpdateDisplayName)});
      e("list_order", entry.list_order, When{has(kUpdateListOrder)}, kVarInt);
      e("show_hat", entry.show_hat, When{has(kUpdateHat)});
    });
  }
};

// Default spawn position (RespawnData).
struct SpawnPosition {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::spawn_position;
  static constexpr std::string_view kName = "spawn_position";

  GlobalPos location;
  float yaw = 0;
  float pitch = 0;

  template <class V>
  void fields(V& v) {
    location.fields(v);
    v("yaw", yaw);
    v("pitch", pitch);
  }
};

// The state of one world clock in update_time.
struct ClockUpdate {
  int32_t clock_id = 0;  // network id in the world_clock registry
  int64_t total_ticks = 0;
  float partial_tick = 0;
  float rate = 1;

  template <class V>
  void fields(V& v) {
    v("clock_id", clock_id, kVarInt);
    v("total_ticks", total_ticks, kVarLong);
    v("partial_tick", partial_tick);
    v("rate", rate);
  }
};

struct UpdateTime {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::update_time;
  static constexpr std::string_view kName = "update_time";

  int64_t game_time = 0;
  std::vector<ClockUpdate> clocks;

  template <class V>
  void fields(V& v) {
    v("game_time", game_time);
    v("clocks", clocks);
  }
};

// Game Event.
struct GameStateChange {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::game_state_change;
  static constexpr std::string_view kName = "game_state_change";

  static constexpr uint8_t kChangeGameMode = 3;
  static constexpr uint8_t kLevelChunksLoadStart = 13;

  uint8_t event = 0;
  float value = 0;

  template <class V>
  void fields(V& v) {
    v("event", event);
    v("value", value);
  }
};

// Set Center Chunk.
struct UpdateViewPosition {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::update_view_position;
  static constexpr std::string_view kName = "update_view_position";

  int32_t chunk_x = 0;
  int32_t chunk_z = 0;

  template <class V>
  void fields(V& v) {
    v("chunk_x", chunk_x, kVarInt);
    v("chunk_z", chunk_z, kVarInt);
  }
};

struct UpdateViewDistance {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::update_view_distance;
  static constexpr std::string_view kName = "update_view_distance";

  int32_t view_distance = 0;

  template <class V>
  void fields(V& v) {
    v("view_distance", view_distance, kVarInt);
  }
};

struct SimulationDistance {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::simulation_distance;
  static constexpr std::string_view kName = "simulation_distance";

  int32_t distance = 0;

  template <class V>
  void fields(V& v) {
    v("distance", distance, kVarInt);
  }
};

struct ChunkBatchStart {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::chunk_batch_start;
  static constexpr std::string_view kName = "chunk_batch_start";

  template <class V>
  void fields(V&) {}
};

struct ChunkBatchFinished {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::chunk_batch_finished;
  static constexpr std::string_view kName = "chunk_batch_finished";

  int32_t batch_size = 0;

  template <class V>
  void fields(V& v) {
    v("batch_size", batch_size, kVarInt);
  }
};

// Chunk Data and Update Light. The body after the coordinates (heightmaps, section data, block
// entities, light) is encoded by the world code once and carried here as raw bytes.
struct MapChunk {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::map_chunk;
  static constexpr std::string_view kName = "map_chunk";

  int32_t x = 0;
  int32_t z = 0;
  Bytes body;

  template <class V>
  void fields(V& v) {
    v("x", x);
    v("z", z);
    v("body", body, kRest);
  }
};

// Forget Level Chunk: z comes first on the wire.
struct UnloadChunk {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::unload_chunk;
  static constexpr std::string_view kName = "unload_chunk";

  int32_t x = 0;
  int32_t z = 0;

  template <class V>
  void fields(V& v) {
    v("z", z);
    v("x", x);
  }
};

struct UpdateLight {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::update_light;
  static constexpr std::string_view kName = "update_light";

  int32_t chunk_x = 0;
  int32_t chunk_z = 0;
  LightData light;

  template <class V>
  void fields(V& v) {
    v("chunk_x", chunk_x, kVarInt);
    v("chunk_z", chunk_z, kVarInt);
    light.fields(v);
  }
};

struct UpdateHealth {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::update_health;
  static constexpr std::string_view kName = "update_health";

  float health = 20;
  int32_t food = 20;
  float saturation = 5;

  template <class V>
  void fields(V& v) {
    v("health", health);
    v("food", food, kVarInt);
    v("saturation", saturation);
  }
};

// ClientboundSetExperiencePacket: the experience bar.
struct SetExperience {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::experience;
  static constexpr std::string_view kName = "experience";

  float progress = 0;
  int32_t level = 0;
  int32_t total = 0;

  template <class V>
  void fields(V& v) {
    v("progress", progress);
    v("level", level, kVarInt);
    v("total", total, kVarInt);
  }
};

struct KeepAlive {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::keep_alive;
  static constexpr std::string_view kName = "keep_alive";

  int64_t id = 0;

  template <class V>
  void fields(V& v) {
    v("id", id);
  }
};

struct Ping {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::ping;
  static constexpr std::string_view kName = "ping";

  int32_t id = 0;

  template <class V>
  void fields(V& v) {
    v("id", id);
  }
};

// Answer to the client's ping_request.
struct PongResponse {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::ping_response;
  static constexpr std::string_view kName = "ping_response";

  int64_t id = 0;

  template <class V>
  void fields(V& v) {
    v("id", id);
  }
};

struct SystemChat {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::system_chat;
  static constexpr std::string_view kName = "system_chat";

  nbt::Tag content;  // text component
  bool overlay = false;  // true: action bar

  template <class V>
  void fields(V& v) {
    v("content", content);
    v("overlay", overlay);
  }
};

// Play-state disconnect: the reason is a text component as NBT.
struct KickDisconnect {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::kick_disconnect;
  static constexpr std::string_view kName = "kick_disconnect";

  nbt::Tag reason;

  template <class V>
  void fields(V& v) {
    v("reason", reason);
  }
};

// Add Entity.
struct SpawnEntity {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::spawn_entity;
  static constexpr std::string_view kName = "spawn_entity";

  int32_t entity_id = 0;
  Uuid uuid;
  int32_t type = 0;  // entity type id (player 155)
  double x = 0, y = 0, z = 0;
  LpVec3 velocity;
  Angle pitch, yaw, head_yaw;
  int32_t data = 0;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("uuid", uuid);
    v("type", type, kVarInt);
    v("x", x);
    v("y", y);
    v("z", z);
    v("velocity", velocity);
    v("pitch", pitch);
    v("yaw", yaw);
    v("head_yaw", head_yaw);
    v("data", data, kVarInt);
  }
};

// Update Entity Position: deltas are (new - old) * 4096, at most 8 blocks.
struct RelEntityMove {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::rel_entity_move;
  static constexpr std::string_view kName = "rel_entity_move";

  int32_t entity_id = 0;
  int16_t dx = 0, dy = 0, dz = 0;
  bool on_ground = false;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("dx", dx);
    v("dy", dy);
    v("dz", dz);
    v("on_ground", on_ground);
  }
};

struct EntityMoveLook {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::entity_move_look;
  static constexpr std::string_view kName = "entity_move_look";

  int32_t entity_id = 0;
  int16_t dx = 0, dy = 0, dz = 0;
  Angle yaw, pitch;
  bool on_ground = false;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("dx", dx);
    v("dy", dy);
    v("dz", dz);
    v("yaw", yaw);
    v("pitch", pitch);
    v("on_ground", on_ground);
  }
};

struct EntityLook {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::entity_look;
  static constexpr std::string_view kName = "entity_look";

  int32_t entity_id = 0;
  Angle yaw, pitch;
  bool on_ground = false;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("yaw", yaw);
    v("pitch", pitch);
    v("on_ground", on_ground);
  }
};

struct EntityHeadRotation {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::entity_head_rotation;
  static constexpr std::string_view kName = "entity_head_rotation";

  int32_t entity_id = 0;
  Angle head_yaw;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("head_yaw", head_yaw);
  }
};

// Entity Position Sync: an absolute position for moves too big for rel_entity_move.
struct SyncEntityPosition {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::sync_entity_position;
  static constexpr std::string_view kName = "sync_entity_position";

  int32_t entity_id = 0;
  double x = 0, y = 0, z = 0;
  double dx = 0, dy = 0, dz = 0;
  float yaw = 0, pitch = 0;
  bool on_ground = false;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("x", x);
    v("y", y);
    v("z", z);
    v("dx", dx);
    v("dy", dy);
    v("dz", dz);
    v("yaw", yaw);
    v("pitch", pitch);
    v("on_ground", on_ground);
  }
};

struct EntityTeleport {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::entity_teleport;
  static constexpr std::string_view kName = "entity_teleport";

  int32_t entity_id = 0;
  double x = 0, y = 0, z = 0;
  double dx = 0, dy = 0, dz = 0;
  float yaw = 0, pitch = 0;
  int32_t flags = 0;  // relative::*
  bool on_ground = false;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("x", x);
    v("y", y);
    v("z", z);
    v("dx", dx);
    v("dy", dy);
    v("dz", dz);
    v("yaw", yaw);
    v("pitch", pitch);
    v("flags", flags);
    v("on_ground", on_ground);
  }
};

// Acknowledge Block Change: the client's block actions up to this sequence were handled.
struct AcknowledgePlayerDigging {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::acknowledge_player_digging;
  static constexpr std::string_view kName = "acknowledge_player_digging";

  int32_t sequence_id = 0;

  template <class V>
  void fields(V& v) {
    v("sequence_id", sequence_id, kVarInt);
  }
};

// Block Destruction: the crack stage (0-9, or -1 for none) another player's digging shows.
struct BlockBreakAnimation {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::block_break_animation;
  static constexpr std::string_view kName = "block_break_animation";

  int32_t entity_id = 0;  // the breaker
  BlockPos location;
  int8_t destroy_stage = 0;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("location", location);
    v("destroy_stage", destroy_stage);
  }
};

// Block Update: one block's new state.
struct BlockChange {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::block_change;
  static constexpr std::string_view kName = "block_change";

  BlockPos location;
  int32_t type = 0;  // block state id

  template <class V>
  void fields(V& v) {
    v("location", location);
    v("type", type, kVarInt);
  }
};

// Update Section Blocks: several blocks of one 16x16x16 section. The section is
// (x & 0x3FFFFF) << 42 | (z & 0x3FFFFF) << 20 | (y & 0xFFFFF); each record is
// state << 12 | local x << 8 | local z << 4 | local y.
struct MultiBlockChange {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::multi_block_change;
  static constexpr std::string_view kName = "multi_block_change";

  int64_t chunk_coordinates = 0;
  std::vector<int64_t> records;

  template <class V>
  void fields(V& v) {
    v("chunk_coordinates", chunk_coordinates);
    v("records", records, kVarLong);
  }
};

// Remove Entities.
struct EntityDestroy {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::entity_destroy;
  static constexpr std::string_view kName = "entity_destroy";

  std::vector<int32_t> entity_ids;

  template <class V>
  void fields(V& v) {
    v("entity_ids", entity_ids, kVarInt);
  }
};

// Player Info Remove.
struct PlayerRemove {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::player_remove;
  static constexpr std::string_view kName = "player_remove";

  std::vector<Uuid> players;

  template <class V>
  void fields(V& v) {
    v("players", players);
  }
};

// ClientboundTickingStatePacket: the tick rate and whether the game is frozen (/tick).
struct SetTickingState {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::set_ticking_state;
  static constexpr std::string_view kName = "set_ticking_state";

  float tick_rate = 20;
  bool frozen = false;

  template <class V>
  void fields(V& v) {
    v("tick_rate", tick_rate);
    v("frozen", frozen);
  }
};

// ClientboundTickingStepPacket: ticks left to step while frozen (/tick step).
struct StepTick {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::step_tick;
  static constexpr std::string_view kName = "step_tick";

  int32_t steps = 0;

  template <class V>
  void fields(V& v) {
    v("steps", steps, kVarInt);
  }
};

// Opens and closes a bundle: the client applies the packets between two of these together.
struct BundleDelimiter {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::bundle_delimiter;
  static constexpr std::string_view kName = "bundle_delimiter";

  template <class V>
  void fields(V&) {}
};

// Set Entity Motion: VarInt entity id, low-precision velocity.
struct EntityVelocity {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::entity_velocity;
  static constexpr std::string_view kName = "entity_velocity";

  int32_t entity_id = 0;
  LpVec3 velocity;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("velocity", velocity);
  }
};

// --- Inventory (docs/rules/inventory.md) ---

// One entry of the enchantments data component: the enchantment's registry id and its level.
struct EnchantmentEntry {
  int32_t id = 0;
  int32_t level = 0;

  template <class V>
  void fields(V& v) {
    v("id", id, kVarInt, Range{0, INT32_MAX});
    v("level", level, kVarInt, Range{0, 255});
  }
};

// An item stack on the wire (count, then item and component patch when the count is positive).
// Horizon's stacks carry at most two components, added when they differ from the item's default:
// the damage (type 3), then the enchantments (type 13); nothing is ever removed.
struct SlotData {
  static constexpr int32_t kDamageComponent = 3;
  static constexpr int32_t kEnchantmentsComponent = 13;

  int32_t count = 0;
  std::optional<int32_t> item_id;
  std::optional<int32_t> components_added;
  std::optional<int32_t> components_removed;
  std::optional<int32_t> first_type;  // the damage's, or the enchantments' when alone
  std::optional<int32_t> damage;
  std::optional<int32_t> second_type;  // the enchantments' after the damage
  std::optional<std::vector<EnchantmentEntry>> enchantments;

  static SlotData of(int32_t item, int32_t count, std::vector<EnchantmentEntry> enchantments = {}, int32_t damage = 0) {
    if (count <= 0) return {};
    SlotData slot{count, item, 0, 0, std::nullopt, std::nullopt, std::nullopt, std::nullopt};
    const bool enchanted = !enchantments.empty();
    slot.components_added = (damage > 0 ? 1 : 0) + (enchanted ? 1 : 0);
    if (damage > 0) slot.first_type = kDamageComponent, slot.damage = damage;
    if (enchanted) (damage > 0 ? slot.second_type : slot.first_type) = kEnchantmentsComponent;
    if (enchanted) slot.enchantments = std::move(enchantments);
    return slot;
  }
  template <class V>
  void fields(V& v) {
    v("count", count, kVarInt);
    v("item_id", item_id, When{count > 0}, kVarInt);
    v("components_added", components_added, When{count > 0}, kVarInt, Range{0, 2});
    v("components_removed", components_removed, When{count > 0}, kVarInt, Range{0, 0});
    const int32_t added = count > 0 ? components_added.value_or(0) : 0;
    v("first_type", first_type, When{added >= 1}, kVarInt, Range{kDamageComponent, kEnchantmentsComponent});
    const int32_t first = first_type.value_or(0);
    const bool damaged = added >= 1 && first == kDamageComponent;
    const bool enchantments_first = added == 1 && first == kEnchantmentsComponent;
    // Any other first type, or two components not led by the damage, fails on this empty range.
    std::optional<int32_t> unmodelled;
    v("unmodelled", unmodelled, When{added >= 1 && !damaged && !enchantments_first}, kVarInt, Range{0, -1});
    v("damage", damage, When{damaged}, kVarInt, Range{0, INT32_MAX});
    v("second_type", second_type, When{added == 2}, kVarInt, Range{kEnchantmentsComponent, kEnchantmentsComponent});
    v("enchantments", enchantments, When{enchantments_first || added == 2}, MaxCount{256});
  }
};

// Set Container Content: every slot of a window and the cursor.
struct WindowItems {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::window_items;
  static constexpr std::string_view kName = "window_items";

  int32_t window_id = 0;
  int32_t state_id = 0;
  std::vector<SlotData> items;
  SlotData carried;

  template <class V>
  void fields(V& v) {
    v("window_id", window_id, kVarInt);
    v("state_id", state_id, kVarInt);
    v("items", items);
    v("carried", carried);
  }
};

// Set Entity Data: the entity's synched data values that differ from their defaults or changed,
// already encoded (index byte, serializer id, value; 0xFF ends the list; entity_data.h).
struct EntityMetadata {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::entity_metadata;
  static constexpr std::string_view kName = "entity_metadata";

  int32_t entity_id = 0;
  Bytes metadata;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("metadata", metadata, kRest);
  }
};

// Take Item Entity: a collector picked up (part of) an item entity; the count is the stack's
// count before the pickup.
struct Collect {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::collect;
  static constexpr std::string_view kName = "collect";

  int32_t collected_entity_id = 0;
  int32_t collector_entity_id = 0;
  int32_t pickup_item_count = 0;

  template <class V>
  void fields(V& v) {
    v("collected_entity_id", collected_entity_id, kVarInt);
    v("collector_entity_id", collector_entity_id, kVarInt);
    v("pickup_item_count", pickup_item_count, kVarInt);
  }
};

// Set Container Slot.
struct SetSlot {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::set_slot;
  static constexpr std::string_view kName = "set_slot";

  int32_t window_id = 0;
  int32_t state_id = 0;
  int16_t slot = 0;
  SlotData item;

  template <class V>
  void fields(V& v) {
    v("window_id", window_id, kVarInt);
    v("state_id", state_id, kVarInt);
    v("slot", slot);
    v("item", item);
  }
};

// Set Cursor Item: the stack the player holds on the cursor.
struct SetCursorItem {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::set_cursor_item;
  static constexpr std::string_view kName = "set_cursor_item";

  SlotData contents;

  template <class V>
  void fields(V& v) {
    v("contents", contents);
  }
};

// Set Player Inventory: one slot by its Inventory index (0-8 hotbar, 9-35 main, 36-39 armour
// feet to head, 40 off hand).
struct SetPlayerInventory {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::set_player_inventory;
  static constexpr std::string_view kName = "set_player_inventory";

  int32_t slot = 0;
  SlotData contents;

  template <class V>
  void fields(V& v) {
    v("slot", slot, kVarInt);
    v("contents", contents);
  }
};

// Set Held Item: the selected hotbar slot.
struct HeldItemSlot {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::held_item_slot;
  static constexpr std::string_view kName = "held_item_slot";

  int32_t slot = 0;

  template <class V>
  void fields(V& v) {
    v("slot", slot, kVarInt);
  }
};

// A position in the world in doubles (damage_event's source position).
struct DoublePosition {
  double x = 0, y = 0, z = 0;

  template <class V>
  void fields(V& v) {
    v("x", x);
    v("y", y);
    v("z", z);
  }
};

// One entry of an explosion's weighted block particles (ExplosionParticleInfo in a WeightedList).
struct ExplosionParticleEntry {
  int32_t particle = 0;  // network id in the particle_type registry (no options: simple particles only)
  float scaling = 1.0f;
  float speed = 1.0f;
  int32_t weight = 1;

  template <class V>
  void fields(V& v) {
    v("particle", particle, kVarInt);
    v("scaling", scaling);
    v("speed", speed);
    v("weight", weight, kVarInt);
  }
};

// An explosion happened (docs/rules/explosions.md §5): the client shows it and adds the knockback.
struct Explosion {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::explosion;
  static constexpr std::string_view kName = "explosion";

  DoublePosition center;
  float radius = 0;
  int32_t block_count = 0;
  std::optional<DoublePosition> player_knockback;
  int32_t particle = 0;  // particle_type id of the explosion particle (simple, no options)
  int32_t sound = 0;     // sound_event registry id + 1 (a registry reference)
  std::vector<ExplosionParticleEntry> block_particles;

  template <class V>
  void fields(V& v) {
    v("center", center);
    v("radius", radius);
    v("block_count", block_count);
    v("player_knockback", player_knockback);
    v("particle", particle, kVarInt);
    v("sound", sound, kVarInt);
    v("block_particles", block_particles);
  }
};

// Sound Effect: a sound at a place (docs/rules/sounds.md §1); the client picks the sound's
// variant from the seed.
struct SoundEffect {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::sound_effect;
  static constexpr std::string_view kName = "sound_effect";
  // ClientboundSoundPacket.LOCATION_ACCURACY: positions go as eighths of a block.
  static constexpr double kPositionScale = 8.0;

  int32_t sound = 0;   // sound_event registry id + 1 (a registry reference)
  int32_t source = 0;  // SoundSource ordinal (sim/game/world/level_sounds.h)
  int32_t x = 0, y = 0, z = 0;
  float volume = 1;
  float pitch = 1;
  int64_t seed = 0;

  template <class V>
  void fields(V& v) {
    v("sound", sound, kVarInt);
    v("source", source, kVarInt, Range{0, 10});
    v("x", x);
    v("y", y);
    v("z", z);
    v("volume", volume);
    v("pitch", pitch);
    v("seed", seed);
  }
};

// Level Event: an effect the client makes itself from an event id and data (2001: a block's
// break particles and sound, the data its state id; docs/rules/sounds.md §4).
struct WorldEvent {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::world_event;
  static constexpr std::string_view kName = "world_event";

  int32_t event = 0;
  BlockPos location;
  int32_t data = 0;
  bool global = false;

  template <class V>
  void fields(V& v) {
    v("event", event);
    v("location", location);
    v("data", data);
    v("global", global);
  }
};

// An entity was hurt: the client plays the hurt animation and sound.
struct DamageEvent {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::damage_event;
  static constexpr std::string_view kName = "damage_event";

  int32_t entity_id = 0;
  int32_t source_type = 0;       // network id in the damage_type registry
  int32_t source_cause_id = 0;   // entity id + 1, 0 for none
  int32_t source_direct_id = 0;  // entity id + 1, 0 for none
  std::optional<DoublePosition> source_position;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("source_type", source_type, kVarInt);
    v("source_cause_id", source_cause_id, kVarInt);
    v("source_direct_id", source_direct_id, kVarInt);
    v("source_position", source_position);
  }
};

// Set Equipment with one entry: what an entity holds or wears in `slot` (0 main hand, 1 off
// hand, 2-5 feet to head); the slot byte's top bit (more entries follow) is never set here.
struct EntityEquipment {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::entity_equipment;
  static constexpr std::string_view kName = "entity_equipment";

  int32_t entity_id = 0;
  int8_t slot = 0;
  SlotData item;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("slot", slot, Range{0, 5});
    v("item", item);
  }
};

// Animate: another entity's arm swings (0 main hand, 3 off hand).
struct Animation {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::animation;
  static constexpr std::string_view kName = "animation";
  static constexpr uint8_t kSwingMainHand = 0;
  static constexpr uint8_t kSwingOffHand = 3;

  int32_t entity_id = 0;
  uint8_t action = 0;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("animation", action);
  }
};

// Set Cooldown: an item cooldown group starts (its ticks) or ends (0); the client greys the item.
struct SetCooldown {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::set_cooldown;
  static constexpr std::string_view kName = "set_cooldown";

  std::string cooldown_group = "minecraft:shield";
  int32_t cooldown_ticks = 0;

  template <class V>
  void fields(V& v) {
    v("cooldown_group", cooldown_group, kIdentifier);
    v("cooldown_ticks", cooldown_ticks, kVarInt);
  }
};

// Entity Event: a status byte for an entity (3 death animation, 60 death smoke).
struct EntityStatus {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::entity_status;
  static constexpr std::string_view kName = "entity_status";

  int32_t entity_id = 0;
  int8_t status = 0;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id);
    v("status", status);
  }
};

// A status effect started or changed (docs/rules/effects.md §5): told to the player it is on.
struct EntityEffect {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::entity_effect;
  static constexpr std::string_view kName = "entity_effect";
  static constexpr int8_t kAmbient = 1, kVisible = 2, kShowIcon = 4, kBlend = 8;

  int32_t entity_id = 0;
  int32_t effect = 0;  // mob_effect registry id
  int32_t amplifier = 0;
  int32_t duration = 0;  // ticks, -1 for ever
  int8_t flags = 0;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("effect", effect, kVarInt);
    v("amplifier", amplifier, kVarInt);
    v("duration", duration, kVarInt);
    v("flags", flags);
  }
};

// A status effect ended or was removed.
struct RemoveEntityEffect {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::remove_entity_effect;
  static constexpr std::string_view kName = "remove_entity_effect";

  int32_t entity_id = 0;
  int32_t effect = 0;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("effect", effect, kVarInt);
  }
};

// Player Combat End: the player's combat is over, after `duration` ticks.
struct EndCombatEvent {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::end_combat_event;
  static constexpr std::string_view kName = "end_combat_event";

  int32_t duration = 0;

  template <class V>
  void fields(V& v) {
    v("duration", duration, kVarInt);
  }
};

// Player Combat Enter: a living entity's hit put the player in combat. No fields.
struct EnterCombatEvent {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::enter_combat_event;
  static constexpr std::string_view kName = "enter_combat_event";

  template <class V>
  void fields(V&) {}
};

// Player Combat Kill: the dying player's death screen with its message.
struct DeathCombatEvent {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::death_combat_event;
  static constexpr std::string_view kName = "death_combat_event";

  int32_t player_id = 0;
  nbt::Tag message;  // text component

  template <class V>
  void fields(V& v) {
    v("player_id", player_id, kVarInt);
    v("message", message);
  }
};

// Respawn: the common spawn info of login again, and which data the client keeps.
struct Respawn {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::play_cb::respawn;
  static constexpr std::string_view kName = "respawn";

  static constexpr int8_t kKeepAttributes = 1;
  static constexpr int8_t kKeepEntityData = 2;

  int32_t dimension_type = 0;
  std::string dimension = "minecraft:overworld";
  int64_t hashed_seed = 0;
  uint8_t game_mode = 0;
  int8_t previous_game_mode = -1;
  bool is_debug = false;
  bool is_flat = false;
  std::optional<GlobalPos> death_location;
  int32_t portal_cooldown = 0;
  int32_t sea_level = 63;
  int8_t data_kept = 0;

  template <class V>
  void fields(V& v) {
    v("dimension_type", dimension_type, kVarInt);
    v("dimension", dimension, kIdentifier);
    v("hashed_seed", hashed_seed);
    v("game_mode", game_mode);
    v("previous_game_mode", previous_game_mode);
    v("is_debug", is_debug);
    v("is_flat", is_flat);
    v("death_location", death_location);
    v("portal_cooldown", portal_cooldown, kVarInt);
    v("sea_level", sea_level, kVarInt);
    v("data_kept", data_kept);
  }
};

}  // namespace hz::packet::play_cb
