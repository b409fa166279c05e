// Java's "modified UTF-8" (DataOutput.writeUTF) used by NBT strings: U+0000 as C0 80 and
// characters above U+FFFF as two 3-byte surrogates. Converts to and from the project's UTF-8.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "sim/core/types.h"
#include "sim/core/result.h"

namespace hz {

// Appends the modified UTF-8 form of a UTF-8 string (without a length prefix). Lone surrogates
// written as 3-byte sequences pass through; bytes that are not UTF-8 become U+FFFD.
void append_modified_utf8(std::string_view utf8, Bytes& out);
// Length in bytes of the modified UTF-8 form.
size_t modified_utf8_size(std::string_view utf8);

// Decodes modified UTF-8 as Java's readUTF does (rejecting what it rejects) into UTF-8; a
// surrogate pair becomes one 4-byte sequence, a lone surrogate a 3-byte one. `utf16_units`
// receives the length of the Java string (what vanilla's NBT accounting charges for).
Result<std::string> decode_modified_utf8(std::span<const uint8_t> bytes, size_t* utf16_units = nullptr);

// Number of UTF-16 code units (Java String.length()) of a UTF-8 string.
size_t utf16_length(std::string_view utf8);

// The code point starting at `pos` (advanced past it). Surrogates encoded as 3-byte sequences
// are returned as such; a byte that does not start a well-formed sequence yields U+FFFD.
uint32_t next_code_point(std::string_view utf8, size_t& pos);
// Appends a code point (surrogates included) as UTF-8.
void append_utf8(uint32_t code_point, std::string& out);

}  // namespace hz
