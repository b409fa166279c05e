#include "replay/format/record_archive.h"

#include "replay/format/move_coding.h"
#include "replay/format/zigzag.h"
#include "sim/protocol/wire.h"

#include <cereal/archives/binary.hpp>
#include <istream>
#include <ostream>
#include <streambuf>

namespace hz {
namespace {

// --- streams over byte vectors -------------------------------------------------------------------

class AppendBuffer final : public std::streambuf {
 public:
  explicit AppendBuffer(Bytes& out) : out_(out) {}

 protected:
  int_type overflow(int_type c) override {
    if (!traits_type::eq_int_type(c, traits_type::eof())) out_.push_back(static_cast<uint8_t>(c));
    return traits_type::not_eof(c);
  }
  std::streamsize xsputn(const char* s, std::streamsize n) override {
    out_.insert(out_.end(), reinterpret_cast<const uint8_t*>(s), reinterpret_cast<const uint8_t*>(s) + n);
    return n;
  }

 private:
  Bytes& out_;
};

class SpanBuffer final : public std::streambuf {
 public:
  explicit SpanBuffer(std::span<const uint8_t> in) {
    // The get area is only read from; streambuf's interface merely lacks a const form.
    char* p = const_cast<char*>(reinterpret_cast<const char*>(in.data()));
    setg(p, p, p + in.size());
  }
  size_t remaining() const { return static_cast<size_t>(egptr() - gptr()); }
  size_t consumed() const { return static_cast<size_t>(gptr() - eback()); }
  std::span<const uint8_t> rest() const { return {reinterpret_cast<const uint8_t*>(gptr()), remaining()}; }
  void skip(size_t n) { gbump(static_cast<int>(n)); }
};

// --- what a frame's records are coded against ---------------------------------------------------

// Some fields are written as differences from the frame's earlier records (a frame decodes on its
// own, so this starts empty in each): tick counts, clock reads, job numbers, and movement packets.
struct FrameState {
  int64_t tick = 0;
  int64_t clock = 0;
  int64_t job = 0;
  MoveCoder moves;
};

// --- writing -----------------------------------------------------------------------------------

class Writer {
 public:
  explicit Writer(Bytes& out) : buffer_(out), stream_(&buffer_), archive_(stream_) {}

  template <class T>
  void num(T v) {
    archive_(v);
  }
  void flag(bool v) { num<uint8_t>(v ? 1 : 0); }
  void bytes(std::span<const uint8_t> b) {
    num<uint64_t>(b.size());
    if (!b.empty()) archive_(cereal::binary_data(b.data(), b.size()));
  }
  void str(std::string_view s) { bytes({reinterpret_cast<const uint8_t*>(s.data()), s.size()}); }
  // The protocol's VarLong (LEB128 of the 64 bits).
  void varint(uint64_t v) {
    ByteWriter w(10);
    w.varlong(static_cast<int64_t>(v));
    const Bytes b = w.take();
    archive_(cereal::binary_data(b.data(), b.size()));
  }
  // A value as the zigzag VarInt of its difference from the last one of its kind in the frame.
  void delta(int64_t v, int64_t& last) {
    varint(zigzag<uint64_t>(static_cast<uint64_t>(v) - static_cast<uint64_t>(last)));
    last = v;
  }
  void digest(const PassDigest& d) {
    delta(d.tick, frame_.tick);
    num<uint64_t>(d.whole);
    num<uint8_t>(d.packets_tag), num<uint8_t>(d.other_tag), num<uint8_t>(d.state_tag);
  }
  // Starts a new frame: the deltas and the move coder start from nothing again.
  void reset() { frame_ = {}; }

