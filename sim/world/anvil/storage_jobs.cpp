#include "sim/world/anvil/storage_jobs.h"

#include "sim/protocol/wire.h"

namespace hz::anvil {
namespace {

constexpr uint8_t kFormat = 1;
constexpr int kMaxDimensionChars = 256;
constexpr int kMaxFileChars = 256;

void write_address(ByteWriter& out, const ChunkAddress& a) {
  out.string(a.dimension);
  out.u8(static_cast<uint8_t>(a.store));
  out.i32(a.pos.x);
  out.i32(a.pos.z);
}

bool read_address(ByteReader& in, ChunkAddress& a) {
  a.dimension = in.string(kMaxDimensionChars);
  const uint8_t store = in.u8();
  a.pos.x = in.i32();
  a.pos.z = in.i32();
  if (store >= kChunkStoreCount) return false;
  a.store = static_cast<ChunkStore>(store);
  return in.ok();
}

void write_bytes(ByteWriter& out, std::span<const uint8_t> bytes) {
  out.varint(static_cast<int32_t>(bytes.size()));
  out.raw(bytes);
}

Bytes read_bytes(ByteReader& in) {
  const int32_t n = in.varint();
  if (n < 0) {
    in.fail(WireError::kNegativeLength);
    return {};
  }
  return in.raw(static_cast<size_t>(n));  // checked against the bytes left before allocating
}

bool valid_kind(uint32_t kind) { return is_storage_job(kind); }

}  // namespace

bool is_storage_job(uint32_t kind) {
  return kind == static_cast<uint32_t>(StorageJobKind::kReadChunk) ||
         kind == static_cast<uint32_t>(StorageJobKind::kWriteChunk) ||
         kind == static_cast<uint32_t>(StorageJobKind::kFlush) ||
         kind == static_cast<uint32_t>(StorageJobKind::kReadPlayer);
}

Bytes encode_request(const StorageRequest& request) {
  ByteWriter out(request.nbt.size() + 32);
  out.u8(kFormat);
  write_address(out, request.address);
  if (request.kind == StorageJobKind::kWriteChunk) write_bytes(out, request.nbt);
  if (request.kind == StorageJobKind::kReadPlayer) out.string(request.file);
  return out.take();
}

std::optional<StorageRequest> chunk_request(uint32_t kind, std::span<const uint8_t> bytes) {
  if (kind != static_cast<uint32_t>(StorageJobKind::kReadChunk) && kind != static_cast<uint32_t>(StorageJobKind::kWriteChunk))
    return std::nullopt;
  Result<StorageRequest> request = decode_request(kind, bytes);
  if (!request.ok()) return std::nullopt;
  return std::move(*request);
}

Result<StorageRequest> decode_request(uint32_t kind, std::span<const uint8_t> bytes) {
  if (!valid_kind(kind)) return Error{"not a storage job kind: " + std::to_string(kind)};
  ByteReader in(bytes);
  StorageRequest request;
  request.kind = static_cast<StorageJobKind>(kind);
  if (in.u8() != kFormat) return Error{"storage request: unknown format"};
  if (!read_address(in, request.address)) return Error{"storage request: bad chunk address"};
  if (request.kind == StorageJobKind::kWriteChunk) request.nbt = read_bytes(in);
  if (request.kind == StorageJobKind::kReadPlayer) request.file = in.string(kMaxFileChars);
  in.expect_end();
  if (!in.ok()) return Error{std::string("storage request: ") + wire_error_text(in.error())};
  return request;
}

SubmitJob storage_job(JobId job, const StorageRequest& request) {
  return SubmitJob{job, static_cast<uint32_t>(request.kind), encode_request(request)};
}

Bytes encode_result(const StorageResult& result) {
  ByteWriter out(result.nbt.size() + result.message.size() + 40);
  out.u8(kFormat);
  out.i32(static_cast<int32_t>(result.kind));
  write_address(out, result.address);
  out.u8(static_cast<uint8_t>(result.outcome));
  write_bytes(out, result.nbt);
  out.string(result.message);
  return out.take();
}

Result<StorageResult> decode_result(std::span<const uint8_t> bytes) {
  ByteReader in(bytes);
  StorageResult result;
  if (in.u8() != kFormat) return Error{"storage result: unknown format"};
  const auto kind = static_cast<uint32_t>(in.i32());
  if (!valid_kind(kind)) return Error{"storage result: bad job kind"};
  result.kind = static_cast<StorageJobKind>(kind);
  if (!read_address(in, result.address)) return Error{"storage result: bad chunk address"};
  const uint8_t outcome = in.u8();
  if (outcome > static_cast<uint8_t>(StorageOutcome::kDone)) return Error{"storage result: bad outcome"};
  result.outcome = static_cast<StorageOutcome>(outcome);
  result.nbt = read_bytes(in);
  result.message = in.string();
  in.expect_end();
  if (!in.ok()) return Error{std::string("storage result: ") + wire_error_text(in.error())};
  return result;
}

}  // namespace hz::anvil
