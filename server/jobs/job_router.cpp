#include "server/jobs/job_router.h"

#include "sim/game/world/job_kinds.h"

namespace hz {

JobRouter::JobRouter(Inbox& inbox, int worker_threads, ChunkStore& store)
    : generation_(worker_threads, inbox, [](uint32_t kind, std::span<const uint8_t> request) {
        return run_world_job(kind, request);
      }),
      storage_(1, inbox, [&store](uint32_t kind, std::span<const uint8_t> request) {
        return run_storage_job(store, kind, request);
      }) {}

void JobRouter::submit(SubmitJob job) {
  if (job.kind == kJobKindChunkRead || job.kind == kJobKindChunkWrite) storage_.submit(std::move(job));
  else generation_.submit(std::move(job));
}

Bytes JobRouter::run_storage_job(ChunkStore& store, uint32_t kind, std::span<const uint8_t> request) {
  if (kind == kJobKindChunkRead) {
    std::optional<ChunkPos> pos = decode_chunk_read_request(request);
    if (!pos) return {};
    return encode_chunk_read_result(store.read(*pos));
  }
  std::optional<ChunkWriteRequest> write = decode_chunk_write_request(request);
  if (write) store.write(*write);
  return {};
}

}  // namespace hz