  void fields(const ConnectionOpened& r) { num<uint32_t>(r.conn), str(r.remote); }
  // The most frequent record: its connection and length as VarInts, its bytes recoded (MoveCoder).
  void fields(const BytesReceived& r) {
    varint(r.conn), varint(r.bytes.size());
    Bytes recoded = r.bytes;
    frame_.moves.encode(r.conn, recoded);
    if (!recoded.empty()) archive_(cereal::binary_data(recoded.data(), recoded.size()));
  }
  void fields(const ConnectionClosed& r) { num<uint32_t>(r.conn); }
  void fields(const ConsoleLine& r) { str(r.text), num<uint32_t>(r.rcon_request); }
  void fields(const JobCompleted& r) { delta(static_cast<int64_t>(r.job), frame_.job), bytes(r.result); }
  void fields(const JobRecomputedRecord& r) {
    delta(static_cast<int64_t>(r.job), frame_.job), num<uint32_t>(r.kind), num<uint8_t>(r.check);
  }
  void fields(const ClockReadRecord& r) { delta(r.nanos, frame_.clock); }
  void fields(const StartedRecord&) {}
  void fields(const IterationEndRecord& r) { digest(r.digest); }
  void fields(const StoppedRecord& r) { digest(r.digest); }
  // A kept body carries its id, size and hash: only the rest is written.
  void fields(const OutboundRecord& r) {
    num<uint32_t>(r.conn), flag(r.body.has_value());
    if (r.body)
      bytes(*r.body);
    else
      num<int32_t>(r.packet_id), num<uint32_t>(r.size), num<uint64_t>(r.hash);
  }
  void fields(const CompressionRecord& r) { num<uint32_t>(r.conn), num<int32_t>(r.threshold); }
  void fields(const ServerCloseRecord& r) { num<uint32_t>(r.conn), str(r.reason); }
  void fields(const LogRecord& r) { num<uint8_t>(static_cast<uint8_t>(r.level)), str(r.text); }
  void fields(const StopRequestedRecord&) {}
  void fields(const JobSubmittedRecord& r) {
    delta(static_cast<int64_t>(r.job), frame_.job), num<uint32_t>(r.kind), varint(r.size);
  }
  void fields(const StorageWriteRecord& r) { str(r.path), num<uint64_t>(r.size), flag(r.sync); }
  void fields(const RconReplyRecord& r) { num<uint32_t>(r.request), str(r.output); }
  void fields(const SessionAnswer& r) {
    num<uint32_t>(r.conn), num<uint8_t>(static_cast<uint8_t>(r.outcome));
    num<uint64_t>(r.id_most), num<uint64_t>(r.id_least), str(r.name);
    num<uint64_t>(r.properties.size());
    for (const SessionProfileProperty& p : r.properties) {
      str(p.name), str(p.value), flag(p.has_signature);
      if (p.has_signature) str(p.signature);
    }
  }
  void fields(const FinishEncryptionRecord& r) {
    num<uint32_t>(r.conn), str(r.username), num<uint64_t>(r.secret_size), num<uint64_t>(r.token_size);
    bytes(r.verify_token);
  }
  void fields(const SnapshotRecord& r) {
    num<int64_t>(r.tick), num<uint64_t>(r.iteration), num<uint64_t>(r.chain_digest), num<uint64_t>(r.state_hash);
    num<uint32_t>(r.piece), num<uint32_t>(r.pieces), bytes(r.bytes);
  }

 private:
  AppendBuffer buffer_;
  std::ostream stream_;
  cereal::BinaryOutputArchive archive_;
  FrameState frame_;
};

// --- reading -----------------------------------------------------------------------------------

// Thrown inside the decoder only; decode_records/decode_header turn it into a damage report.
struct Malformed {
  std::string text;
};

class Reader {
 public:
  explicit Reader(std::span<const uint8_t> in) : buffer_(in), stream_(&buffer_), archive_(stream_) {}

  bool at_end() const { return buffer_.remaining() == 0; }
  size_t consumed() const { return buffer_.consumed(); }

