#include "replay/format/records.h"

#include "sim/core/hash.h"
#include "sim/protocol/wire.h"

namespace hz {

const char* record_type_name(uint8_t type) {
  static constexpr const char* kNames[] = {"ConnectionOpened",
                                           "BytesReceived",
                                           "ConnectionClosed",
                                           "ConsoleLine",
                                           "JobCompleted",
                                           "ClockRead",
                                           "Started",
                                           "IterationEnd",
                                           "Stopped",
                                           "Outbound",
                                           "Compression",
                                           "ServerClose",
                                           "Log",
                                           "StopRequested",
                                           "JobSubmitted",
                                           "StorageWrite",
                                           "RconReply",
                                           "SessionAnswer",
                                           "FinishEncryption",
                                           "JobRecomputed",
                                           "Snapshot"};
  static_assert(std::size(kNames) == kRecordTypeCount);
  if (type == 0 || type > kRecordTypeCount) return "unknown";
  return kNames[type - 1];
}

bool is_input_record(const Record& r) {
  return r.index() <= 4 || std::holds_alternative<SessionAnswer>(r) || std::holds_alternative<JobRecomputedRecord>(r);
}

std::optional<Input> record_as_input(const Record& r) {
  return std::visit(
      [](const auto& rec) -> std::optional<Input> {
        using T = std::decay_t<decltype(rec)>;
        if constexpr (std::is_constructible_v<Input, T>)
          return Input(rec);
        else
          return std::nullopt;
      },
      r);
}

Record input_as_record(Input in) {
  return std::visit([](auto&& i) -> Record { return Record(std::move(i)); }, std::move(in));
}

OutboundRecord outbound_record(ConnId conn, const Bytes& body) {
  OutboundRecord out;
  out.conn = conn;
  out.size = static_cast<uint32_t>(body.size());
  out.hash = hash_bytes(body);
  ByteReader reader(body);
  int32_t id = reader.varint();
  out.packet_id = reader.ok() ? id : -1;
  if (body.size() <= OutboundRecord::kMaxKeptBody) out.body = body;
  return out;
}

Record effect_as_record(const Effect& effect) {
  return std::visit(
      [](const auto& e) -> Record {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, SendPacket>)
          return outbound_record(e.conn, *e.body);
        else if constexpr (std::is_same_v<T, EnableCompression>)
          return CompressionRecord{e.conn, e.threshold};
        else if constexpr (std::is_same_v<T, CloseConnection>)
          return ServerCloseRecord{e.conn, e.reason};
        else if constexpr (std::is_same_v<T, LogLine>)
          return LogRecord{e.level, e.text};
        else if constexpr (std::is_same_v<T, StopRequested>)
          return StopRequestedRecord{};
        else if constexpr (std::is_same_v<T, SubmitJob>)
          return JobSubmittedRecord{e.job, e.kind, e.request.size()};
        else if constexpr (std::is_same_v<T, StorageWrite>)
          return StorageWriteRecord{e.path, e.bytes.size(), e.sync};
        else if constexpr (std::is_same_v<T, RconReply>)
          return RconReplyRecord{e.request, e.output};
        else
          return FinishEncryptionRecord{e.conn, e.username, e.encrypted_secret.size(), e.encrypted_token.size(),
                                        e.verify_token};
      },
      effect);
}

PassDigest pass_digest(const IterationDigest& digest) {
  Hasher packets;
  packets.u64(digest.outbound.size());
  for (const auto& [conn, hash] : digest.outbound) packets.u64(conn), packets.u64(hash);
  Hasher whole;
  whole.i64(digest.tick);
  whole.u64(packets.digest());
  whole.u64(digest.other_effects);
  whole.u64(digest.state);
  return PassDigest{digest.tick, whole.digest(), static_cast<uint8_t>(packets.digest()),
                    static_cast<uint8_t>(digest.other_effects), static_cast<uint8_t>(digest.state)};
}

uint64_t chain_step(uint64_t chain, const PassDigest& digest) {
  Hasher h(chain);
  h.i64(digest.tick);
  h.u64(digest.whole);
  return h.digest();
}

uint8_t result_check(std::span<const uint8_t> result) { return static_cast<uint8_t>(hash_bytes(result)); }

}  // namespace hz
