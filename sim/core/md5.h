// MD5 (RFC 1321), only for vanilla's name-based UUIDs (offline-mode player ids). Not for security.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace hz {

std::array<uint8_t, 16> md5(std::span<const uint8_t> data);

}  // namespace hz