  template <class T>
  T num() {
    if (buffer_.remaining() < sizeof(T)) throw Malformed{"a field runs past the end of the records"};
    T v{};
    archive_(v);
    return v;
  }
  bool flag() {
    uint8_t v = num<uint8_t>();
    if (v > 1) throw Malformed{"boolean byte " + std::to_string(v)};
    return v == 1;
  }
  // A length whose elements take at least `min_element_size` bytes each: checked against the
  // bytes left, so nothing is allocated that the input does not back.
  uint64_t length(size_t min_element_size) {
    uint64_t n = num<uint64_t>();
    if (n > buffer_.remaining() / min_element_size)
      throw Malformed{"length " + std::to_string(n) + " exceeds the " + std::to_string(buffer_.remaining()) +
                      " bytes left"};
    return n;
  }
  Bytes bytes() {
    Bytes b(length(1));
    if (!b.empty()) archive_(cereal::binary_data(b.data(), b.size()));
    return b;
  }
  std::string str() {
    Bytes b = bytes();
    return std::string(b.begin(), b.end());
  }
  // The protocol's VarLong, read from the bytes left and then stepped over.
  uint64_t varint() {
    ByteReader r(buffer_.rest());
    const int64_t v = r.varlong();
    if (!r.ok()) throw Malformed{std::string("a VarInt: ") + wire_error_text(r.error())};
    buffer_.skip(buffer_.remaining() - r.remaining());
    return static_cast<uint64_t>(v);
  }
  int64_t delta(int64_t& last) {
    last = static_cast<int64_t>(static_cast<uint64_t>(last) + unzigzag<uint64_t>(varint()));
    return last;
  }
  PassDigest digest() {
    PassDigest d;
    d.tick = delta(frame_.tick);
    d.whole = num<uint64_t>();
    d.packets_tag = num<uint8_t>(), d.other_tag = num<uint8_t>(), d.state_tag = num<uint8_t>();
    return d;
  }

  void fields(ConnectionOpened& r) { r.conn = num<uint32_t>(), r.remote = str(); }
  void fields(BytesReceived& r) {
    uint64_t conn = varint();
    if (conn > UINT32_MAX) throw Malformed{"connection " + std::to_string(conn)};
    r.conn = static_cast<ConnId>(conn);
    uint64_t n = varint();
    if (n > buffer_.remaining())
      throw Malformed{"length " + std::to_string(n) + " exceeds the " + std::to_string(buffer_.remaining()) + " bytes left"};
    r.bytes.resize(n);
    if (n > 0) archive_(cereal::binary_data(r.bytes.data(), n));
    frame_.moves.decode(r.conn, r.bytes);
  }
  void fields(ConnectionClosed& r) { r.conn = num<uint32_t>(); }
  void fields(ConsoleLine& r) { r.text = str(), r.rcon_request = num<uint32_t>(); }
  void fields(JobCompleted& r) { r.job = static_cast<JobId>(delta(frame_.job)), r.result = bytes(); }
  void fields(JobRecomputedRecord& r) {
    r.job = static_cast<JobId>(delta(frame_.job)), r.kind = num<uint32_t>(), r.check = num<uint8_t>();
  }
  void fields(ClockReadRecord& r) { r.nanos = delta(frame_.clock); }
  void fields(StartedRecord&) {}
  void fields(IterationEndRecord& r) { r.digest = digest(); }
  void fields(StoppedRecord& r) { r.digest = digest(); }
  void fields(OutboundRecord& r) {
    const ConnId conn = num<uint32_t>();
    if (flag()) {
      r = outbound_record(conn, bytes());
      if (!r.body) throw Malformed{"a packet body kept whole beyond the size kept whole"};
    } else {
      r.conn = conn, r.packet_id = num<int32_t>(), r.size = num<uint32_t>(), r.hash = num<uint64_t>();
    }
  }
  void fields(CompressionRecord& r) { r.conn = num<uint32_t>(), r.threshold = num<int32_t>(); }
  void fields(ServerCloseRecord& r) { r.conn = num<uint32_t>(), r.reason = str(); }
  void fields(LogRecord& r) {
    auto level = num<uint8_t>();
    if (level > static_cast<uint8_t>(LogLevel::kFatal)) throw Malformed{"log level " + std::to_string(level)};
    r.level = static_cast<LogLevel>(level);
    r.text = str();
  }
  void fields(StopRequestedRecord&) {}
  void fields(JobSubmittedRecord& r) {
    r.job = static_cast<JobId>(delta(frame_.job)), r.kind = num<uint32_t>(), r.size = varint();
  }
  void fields(StorageWriteRecord& r) { r.path = str(), r.size = num<uint64_t>(), r.sync = flag(); }
  void fields(RconReplyRecord& r) { r.request = num<uint32_t>(), r.output = str(); }
  void fields(SessionAnswer& r) {
    r.conn = num<uint32_t>();
    auto outcome = num<uint8_t>();
    if (outcome > static_cast<uint8_t>(SessionOutcome::kBadHandshake))
      throw Malformed{"session outcome " + std::to_string(outcome)};
    r.outcome = static_cast<SessionOutcome>(outcome);
    r.id_most = num<uint64_t>(), r.id_least = num<uint64_t>(), r.name = str();
    uint64_t n = length(17);  // each property: two lengths and a flag at least
    for (uint64_t i = 0; i < n; ++i) {
      SessionProfileProperty p;
      p.name = str(), p.value = str(), p.has_signature = flag();
      if (p.has_signature) p.signature = str();
      r.properties.push_back(std::move(p));
    }
  }
  void fields(FinishEncryptionRecord& r) {
    r.conn = num<uint32_t>(), r.username = str(), r.secret_size = num<uint64_t>(), r.token_size = num<uint64_t>();
    r.verify_token = bytes();
  }
  void fields(SnapshotRecord& r) {
    r.tick = num<int64_t>(), r.iteration = num<uint64_t>(), r.chain_digest = num<uint64_t>();
    r.state_hash = num<uint64_t>(), r.piece = num<uint32_t>(), r.pieces = num<uint32_t>();
    if (r.pieces == 0 || r.pieces > SnapshotRecord::kMaxPieces || r.piece >= r.pieces)
      throw Malformed{"snapshot piece " + std::to_string(r.piece) + " of " + std::to_string(r.pieces)};
    r.bytes = bytes();
    if (r.bytes.size() > SnapshotRecord::kMaxPieceBytes)
      throw Malformed{"a snapshot piece of " + std::to_string(r.bytes.size()) + " bytes"};
  }

