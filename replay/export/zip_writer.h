// A minimal zip archive writer (deflated entries, no zip64, no encryption) for the recordings
// horizon-trace exports. Output is a pure function of the entries and the date given.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "sim/core/result.h"
#include "sim/core/types.h"

namespace hz {

struct ZipEntry {
  std::string name;  // path inside the archive, '/' separated
  Bytes data;
};

// The archive holding `entries` in order, each compressed with zlib's raw deflate. Every entry
// is dated `unix_millis` (UTC, to the 2 seconds zip can hold; clamped to 1980..2107), so the
// bytes depend on nothing else. Fails for more than 65535 entries or anything over 4 GiB.
Result<Bytes> build_zip(std::span<const ZipEntry> entries, int64_t unix_millis);

// zip's MS-DOS time and date fields for a Unix time in milliseconds (UTC).
struct DosDateTime {
  uint16_t time = 0;  // hour << 11 | minute << 5 | second / 2
  uint16_t date = 0;  // (year - 1980) << 9 | month << 5 | day
};
DosDateTime dos_date_time(int64_t unix_millis);

}  // namespace hz
