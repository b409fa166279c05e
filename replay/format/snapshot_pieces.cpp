#include "replay/format/snapshot_pieces.h"

#include <algorithm>
#include <utility>

namespace hz {

std::vector<SnapshotRecord> split_snapshot(const TraceSnapshot& snapshot) {
  const size_t size = snapshot.core.size();
  const size_t pieces = std::max<size_t>(1, (size + SnapshotRecord::kMaxPieceBytes - 1) / SnapshotRecord::kMaxPieceBytes);
  std::vector<SnapshotRecord> out;
  out.reserve(pieces);
  for (size_t i = 0; i < pieces; ++i) {
    SnapshotRecord r;
    r.tick = snapshot.tick;
    r.iteration = snapshot.iteration;
    r.chain_digest = snapshot.chain_digest;
    r.state_hash = snapshot.state_hash;
    r.piece = static_cast<uint32_t>(i);
    r.pieces = static_cast<uint32_t>(pieces);
    const size_t begin = i * SnapshotRecord::kMaxPieceBytes;
    const size_t end = std::min(size, begin + SnapshotRecord::kMaxPieceBytes);
    r.bytes.assign(snapshot.core.begin() + static_cast<ptrdiff_t>(begin),
                   snapshot.core.begin() + static_cast<ptrdiff_t>(end));
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<int64_t> snapshot_ticks(std::span<const Record> records) {
  std::vector<int64_t> ticks;
  for (const Record& r : records)
    if (auto* piece = std::get_if<SnapshotRecord>(&r); piece && piece->piece + 1 == piece->pieces)
      ticks.push_back(piece->tick);
  return ticks;
}

std::optional<TraceSnapshot> SnapshotAssembler::add(const SnapshotRecord& piece) {
  problem_.reset();
  const bool same_place = piece.tick == partial_.tick && piece.iteration == partial_.iteration &&
                          piece.chain_digest == partial_.chain_digest && piece.state_hash == partial_.state_hash;
  if (expected_ == 0) {
    if (piece.piece != 0) {
      problem_ = "snapshot piece " + std::to_string(piece.piece) + " of " + std::to_string(piece.pieces) +
                 " without the pieces before it";
      return std::nullopt;
    }
    partial_ = TraceSnapshot{piece.tick, piece.iteration, piece.chain_digest, piece.state_hash, {}};
    expected_ = piece.pieces;
    next_ = 0;
  } else if (piece.piece != next_ || piece.pieces != expected_ || !same_place) {
    problem_ = "snapshot piece " + std::to_string(piece.piece) + " of " + std::to_string(piece.pieces) +
               " where piece " + std::to_string(next_) + " of " + std::to_string(expected_) + " of the snapshot at tick " +
               std::to_string(partial_.tick) + " belongs";
    expected_ = 0;
    partial_.core.clear();
    return std::nullopt;
  }
  partial_.core.insert(partial_.core.end(), piece.bytes.begin(), piece.bytes.end());
  if (++next_ < expected_) return std::nullopt;
  expected_ = 0;
  return std::exchange(partial_, TraceSnapshot{});
}

}  // namespace hz