 private:
  SpanBuffer buffer_;
  std::istream stream_;
  cereal::BinaryInputArchive archive_;
  FrameState frame_;
};

// The default-constructed record of a type byte (1-based variant index).
template <size_t I = 0>
Record make_record(uint8_t type) {
  if constexpr (I + 1 < kRecordTypeCount) {
    if (type == I + 1) return Record(std::in_place_index<I>);
    return make_record<I + 1>(type);
  } else {
    return Record(std::in_place_index<I>);
  }
}

void write_record(Writer& w, const Record& record) {
  w.num<uint8_t>(record_type(record));
  std::visit([&w](const auto& r) { w.fields(r); }, record);
}

}  // namespace

void append_records(std::span<const Record> records, Bytes& out) {
  Writer w(out);
  for (const Record& record : records) write_record(w, record);
}

struct RecordEncoder::State {
  Bytes out;
  Writer writer{out};  // keeps a reference to `out`, which take() only swaps
};

RecordEncoder::RecordEncoder() : state_(std::make_unique<State>()) {}
RecordEncoder::~RecordEncoder() = default;
void RecordEncoder::add(const Record& record) { write_record(state_->writer, record); }
size_t RecordEncoder::size() const { return state_->out.size(); }
Bytes RecordEncoder::take() {
  Bytes done;
  done.swap(state_->out);
  state_->writer.reset();
  return done;
}

Bytes encode_records(std::span<const Record> records) {
  Bytes out;
  append_records(records, out);
  return out;
}

DecodedRecords decode_records(std::span<const uint8_t> payload) {
  DecodedRecords result;
  Reader reader(payload);
  size_t start = 0;
  try {
    while (!reader.at_end()) {
      start = reader.consumed();
      auto type = reader.num<uint8_t>();
      if (type == 0 || type > kRecordTypeCount) {
        result.damage = TraceDamage{DamageKind::kUnknownRecordType, start, 0,
                                    "record type " + std::to_string(type) + " (record " +
                                        std::to_string(result.records.size()) + " of the frame)"};
        return result;
      }
      Record r = make_record(type);
      std::visit([&reader](auto& rec) { reader.fields(rec); }, r);
      result.records.push_back(std::move(r));
    }
  } catch (const Malformed& m) {
    result.damage = TraceDamage{DamageKind::kMalformedRecords, start, 0, m.text};
  } catch (const cereal::Exception& e) {
    result.damage = TraceDamage{DamageKind::kMalformedRecords, start, 0, e.what()};
  }
  return result;
}

namespace {

void encode_level_start(Writer& w, const TraceLevelStart& l) {
  w.num<int64_t>(l.game_time);
  w.num<uint64_t>(l.clocks.size());
  for (const TraceClockStart& c : l.clocks) {
    w.num<uint32_t>(c.clock_id), w.num<int64_t>(c.total_ticks), w.num<float>(c.partial_tick), w.num<float>(c.rate);
    w.flag(c.paused);
  }
  w.num<int32_t>(l.clear_weather_time), w.num<int32_t>(l.rain_time), w.num<int32_t>(l.thunder_time);
  w.flag(l.raining), w.flag(l.thundering);
}

TraceLevelStart decode_level_start(Reader& r) {
  TraceLevelStart l;
  l.game_time = r.num<int64_t>();
  uint64_t n = r.length(21);
  for (uint64_t i = 0; i < n; ++i) {
    TraceClockStart c;
    c.clock_id = r.num<uint32_t>();
    if (!l.clocks.empty() && c.clock_id <= l.clocks.back().clock_id) throw Malformed{"clock ids out of order"};
    c.total_ticks = r.num<int64_t>();
    c.partial_tick = r.num<float>();
    c.rate = r.num<float>();
    c.paused = r.flag();
    l.clocks.push_back(c);
  }
  l.clear_weather_time = r.num<int32_t>();
  l.rain_time = r.num<int32_t>();
  l.thunder_time = r.num<int32_t>();
  l.raining = r.flag();
  l.thundering = r.flag();
  return l;
}

}  // namespace

Bytes encode_header(const TraceHeader& h) {
  Bytes out;
  Writer w(out);
  w.str(h.build_id);
  w.num<int32_t>(h.protocol_version);
  w.num<uint64_t>(h.properties.size());
  for (const auto& [key, value] : h.properties) w.str(key), w.str(value);
  w.num<int64_t>(h.world_seed);
  w.num<uint8_t>(static_cast<uint8_t>(h.world_origin));
  w.num<uint64_t>(h.world_files_hash);
  encode_level_start(w, h.level_start);
  w.str(h.ops_json);
  w.bytes(h.server_icon_png);
  w.str(h.session);
  w.num<uint32_t>(h.file_index);
  w.num<uint64_t>(h.first_iteration);
  w.num<int64_t>(h.first_tick);
  w.num<uint64_t>(h.chain_digest);
  w.num<int64_t>(h.wall_clock_millis);
  w.str(h.whitelist_json);
  w.str(h.banned_players_json);
  w.str(h.banned_ips_json);
  w.bytes(h.server_public_key);
  return out;
}

DecodedHeader decode_header(std::span<const uint8_t> bytes) {
  DecodedHeader result;
  Reader r(bytes);
  try {
    TraceHeader h;
    h.build_id = r.str();
    h.protocol_version = r.num<int32_t>();
    uint64_t n = r.length(16);
    for (uint64_t i = 0; i < n; ++i) {
      std::string key = r.str();
      if (!h.properties.empty() && key <= h.properties.rbegin()->first) throw Malformed{"property keys out of order"};
      h.properties.emplace(std::move(key), r.str());
    }
    h.world_seed = r.num<int64_t>();
    auto origin = r.num<uint8_t>();
    if (origin > static_cast<uint8_t>(WorldOrigin::kLoaded)) throw Malformed{"world origin " + std::to_string(origin)};
    h.world_origin = static_cast<WorldOrigin>(origin);
    h.world_files_hash = r.num<uint64_t>();
    h.level_start = decode_level_start(r);
    h.ops_json = r.str();
    h.server_icon_png = r.bytes();
    h.session = r.str();
    h.file_index = r.num<uint32_t>();
    h.first_iteration = r.num<uint64_t>();
    h.first_tick = r.num<int64_t>();
    h.chain_digest = r.num<uint64_t>();
    h.wall_clock_millis = r.num<int64_t>();
    h.whitelist_json = r.str();
    h.banned_players_json = r.str();
    h.banned_ips_json = r.str();
    h.server_public_key = r.bytes();
    if (!r.at_end()) throw Malformed{"bytes after the header's last field"};
    result.header = std::move(h);
  } catch (const Malformed& m) {
    result.error = m.text;
  } catch (const cereal::Exception& e) {
    result.error = e.what();
  }
  return result;
}

}  // namespace hz
