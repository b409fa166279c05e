// Serverbound packets of the play state that the server reads: movement, teleport and chunk
// acknowledgements, client settings, input, chat and commands, keep-alive and ping.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "sim/data/packet_ids.h"
#include "sim/protocol/fields.h"
#include "sim/protocol/packets_common.h"

namespace hz::packet::play_sb {

// Bits of the movement packets' flags byte.
inline constexpr uint8_t kOnGround = 1;
inline constexpr uint8_t kHorizontalCollision = 2;

// The client's acknowledgement of chat messages it has seen (LastSeenMessages.Update).
struct LastSeenUpdate {
  int32_t offset = 0;
  FixedBitSet<20> acknowledged;
  uint8_t checksum = 0;

  template <class V>
  void fields(V& v) {
    v("offset", offset, kVarInt);
    v("acknowledged", acknowledged);
    v("checksum", checksum);
  }
};

using MessageSignature = std::array<uint8_t, 256>;

// Accept Teleportation.
struct TeleportConfirm {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::teleport_confirm;
  static constexpr std::string_view kName = "teleport_confirm";

  int32_t teleport_id = 0;

  template <class V>
  void fields(V& v) {
    v("teleport_id", teleport_id, kVarInt);
  }
};

// Attack: a left click on an entity (26.1 split it from interact).
struct Attack {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::attack;
  static constexpr std::string_view kName = "attack";

  int32_t entity_id = 0;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
  }
};

struct Position {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::position;
  static constexpr std::string_view kName = "position";

  double x = 0, y = 0, z = 0;  // y at the feet
  uint8_t flags = 0;

  template <class V>
  void fields(V& v) {
    v("x", x);
    v("y", y);
    v("z", z);
    v("flags", flags);
  }
};

struct PositionLook {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::position_look;
  static constexpr std::string_view kName = "position_look";

  double x = 0, y = 0, z = 0;
  float yaw = 0, pitch = 0;
  uint8_t flags = 0;

  template <class V>
  void fields(V& v) {
    v("x", x);
    v("y", y);
    v("z", z);
    v("yaw", yaw);
    v("pitch", pitch);
    v("flags", flags);
  }
};

struct Look {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::look;
  static constexpr std::string_view kName = "look";

  float yaw = 0, pitch = 0;
  uint8_t flags = 0;

  template <class V>
  void fields(V& v) {
    v("yaw", yaw);
    v("pitch", pitch);
    v("flags", flags);
  }
};

// Status only (on ground, collision).
struct Flying {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::flying;
  static constexpr std::string_view kName = "flying";

  uint8_t flags = 0;

  template <class V>
  void fields(V& v) {
    v("flags", flags);
  }
};

struct ChunkBatchReceived {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::chunk_batch_received;
  static constexpr std::string_view kName = "chunk_batch_received";

  float chunks_per_tick = 0;

  template <class V>
  void fields(V& v) {
    v("chunks_per_tick", chunks_per_tick);
  }
};

// Client Tick End.
struct TickEnd {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::tick_end;
  static constexpr std::string_view kName = "tick_end";

  template <class V>
  void fields(V&) {}
};

struct PlayerLoaded {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::player_loaded;
  static constexpr std::string_view kName = "player_loaded";

  template <class V>
  void fields(V&) {}
};

// Client Information sent again during play.
struct Settings {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::settings;
  static constexpr std::string_view kName = "settings";

  ClientInformation info;

  template <class V>
  void fields(V& v) {
    info.fields(v);
  }
};

struct CustomPayload {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::custom_payload;
  static constexpr std::string_view kName = "custom_payload";

  std::string channel;
  Bytes data;

  template <class V>
  void fields(V& v) {
    v("channel", channel, kIdentifier);
    v("data", data, kRest, MaxCount{kMaxCustomPayloadToServer});
  }
};

struct ClientCommand {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::client_command;
  static constexpr std::string_view kName = "client_command";

  static constexpr int32_t kPerformRespawn = 0;
  static constexpr int32_t kRequestStats = 1;
  static constexpr int32_t kRequestGameRuleValues = 2;

  int32_t action = kPerformRespawn;

  template <class V>
  void fields(V& v) {
    v("action", action, kVarInt, Range{kPerformRespawn, kRequestGameRuleValues});
  }
};

// Player Input: the movement keys held, one bit each.
struct PlayerInput {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::player_input;
  static constexpr std::string_view kName = "player_input";

  static constexpr uint8_t kForward = 1 << 0;
  static constexpr uint8_t kBackward = 1 << 1;
  static constexpr uint8_t kLeft = 1 << 2;
  static constexpr uint8_t kRight = 1 << 3;
  static constexpr uint8_t kJump = 1 << 4;
  static constexpr uint8_t kSneak = 1 << 5;
  static constexpr uint8_t kSprint = 1 << 6;

  uint8_t inputs = 0;

  template <class V>
  void fields(V& v) {
    v("inputs", inputs);
  }
};

