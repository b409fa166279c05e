// Whole-file reads and crash-safe writes (write to a temporary file, fsync, rename), used for
// configuration, level data and anything else that must never be left half-written.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>

#include "sim/core/types.h"

namespace hz {

std::optional<std::string> read_text_file(const std::filesystem::path& path);
std::optional<Bytes> read_binary_file(const std::filesystem::path& path);
// Returns an error text on failure. `sync` fsyncs the file and its folder.
std::optional<std::string> write_file_atomically(const std::filesystem::path& path, std::span<const uint8_t> bytes,
                                                 bool sync);

}  // namespace hz
