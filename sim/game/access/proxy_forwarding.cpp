#include "sim/game/access/proxy_forwarding.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include "sim/core/json_value.h"
#include "sim/game/player_identity.h"
#include "sim/protocol/codec.h"

namespace hz {

namespace {

// The signed payload of a Velocity answer. Versions 2 and 3 append the player's signed chat key,
// which Horizon does not use; it is kept as the rest.
struct VelocityPayload {
  int32_t version = 0;
  std::string address;
  Uuid uuid;
  std::string name;
  std::vector<packet::GameProfileProperty> properties;
  Bytes rest;

  template <class V>
  void fields(V& v) {
    v("version", version, kVarInt);
    v("address", address, MaxChars{255});
    v("uuid", uuid);
    v("name", name, MaxChars{packet::kMaxPlayerNameChars});
    v("properties", properties, MaxCount{packet::kMaxProfileProperties});
    v("rest", rest, kRest, MaxCount{packet::kMaxCustomPayloadToServer});
  }
};

constexpr size_t kSignatureBytes = 32;

}  // namespace

std::string with_forwarded_address(const std::string& remote, const std::string& address) {
  const size_t colon = remote.rfind(':');
  const std::string port = colon == std::string::npos ? "0" : remote.substr(colon + 1);
  return (address.find(':') != std::string::npos ? "[" + address + "]" : address) + ":" + port;
}

namespace velocity {

Bytes request_data() { return Bytes{static_cast<uint8_t>(kMaxVersion)}; }

std::array<uint8_t, 32> sign(std::string_view secret, std::span<const uint8_t> data) {
  std::array<uint8_t, 32> out{};
  unsigned int length = 0;
  HMAC(EVP_sha256(), secret.data(), static_cast<int>(secret.size()), data.data(), data.size(), out.data(), &length);
  HZ_CHECK(length == out.size());
  return out;
}

Result<ForwardedPlayer> read_answer(std::span<const uint8_t> answer, std::string_view secret) {
  if (answer.size() < kSignatureBytes) return Error{std::string(kBadSignature)};
  const std::span<const uint8_t> payload = answer.subspan(kSignatureBytes);
  const std::array<uint8_t, 32> expected = sign(secret, payload);
  if (CRYPTO_memcmp(expected.data(), answer.data(), kSignatureBytes) != 0) return Error{std::string(kBadSignature)};
  ByteReader in(payload);
  auto read = decode_fields<VelocityPayload>(in);
  if (!read) return Error{std::string(kBadSignature)};
  if (read->version < 1 || read->version > kMaxVersion)
    return Error{"Unsupported forwarding version " + std::to_string(read->version) + ", wanted up to " +
                 std::to_string(kMaxVersion)};
  return ForwardedPlayer{std::move(read->address), read->uuid, std::move(read->name), std::move(read->properties)};
}

}  // namespace velocity

namespace bungeecord {

namespace {

std::vector<std::string_view> split_on_nul(std::string_view text) {
  std::vector<std::string_view> parts;
  size_t start = 0;
  for (size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == '\0') {
      parts.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

// The properties JSON: [{"name": ..., "value": ..., "signature": ...}, ...].
std::optional<std::vector<packet::GameProfileProperty>> read_properties(std::string_view json) {
  JsonParseResult parsed = parse_json(json);
  if (!parsed.value || !parsed.value->array()) return std::nullopt;
  std::vector<packet::GameProfileProperty> out;
  for (const JsonValue& entry : *parsed.value->array()) {
    const JsonValue* name = entry.get("name");
    const JsonValue* value = entry.get("value");
    if (!name || !name->string() || !value || !value->string()) return std::nullopt;
    packet::GameProfileProperty property{*name->string(), *value->string(), std::nullopt};
    if (const JsonValue* signature = entry.get("signature"); signature && signature->string())
      property.signature = *signature->string();
    out.push_back(std::move(property));
  }
  return out;
}

}  // namespace

Result<ForwardedPlayer> read_handshake_host(std::string_view host, std::string_view token) {
  const std::vector<std::string_view> parts = split_on_nul(host);
  if (parts.size() != 3 && parts.size() != 4) return Error{std::string(kNotForwarded)};
  std::optional<Uuid> uuid = parse_uuid(parts[2]);
  if (!uuid || parts[1].empty()) return Error{std::string(kNotForwarded)};
  ForwardedPlayer player{std::string(parts[1]), *uuid, "", {}};
  if (parts.size() == 4) {
    auto properties = read_properties(parts[3]);
    if (!properties) return Error{std::string(kNotForwarded)};
    player.properties = std::move(*properties);
  }
  if (!token.empty()) {
    // BungeeGuard: exactly one token property, equal to the secret; it is not part of the profile.
    int tokens = 0;
    bool matches = false;
    std::erase_if(player.properties, [&](const packet::GameProfileProperty& p) {
      if (p.name != "bungeeguard-token") return false;
      ++tokens;
      matches = p.value.size() == token.size() && CRYPTO_memcmp(p.value.data(), token.data(), token.size()) == 0;
      return true;
    });
    if (tokens != 1 || !matches) return Error{std::string(kBadToken)};
  }
  return player;
}

}  // namespace bungeecord

}  // namespace hz
