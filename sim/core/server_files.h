// Files of the server folder the core asks the shell to read while running (`whitelist reload`):
// the SubmitJob kind, its request (the file name) and its result (present flag and the bytes).
#pragma once

#include <algorithm>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "sim/core/types.h"

namespace hz {

inline constexpr uint32_t kServerFileReadJobKind = 0x53460001;  // "SF": read one server-folder file

// The request is the file name; the result is one byte (1 = the file exists) then its bytes.
inline Bytes encode_server_file_result(const std::optional<std::string>& text) {
  // Sized once and filled: growing a one-byte vector trips a false -Warray-bounds in GCC 12.
  Bytes out(1 + (text ? text->size() : 0));
  out[0] = text ? 1 : 0;
  if (text) std::copy(text->begin(), text->end(), out.begin() + 1);
  return out;
}

// The file's text, or nothing when it was absent (an empty result reads as absent).
inline std::optional<std::string> decode_server_file_result(std::span<const uint8_t> result) {
  if (result.empty() || result[0] != 1) return std::nullopt;
  return std::string(result.begin() + 1, result.end());
}

// Only plain file names are read or written in the server folder.
inline bool is_plain_file_name(std::string_view name) {
  return !name.empty() && name != "." && name != ".." && name.find('/') == std::string_view::npos &&
         name.find('\\') == std::string_view::npos;
}

}  // namespace hz
