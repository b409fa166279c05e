#include "sim/protocol/offline_uuid.h"

#include <span>
#include <string>

#include "sim/core/md5.h"

namespace hz {

Uuid offline_player_uuid(std::string_view name) {
  std::string input = "OfflinePlayer:" + std::string(name);
  auto digest = md5(std::span(reinterpret_cast<const uint8_t*>(input.data()), input.size()));
  digest[6] = static_cast<uint8_t>((digest[6] & 0x0F) | 0x30);  // version 3
  digest[8] = static_cast<uint8_t>((digest[8] & 0x3F) | 0x80);  // IETF variant
  Uuid u;
  for (int i = 0; i < 8; ++i) u.most = (u.most << 8) | digest[i];
  for (int i = 8; i < 16; ++i) u.least = (u.least << 8) | digest[i];
  return u;
}

}  // namespace hz
