// Records and headers in cereal's binary archive form (little-endian, lengths as 64-bit size
// tags). Decoding is a pure function of the bytes, checks every length before allocating, and
// reports damage instead of throwing.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "replay/format/records.h"
#include "replay/format/trace_damage.h"
#include "sim/core/types.h"

namespace hz {

// Appends the serialized records to `out` (each: type byte, then the record's fields).
void append_records(std::span<const Record> records, Bytes& out);
Bytes encode_records(std::span<const Record> records);

// Serializes records one at a time into a growing buffer (one archive for many records).
class RecordEncoder {
 public:
  RecordEncoder();
  ~RecordEncoder();
  RecordEncoder(const RecordEncoder&) = delete;
  RecordEncoder& operator=(const RecordEncoder&) = delete;

  void add(const Record& record);
  size_t size() const;
  // The bytes so far; the encoder starts over empty.
  Bytes take();

 private:
  struct State;
  std::unique_ptr<State> state_;
};

struct DecodedRecords {
  std::vector<Record> records;
  std::optional<TraceDamage> damage;  // kUnknownRecordType or kMalformedRecords; offset is in the payload
};
// Decodes a frame's payload: records one after another until the bytes end.
DecodedRecords decode_records(std::span<const uint8_t> payload);

Bytes encode_header(const TraceHeader& header);
struct DecodedHeader {
  std::optional<TraceHeader> header;
  std::string error;
};
DecodedHeader decode_header(std::span<const uint8_t> bytes);

}  // namespace hz
