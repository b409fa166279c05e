// Field groups that several packets share (game profile properties, client information, known
// packs, chat sessions, light data), declared once like packets are.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/core/types.h"
#include "sim/protocol/fields.h"
#include "sim/protocol/nbt.h"
#include "sim/protocol/wire.h"

namespace hz::packet {

// Vanilla's limits for these groups.
inline constexpr int32_t kMaxPlayerNameChars = 16;
inline constexpr int32_t kMaxProfileProperties = 16;
inline constexpr int32_t kMaxCustomPayloadToClient = 1048576;
inline constexpr int32_t kMaxCustomPayloadToServer = 32767;
inline constexpr int32_t kMaxCookieBytes = 5120;

struct GameProfileProperty {
  std::string name;
  std::string value;
  std::optional<std::string> signature;

  template <class V>
  void fields(V& v) {
    v("name", name, MaxChars{64});
    v("value", value, MaxChars{32767});
    v("signature", signature, MaxChars{1024});
  }
  template <class Io>
  void state_fields(Io& io) {
    io(name, value, signature);
  }
};

// What the client tells the server about its settings (configuration and play `settings`).
struct ClientInformation {
  std::string locale = "en_us";
  int8_t view_distance = 2;
  int32_t chat_visibility = 0;  // 0 full, 1 system, 2 hidden
  bool chat_colors = true;
  uint8_t skin_parts = 0;
  int32_t main_hand = 1;  // 0 left, 1 right
  bool text_filtering = false;
  bool allows_listing = true;
  int32_t particle_status = 0;  // 0 all, 1 decreased, 2 minimal

  template <class V>
  void fields(V& v) {
    v("locale", locale, MaxChars{16});
    v("view_distance", view_distance);
    v("chat_visibility", chat_visibility, kVarInt, Range{0, 2});
    v("chat_colors", chat_colors);
    v("skin_parts", skin_parts);
    v("main_hand", main_hand, kVarInt, Range{0, 1});
    v("text_filtering", text_filtering);
    v("allows_listing", allows_listing);
    v("particle_status", particle_status, kVarInt, Range{0, 2});
  }
};

// A data pack both sides may know ("minecraft", "core", "26.1").
struct KnownPack {
  std::string namespace_;
  std::string id;
  std::string version;

  template <class V>
  void fields(V& v) {
    v("namespace", namespace_);
    v("id", id);
    v("version", version);
  }
};
inline constexpr int32_t kMaxKnownPacks = 64;

// A player's chat signing key (RemoteChatSession.Data).
struct ChatSessionData {
  Uuid session_id;
  int64_t expires_at = 0;  // epoch milliseconds
  Bytes public_key;        // X.509 DER
  Bytes key_signature;

  template <class V>
  void fields(V& v) {
    v("session_id", session_id);
    v("expires_at", expires_at);
    v("public_key", public_key, MaxCount{512});
    v("key_signature", key_signature, MaxCount{4096});
  }
};

// A dimension and a block position in it.
struct GlobalPos {
  std::string dimension = "minecraft:overworld";
  BlockPos pos;

  template <class V>
  void fields(V& v) {
    v("dimension", dimension, kIdentifier);
    v("pos", pos);
  }
};

// Light sections of a chunk column (update_light and the tail of map_chunk). Bit i of a mask is
// section i - 1 counted from one below the world; arrays follow the set bits of the non-empty
// masks, lowest first, 2048 bytes each.
struct LightData {
  BitSet sky_mask;
  BitSet block_mask;
  BitSet empty_sky_mask;
  BitSet empty_block_mask;
  std::vector<Bytes> sky_arrays;
  std::vector<Bytes> block_arrays;

  template <class V>
  void fields(V& v) {
    v("sky_mask", sky_mask);
    v("block_mask", block_mask);
    v("empty_sky_mask", empty_sky_mask);
    v("empty_block_mask", empty_block_mask);
    v("sky_arrays", sky_arrays, MaxCount{2048});
    v("block_arrays", block_arrays, MaxCount{2048});
  }
};
inline constexpr int32_t kLightArrayBytes = 2048;

}  // namespace hz::packet
