// Packets of the configuration state: brand and other plugin messages, feature flags, known
// packs, registry data, tags, keep-alive, ping, client information and the finish handshake.
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

namespace hz::packet {

// One entry of registry_data: the entry's name and, unless the client has it from a known
// pack, its data as network NBT.
struct RegistryEntryData {
  std::string id;
  std::optional<nbt::Tag> data;

  template <class V>
  void fields(V& v) {
    v("id", id, kIdentifier);
    v("data", data);
  }
};

// One tag of an Update Tags registry group: its name and the network ids it contains.
struct TagEntries {
  std::string name;
  std::vector<int32_t> ids;

  template <class V>
  void fields(V& v) {
    v("name", name, kIdentifier);
    v("ids", ids, kVarInt);
  }
};

struct TagRegistryGroup {
  std::string registry;
  std::vector<TagEntries> tags;

  template <class V>
  void fields(V& v) {
    v("registry", registry, kIdentifier);
    v("tags", tags);
  }
};

namespace config_cb {

struct CookieRequest {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::config_cb::cookie_request;
  static constexpr std::string_view kName = "cookie_request";

  std::string key;

  template <class V>
  void fields(V& v) {
    v("key", key, kIdentifier);
  }
};

struct CustomPayload {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::config_cb::custom_payload;
  static constexpr std::string_view kName = "custom_payload";

  std::string channel;  // e.g. minecraft:brand (data = String brand)
  Bytes data;

  template <class V>
  void fields(V& v) {
    v("channel", channel, kIdentifier);
    v("data", data, kRest, MaxCount{kMaxCustomPayloadToClient});
  }
};

// Configuration-state disconnect: the reason is a text component as NBT.
struct Disconnect {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::config_cb::disconnect;
  static constexpr std::string_view kName = "disconnect";

  nbt::Tag reason;

  template <class V>
  void fields(V& v) {
    v("reason", reason);
  }
};

struct FinishConfiguration {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::config_cb::finish_configuration;
  static constexpr std::string_view kName = "finish_configuration";

  template <class V>
  void fields(V&) {}
};

struct KeepAlive {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::config_cb::keep_alive;
  static constexpr std::string_view kName = "keep_alive";

  int64_t id = 0;

  template <class V>
  void fields(V& v) {
    v("id", id);
  }
};

struct Ping {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::config_cb::ping;
  static constexpr std::string_view kName = "ping";

  int32_t id = 0;

  template <class V>
  void fields(V& v) {
    v("id", id);
  }
};

struct RegistryData {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::config_cb::registry_data;
  static constexpr std::string_view kName = "registry_data";

  std::string registry;  // e.g. minecraft:worldgen/biome
  std::vector<RegistryEntryData> entries;  // order = network ids

  template <class V>
  void fields(V& v) {
    v("registry", registry, kIdentifier);
    v("entries", entries);
  }
};

struct FeatureFlags {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::config_cb::feature_flags;
  static constexpr std::string_view kName = "feature_flags";

  std::vector<std::string> features;  // ["minecraft:vanilla"]

  template <class V>
  void fields(V& v) {
    v("features", features, kIdentifier);
  }
};

struct Tags {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::config_cb::tags;
  static constexpr std::string_view kName = "tags";

  std::vector<TagRegistryGroup> registries;

  template <class V>
  void fields(V& v) {
    v("registries", registries);
  }
};

struct SelectKnownPacks {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kClientbound;
  static constexpr int32_t kId = packet_id::config_cb::select_known_packs;
  static constexpr std::string_view kName = "select_known_packs";

  std::vector<KnownPack> packs;

  template <class V>
  void fields(V& v) {
    v("packs", packs, MaxCount{kMaxKnownPacks});
  }
};

}  // namespace config_cb

namespace config_sb {

// Client Information.
struct Settings {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::config_sb::settings;
  static constexpr std::string_view kName = "settings";

  ClientInformation info;

  template <class V>
  void fields(V& v) {
    info.fields(v);
  }
};

struct CookieResponse {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::config_sb::cookie_response;
  static constexpr std::string_view kName = "cookie_response";

  std::string key;
  std::optional<Bytes> payload;

  template <class V>
  void fields(V& v) {
    v("key", key, kIdentifier);
    v("payload", payload, MaxCount{kMaxCookieBytes});
  }
};

struct CustomPayload {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::config_sb::custom_payload;
  static constexpr std::string_view kName = "custom_payload";

  std::string channel;
  Bytes data;

  template <class V>
  void fields(V& v) {
    v("channel", channel, kIdentifier);
    v("data", data, kRest, MaxCount{kMaxCustomPayloadToServer});
  }
};

struct FinishConfiguration {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::config_sb::finish_configuration;
  static constexpr std::string_view kName = "finish_configuration";

  template <class V>
  void fields(V&) {}
};

struct KeepAlive {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::config_sb::keep_alive;
  static constexpr std::string_view kName = "keep_alive";

  int64_t id = 0;

  template <class V>
  void fields(V& v) {
    v("id", id);
  }
};

struct Pong {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::config_sb::pong;
  static constexpr std::string_view kName = "pong";

  int32_t id = 0;

  template <class V>
  void fields(V& v) {
    v("id", id);
  }
};

struct ResourcePackReceive {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::config_sb::resource_pack_receive;
  static constexpr std::string_view kName = "resource_pack_receive";

  Uuid pack_id;
  int32_t result = 0;

  template <class V>
  void fields(V& v) {
    v("pack_id", pack_id);
    v("result", result, kVarInt, Range{0, 7});
  }
};

struct SelectKnownPacks {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::config_sb::select_known_packs;
  static constexpr std::string_view kName = "select_known_packs";

  std::vector<KnownPack> packs;

  template <class V>
  void fields(V& v) {
    v("packs", packs, MaxCount{kMaxKnownPacks});
  }
};

struct AcceptCodeOfConduct {
  static constexpr ProtocolState kState = ProtocolState::kConfiguration;
  static constexpr Direction kDirection = Direction::kServerbound;
  static constexpr int32_t kId = packet_id::config_sb::accept_code_of_conduct;
  static constexpr std::string_view kName = "accept_code_of_conduct";

  template <class V>
  void fields(V&) {}
};

}  // namespace config_sb

}  // namespace hz::packet