// Player Command (sprinting, leaving a bed, ...).
struct EntityAction {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::entity_action;
  static constexpr std::string_view kName = "entity_action";

  static constexpr int32_t kStopSleeping = 0;
  static constexpr int32_t kStartSprinting = 1;
  static constexpr int32_t kStopSprinting = 2;
  static constexpr int32_t kStartFallFlying = 6;

  int32_t entity_id = 0;
  int32_t action = 0;
  int32_t jump_boost = 0;

  template <class V>
  void fields(V& v) {
    v("entity_id", entity_id, kVarInt);
    v("action", action, kVarInt, Range{0, 6});
    v("jump_boost", jump_boost, kVarInt);
  }
};

// Player Action: digging (start, abort, stop), dropping items, releasing a used item, swapping hands.
struct BlockDig {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::block_dig;
  static constexpr std::string_view kName = "block_dig";

  static constexpr int32_t kStartDestroy = 0;
  static constexpr int32_t kAbortDestroy = 1;
  static constexpr int32_t kStopDestroy = 2;
  static constexpr int32_t kDropAllItems = 3;
  static constexpr int32_t kDropItem = 4;
  static constexpr int32_t kReleaseUseItem = 5;
  static constexpr int32_t kSwapItemWithOffhand = 6;

  int32_t status = 0;
  BlockPos location;
  int8_t face = 0;  // 0 down, 1 up, 2 north, 3 south, 4 west, 5 east
  int32_t sequence = 0;

  template <class V>
  void fields(V& v) {
    v("status", status, kVarInt, Range{0, 7});
    v("location", location);
    v("face", face);
    v("sequence", sequence, kVarInt);
  }
};

// Set Creative Mode Slot: a creative client puts a stack into an inventory slot. The stack's data
// components are kept as bytes (Horizon reads the item and count, not the components).
struct SetCreativeSlot {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::set_creative_slot;
  static constexpr std::string_view kName = "set_creative_slot";

  int16_t slot = 0;
  int32_t count = 0;
  std::optional<int32_t> item_id;
  std::optional<int32_t> components_added;
  std::optional<int32_t> components_removed;
  Bytes components;

  template <class V>
  void fields(V& v) {
    v("slot", slot);
    v("count", count, kVarInt);
    v("item_id", item_id, When{count > 0}, kVarInt);
    v("components_added", components_added, When{count > 0}, kVarInt);
    v("components_removed", components_removed, When{count > 0}, kVarInt);
    v("components", components, kRest);
  }
};

// Use Item On: a right click on a block's face (placing a block, using a block), with the hit
// point inside the block and the client's sequence.
struct BlockPlace {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::block_place;
  static constexpr std::string_view kName = "block_place";

  int32_t hand = 0;  // 0 main, 1 off hand
  BlockPos location;
  int32_t direction = 0;  // 0 down, 1 up, 2 north, 3 south, 4 west, 5 east
  float cursor_x = 0, cursor_y = 0, cursor_z = 0;
  bool inside_block = false;
  bool world_border_hit = false;
  int32_t sequence = 0;

  template <class V>
  void fields(V& v) {
    v("hand", hand, kVarInt, Range{0, 1});
    v("location", location);
    v("direction", direction, kVarInt, Range{0, 5});
    v("cursor_x", cursor_x);
    v("cursor_y", cursor_y);
    v("cursor_z", cursor_z);
    v("inside_block", inside_block);
    v("world_border_hit", world_border_hit);
    v("sequence", sequence, kVarInt);
  }
};

// Swing Arm.
struct ArmAnimation {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::arm_animation;
  static constexpr std::string_view kName = "arm_animation";

  int32_t hand = 0;  // 0 main, 1 off hand

  template <class V>
  void fields(V& v) {
    v("hand", hand, kVarInt, Range{0, 1});
  }
};

// Set Carried Item.
struct HeldItemSlot {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::held_item_slot;
  static constexpr std::string_view kName = "held_item_slot";

  int16_t slot = 0;

  template <class V>
  void fields(V& v) {
    v("slot", slot);
  }
};

struct MessageAcknowledgement {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::message_acknowledgement;
  static constexpr std::string_view kName = "message_acknowledgement";

  int32_t offset = 0;

  template <class V>
  void fields(V& v) {
    v("offset", offset, kVarInt);
  }
};

// Player Session: the client's chat signing key.
struct ChatSessionUpdate {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::chat_session_update;
  static constexpr std::string_view kName = "chat_session_update";

  ChatSessionData session;

  template <class V>
  void fields(V& v) {
    session.fields(v);
  }
};

struct ChatMessage {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::chat_message;
  static constexpr std::string_view kName = "chat_message";

  std::string message;
  int64_t timestamp = 0;  // epoch milliseconds
  int64_t salt = 0;
  std::optional<MessageSignature> signature;
  LastSeenUpdate last_seen;

  template <class V>
  void fields(V& v) {
    v("message", message, MaxChars{256});
    v("timestamp", timestamp);
    v("salt", salt);
    v("signature", signature);
    last_seen.fields(v);
  }
};

