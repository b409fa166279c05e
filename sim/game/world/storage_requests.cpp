#include "sim/game/world/storage_requests.h"

#include "sim/protocol/wire.h"

namespace hz {
namespace {

constexpr uint8_t kFormat = 1;
constexpr int kMaxErrorChars = 1024;

}  // namespace

Bytes encode_chunk_read_request(ChunkPos pos) {
  ByteWriter out(9);
  out.u8(kFormat);
  out.i32(pos.x);
  out.i32(pos.z);
  return out.take();
}

std::optional<ChunkPos> decode_chunk_read_request(std::span<const uint8_t> bytes) {
  ByteReader in(bytes);
  const uint8_t format = in.u8();
  const ChunkPos pos{in.i32(), in.i32()};
  in.expect_end();
  if (!in.ok() || format != kFormat) return std::nullopt;
  return pos;
}

Bytes encode_chunk_read_result(const ChunkReadResult& result) {
  ByteWriter out(result.nbt.size() + 2);
  out.u8(kFormat);
  out.u8(static_cast<uint8_t>(result.outcome));
  if (result.outcome == ChunkReadResult::Outcome::kFound) out.raw(result.nbt);
  if (result.outcome == ChunkReadResult::Outcome::kFailed) out.string(result.error.substr(0, kMaxErrorChars));
  return out.take();
}

std::optional<ChunkReadResult> decode_chunk_read_result(std::span<const uint8_t> bytes) {
  ByteReader in(bytes);
  const uint8_t format = in.u8();
  const uint8_t outcome = in.u8();
  if (!in.ok() || format != kFormat || outcome > 2) return std::nullopt;
  ChunkReadResult result;
  result.outcome = static_cast<ChunkReadResult::Outcome>(outcome);
  if (result.outcome == ChunkReadResult::Outcome::kFound) result.nbt = in.raw(in.remaining());
  if (result.outcome == ChunkReadResult::Outcome::kFailed) result.error = in.string(kMaxErrorChars);
  in.expect_end();
  if (!in.ok()) return std::nullopt;
  return result;
}

Bytes encode_chunk_write_request(const ChunkWriteRequest& request) {
  ByteWriter out(request.nbt.size() + 10);
  out.u8(kFormat);
  out.i32(request.pos.x);
  out.i32(request.pos.z);
  out.boolean(request.sync);
  out.raw(request.nbt);
  return out.take();
}

std::optional<ChunkWriteRequest> decode_chunk_write_request(std::span<const uint8_t> bytes) {
  ByteReader in(bytes);
  ChunkWriteRequest request;
  const uint8_t format = in.u8();
  request.pos = ChunkPos{in.i32(), in.i32()};
  request.sync = in.boolean();
  if (!in.ok() || format != kFormat) return std::nullopt;
  request.nbt = in.raw(in.remaining());
  return request;
}

}  // namespace hz
