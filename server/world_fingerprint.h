// A fingerprint of a world folder as the server found it, for a trace's header: which files it
// had and what was in them, so a replay can tell which world a recorded session started from.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>

#include "sim/core/result.h"

namespace hz {

// Hashes every regular file under `world` except session.lock: in ascending order of relative
// path, the path, the size and the content (read in 1 MiB blocks), with the project's Hasher.
// An error names the file that could not be read.
Result<uint64_t> world_fingerprint(const std::filesystem::path& world);

}  // namespace hz