// A command without the leading slash.
struct ChatCommand {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::chat_command;
  static constexpr std::string_view kName = "chat_command";

  std::string command;

  template <class V>
  void fields(V& v) {
    v("command", command, MaxChars{32767});
  }
};

struct ArgumentSignature {
  std::string name;
  MessageSignature signature{};

  template <class V>
  void fields(V& v) {
    v("name", name, MaxChars{16});
    v("signature", signature);
  }
};

struct ChatCommandSigned {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::chat_command_signed;
  static constexpr std::string_view kName = "chat_command_signed";

  std::string command;
  int64_t timestamp = 0;
  int64_t salt = 0;
  std::vector<ArgumentSignature> argument_signatures;
  LastSeenUpdate last_seen;

  template <class V>
  void fields(V& v) {
    v("command", command, MaxChars{32767});
    v("timestamp", timestamp);
    v("salt", salt);
    v("argument_signatures", argument_signatures, MaxCount{8});
    last_seen.fields(v);
  }
};

struct KeepAlive {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::keep_alive;
  static constexpr std::string_view kName = "keep_alive";

  int64_t id = 0;

  template <class V>
  void fields(V& v) {
    v("id", id);
  }
};

// Ping Request (the client's latency probe); answered with play_cb::PongResponse.
struct PingRequest {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::ping_request;
  static constexpr std::string_view kName = "ping_request";

  int64_t id = 0;

  template <class V>
  void fields(V& v) {
    v("id", id);
  }
};

// Answer to the server's play_cb::Ping.
struct Pong {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::pong;
  static constexpr std::string_view kName = "pong";

  int32_t id = 0;

  template <class V>
  void fields(V& v) {
    v("id", id);
  }
};

// --- Inventory (docs/rules/inventory.md) ---

// A data component the client reports by the hash of its value (HashedPatchMap entry).
struct HashedComponent {
  int32_t type = 0;
  int32_t hash = 0;

  template <class V>
  void fields(V& v) {
    v("type", type, kVarInt);
    v("hash", hash);
  }
};

// HashedStack.ActualItem: what the client believes a slot holds, its components only as hashes.
struct HashedItem {
  int32_t item_id = 0;
  int32_t count = 0;
  std::vector<HashedComponent> components;
  std::vector<int32_t> removed_components;

  template <class V>
  void fields(V& v) {
    v("item_id", item_id, kVarInt);
    v("count", count, kVarInt);
    v("components", components, MaxCount{256});
    v("removed_components", removed_components, kVarInt, MaxCount{256});
  }
};

// One slot of the client's prediction; no item = the client believes the slot is empty.
struct ChangedSlot {
  int16_t slot = 0;
  std::optional<HashedItem> item;

  template <class V>
  void fields(V& v) {
    v("slot", slot);
    v("item", item);
  }
};

// Click Container: a click in an open window with the client's state id and its prediction of
// the changed slots and the cursor. Unknown click types are read as PICKUP by the listener.
struct WindowClick {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::window_click;
  static constexpr std::string_view kName = "window_click";

  int32_t window_id = 0;
  int32_t state_id = 0;
  int16_t slot = 0;
  int8_t button = 0;
  int32_t mode = 0;
  std::vector<ChangedSlot> changed_slots;
  std::optional<HashedItem> cursor;

  template <class V>
  void fields(V& v) {
    v("window_id", window_id, kVarInt);
    v("state_id", state_id, kVarInt);
    v("slot", slot);
    v("button", button);
    v("mode", mode, kVarInt);
    v("changed_slots", changed_slots, MaxCount{128});
    v("cursor", cursor);
  }
};

// Close Container.
struct CloseWindow {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::close_window;
  static constexpr std::string_view kName = "close_window";

  int32_t window_id = 0;

  template <class V>
  void fields(V& v) {
    v("window_id", window_id, kVarInt);
  }
};

// Pick Item From Block: the middle click on a block.
struct PickItemFromBlock {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::pick_item_from_block;
  static constexpr std::string_view kName = "pick_item_from_block";

  BlockPos location;
  bool include_data = false;

  template <class V>
  void fields(V& v) {
    v("location", location);
    v("include_data", include_data);
  }
};

// Use Item: a right click with an item that is not aimed at a block the client could use (buckets,
// food, ...), with the client's sequence and the rotation it had when it clicked.
struct UseItem {
  static constexpr ProtocolState kState = ProtocolState::kPlay;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::play_sb::use_item;
  static constexpr std::string_view kName = "use_item";

  int32_t hand = 0;  // 0 main, 1 off hand
  int32_t sequence = 0;
  float yaw = 0, pitch = 0;

  template <class V>
  void fields(V& v) {
    v("hand", hand, kVarInt, Range{0, 1});
    v("sequence", sequence, kVarInt);
    v("yaw", yaw);
    v("pitch", pitch);
  }
};

}  // namespace hz::packet::play_sb
