// Standard base64 (RFC 4648, with padding), for the status favicon's data URL.
#pragma once

#include <span>
#include <string>
#include <cstdint>

namespace hz {

std::string base64_encode(std::span<const uint8_t> bytes);

}  // namespace hz
