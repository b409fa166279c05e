#include "replay/export/zip_writer.h"

#include <zlib.h>

#include <algorithm>
#include <limits>

namespace hz {
namespace {

constexpr uint32_t kLocalHeaderSignature = 0x04034b50;
constexpr uint32_t kCentralHeaderSignature = 0x02014b50;
constexpr uint32_t kEndOfCentralDirectorySignature = 0x06054b50;
constexpr uint16_t kVersionNeeded = 20;      // 2.0: deflate
constexpr uint16_t kVersionMadeBy = 3 << 8 | 20;  // Unix, 2.0 (so external attributes are Unix modes)
constexpr uint16_t kFlagUtf8Names = 1 << 11;
constexpr uint16_t kMethodDeflate = 8;
constexpr uint32_t kRegularFileMode = 0100644u << 16;
constexpr uint64_t kZip32Limit = std::numeric_limits<uint32_t>::max();

void put16(Bytes& out, uint16_t v) {
  out.push_back(static_cast<uint8_t>(v));
  out.push_back(static_cast<uint8_t>(v >> 8));
}
void put32(Bytes& out, uint32_t v) {
  put16(out, static_cast<uint16_t>(v));
  put16(out, static_cast<uint16_t>(v >> 16));
}

Result<Bytes> raw_deflate(std::span<const uint8_t> data) {
  z_stream z{};
  // Negative window bits: a raw deflate stream, as zip stores it (no zlib header or adler32).
  if (deflateInit2(&z, Z_DEFAULT_COMPRESSION, Z_DEFLATED, -MAX_WBITS, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return Error{"zlib could not start deflate"};
  Bytes out(deflateBound(&z, static_cast<uLong>(data.size())));
  z.next_in = const_cast<Bytef*>(data.data());
  z.avail_in = static_cast<uInt>(data.size());
  z.next_out = out.data();
  z.avail_out = static_cast<uInt>(out.size());
  int status = deflate(&z, Z_FINISH);
  out.resize(z.total_out);
  deflateEnd(&z);
  if (status != Z_STREAM_END) return Error{"zlib deflate failed"};
  return out;
}

uint32_t crc_of(std::span<const uint8_t> data) {
  return static_cast<uint32_t>(crc32(0L, data.data(), static_cast<uInt>(data.size())));
}

struct WrittenEntry {
  const ZipEntry* entry = nullptr;
  uint32_t crc = 0;
  uint32_t compressed_size = 0;
  uint32_t local_header_offset = 0;
};

// The fields local and central headers share, from "version needed" to the name's length.
void put_common_fields(Bytes& out, const WrittenEntry& w, DosDateTime when) {
  put16(out, kVersionNeeded);
  put16(out, kFlagUtf8Names);
  put16(out, kMethodDeflate);
  put16(out, when.time);
  put16(out, when.date);
  put32(out, w.crc);
  put32(out, w.compressed_size);
  put32(out, static_cast<uint32_t>(w.entry->data.size()));
  put16(out, static_cast<uint16_t>(w.entry->name.size()));
  put16(out, 0);  // extra field length
}

void put_central_header(Bytes& out, const WrittenEntry& w, DosDateTime when) {
  put32(out, kCentralHeaderSignature);
  put16(out, kVersionMadeBy);
  put_common_fields(out, w, when);
  put16(out, 0);  // comment length
  put16(out, 0);  // disk number
  put16(out, 0);  // internal attributes
  put32(out, kRegularFileMode);
  put32(out, w.local_header_offset);
  out.insert(out.end(), w.entry->name.begin(), w.entry->name.end());
}

// Days since 1970-01-01 to a civil (proleptic Gregorian) date; H. Hinnant's days_from_civil inverse.
void civil_from_days(int64_t days, int64_t& year, unsigned& month, unsigned& day) {
  days += 719468;
  int64_t era = (days >= 0 ? days : days - 146096) / 146097;
  auto doe = static_cast<unsigned>(days - era * 146097);
  unsigned yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  unsigned doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  unsigned mp = (5 * doy + 2) / 153;
  day = doy - (153 * mp + 2) / 5 + 1;
  month = mp < 10 ? mp + 3 : mp - 9;
  year = static_cast<int64_t>(yoe) + era * 400 + (month <= 2 ? 1 : 0);
}

}  // namespace

DosDateTime dos_date_time(int64_t unix_millis) {
  constexpr int64_t kFirst = 315532800;   // 1980-01-01T00:00:00Z
  constexpr int64_t kLast = 4354819198;   // 2107-12-31T23:59:58Z
  int64_t seconds = std::clamp<int64_t>(unix_millis / 1000, kFirst, kLast);
  int64_t days = seconds / 86400;
  int64_t of_day = seconds % 86400;
  int64_t year = 0;
  unsigned month = 0, day = 0;
  civil_from_days(days, year, month, day);
  DosDateTime out;
  out.time = static_cast<uint16_t>((of_day / 3600) << 11 | (of_day / 60 % 60) << 5 | (of_day % 60) / 2);
  out.date = static_cast<uint16_t>((year - 1980) << 9 | month << 5 | day);
  return out;
}

Result<Bytes> build_zip(std::span<const ZipEntry> entries, int64_t unix_millis) {
  if (entries.size() > 0xFFFF) return Error{"a zip without zip64 holds at most 65535 entries"};
  DosDateTime when = dos_date_time(unix_millis);
  Bytes out;
  std::vector<WrittenEntry> written;
  for (const ZipEntry& e : entries) {
    if (e.name.empty() || e.name.size() > 0xFFFF) return Error{"bad zip entry name '" + e.name + "'"};
    if (e.data.size() > kZip32Limit) return Error{e.name + " is over 4 GiB, which a zip without zip64 cannot hold"};
    auto deflated = raw_deflate(e.data);
    if (!deflated) return std::move(deflated).take_error();
    if (out.size() + deflated->size() + 64 + e.name.size() > kZip32Limit)
      return Error{"the archive would pass 4 GiB, which a zip without zip64 cannot hold"};
    WrittenEntry w{&e, crc_of(e.data), static_cast<uint32_t>(deflated->size()), static_cast<uint32_t>(out.size())};
    put32(out, kLocalHeaderSignature);
    put_common_fields(out, w, when);
    out.insert(out.end(), e.name.begin(), e.name.end());
    out.insert(out.end(), deflated->begin(), deflated->end());
    written.push_back(w);
  }
  uint64_t directory_offset = out.size();
  for (const WrittenEntry& w : written) put_central_header(out, w, when);
  uint64_t directory_size = out.size() - directory_offset;
  if (out.size() + 22 > kZip32Limit) return Error{"the archive would pass 4 GiB, which a zip without zip64 cannot hold"};
  put32(out, kEndOfCentralDirectorySignature);
  put16(out, 0);  // this disk
  put16(out, 0);  // disk holding the directory
  put16(out, static_cast<uint16_t>(written.size()));
  put16(out, static_cast<uint16_t>(written.size()));
  put32(out, static_cast<uint32_t>(directory_size));
  put32(out, static_cast<uint32_t>(directory_offset));
  put16(out, 0);  // comment length
  return out;
}

}  // namespace hz
