// hz-make-corpus: writes the seed inputs of every fuzz target into corpus/<target>/ (one file per
// input, named after what it holds): every declared serverbound packet of every state, frames in
// each compression mode, registry and chunk NBT, a server.properties file, a small trace, a
// region file with generated chunks and a parity recording. Re-run after adding packets or formats.
#include <filesystem>
#include <fstream>
#include <iostream>

#include "replay/format/trace_file.h"
#include "sim/core/clock.h"
#include "sim/core/effect_buffer.h"
#include "sim/game/core.h"
#include "sim/core/properties.h"
#include "sim/data/registries.h"
#include "sim/protocol/framing.h"
#include "sim/protocol/nbt.h"
#include "sim/protocol/packets.h"
#include "sim/world/anvil/chunk_nbt.h"
#include "sim/world/anvil/compression.h"
#include "sim/world/anvil/region_file.h"
#include "sim/world/chunk_column.h"
#include "tools/parity/recording.h"

namespace fs = std::filesystem;
using namespace hz;

namespace {

fs::path g_root;

void write(const std::string& target, const std::string& name, std::span<const uint8_t> bytes) {
  fs::create_directories(g_root / target);
  std::ofstream out(g_root / target / name, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

template <ProtocolState S, Direction D, Packet... Ps>
void packets_of(PacketSet<S, D, Ps...>, uint8_t selector, std::vector<Bytes>& bodies) {
  auto one = [&]<class P>(P packet) {
    Bytes body = encode_packet(packet);
    Bytes input{selector};
    input.insert(input.end(), body.begin(), body.end());
    write("serverbound_packets", std::string(state_name(S)) + "_" + std::string(P::kName), input);
    bodies.push_back(std::move(body));
  };
  (one(Ps{}), ...);
}

void packet_and_frame_seeds() {
  std::vector<Bytes> bodies;
  packets_of(packet::HandshakeServerbound{}, 0, bodies);
  packets_of(packet::StatusServerbound{}, 1, bodies);
  packets_of(packet::LoginServerbound{}, 2, bodies);
  packets_of(packet::ConfigServerbound{}, 3, bodies);
  packets_of(packet::PlayServerbound{}, 4, bodies);
  // Frames: selector byte (threshold mode), piece size byte, then several frames back to back.
  const int32_t thresholds[] = {-1, 0, 256};
  for (uint8_t mode = 0; mode < 3; ++mode) {
    Bytes input{mode, 7};
    for (const Bytes& body : bodies) {
      auto frame = encode_frame(body, thresholds[mode]);
      if (frame) input.insert(input.end(), frame->begin(), frame->end());
    }
    write("frame_decoder", "all_packets_threshold_" + std::to_string(thresholds[mode]), input);
  }
  Bytes big(3000, 'x');
  auto compressed = encode_frame(big, 256);
  Bytes input{2, 64};
  input.insert(input.end(), compressed->begin(), compressed->end());
  write("frame_decoder", "compressed_3000_bytes", input);
}

void nbt_seeds() {
  int n = 0;
  for (const Registry& registry : synced_registries()) {
    if (registry.entries.empty()) continue;
    Bytes input{1};
    input.insert(input.end(), registry.entries[0].nbt.begin(), registry.entries[0].nbt.end());
    std::string name(registry.name);
    for (char& c : name)
      if (c == ':' || c == '/') c = '_';
    write("nbt_reader", "network_" + name, input);
    ++n;
  }
  ChunkColumn column(ChunkPos{0, 0});
  for (int x = 0; x < 16; ++x)
    for (int z = 0; z < 16; ++z) column.set_block(x, 60, z, default_state_of("stone"));
  Bytes file = anvil::encode_chunk(column, {});
  Bytes input{0};
  input.insert(input.end(), file.begin(), file.end());
  write("nbt_reader", "file_chunk", input);
}

void properties_seeds() {
  std::string text = write_server_properties(*parse_server_properties("").properties, "seed");
  write("server_properties", "defaults", std::span(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
  std::string odd = "# comment\nmotd=A \\u0041 \\\n  continued\nkey\\=with\\:escapes = v\nserver-port:25566\n";
  write("server_properties", "escapes", std::span(reinterpret_cast<const uint8_t*>(odd.data()), odd.size()));
}

void trace_seeds() {
  TraceHeader header;
  header.build_id = "corpus";
  header.protocol_version = 775;
  header.world_seed = 12345;
  Bytes file = encode_preamble(header);
  std::vector<Record> records = {ClockReadRecord{1000}, StartedRecord{},
                                 ConnectionOpened{1, "127.0.0.1:1"}, BytesReceived{1, {0x10, 0x00, 0x87, 0x06}},
                                 ConsoleLine{"tick query"}, ClockReadRecord{2000}, ClockReadRecord{3000},
                                 ClockReadRecord{4000}, IterationEndRecord{}};
  // A few movement packets (compressed framing), which the records code as differences.
  for (double x : {0.5, 0.7, 0.9, 1.1}) {
    auto move = encode_frame(encode_packet(packet::play_sb::Position{x, 64.0, 8.5, 1}), 256);
    records.push_back(BytesReceived{1, *move});
  }
  records.push_back(ClockReadRecord{5000});
  records.push_back(IterationEndRecord{PassDigest{2, 0x1234, 1, 2, 3}});
  records.push_back(SnapshotRecord{2, 2, 0x55, 0x66, 0, 1, {1, 2, 3, 4}});
  FrameInfo info;
  Bytes frame = encode_trace_frame(records, info);
  file.insert(file.end(), frame.begin(), frame.end());
  write("trace_reader", "small_session", file);
}

// A core's snapshot after a few passes: a connection half through its handshake, console commands
// (time, weather, a game rule) and the spawn area's generation asked for (no chunk done yet).
void snapshot_seeds() {
  CoreConfig config;
  config.properties = *parse_server_properties("online-mode=false\nview-distance=2\nsimulation-distance=2\n").properties;
  config.world_seed = 12345;
  ManualClock clock(1'000'000'000);
  EffectBuffer effects;
  Core core(config, clock, effects);
  core.start();
  const std::vector<std::vector<Input>> passes = {
      {ConnectionOpened{1, "127.0.0.1:1"}, BytesReceived{1, {0x10, 0x00, 0x87, 0x06}}},
      {ConsoleLine{"time set 1000"}, ConsoleLine{"weather rain"}},
      {ConsoleLine{"gamerule keep_inventory true"}}};
  for (const auto& inputs : passes) {
    clock.advance(50'000'000);
    core.run_iteration(inputs);
  }
  write("core_snapshot", "few_passes", core.write_snapshot_parts());
}

// A parity recording of one short play session (login with compression, a teleport, a move, a
// chunk batch, the close), whole and with its last frame cut short.
void parity_seeds() {
  parity::RecordingHeader header;
  header.upstream = "127.0.0.1:25565";
  header.listen = "127.0.0.1:25566";
  Bytes file = parity::encode_recording_preamble(header);
  auto packet_event = [](int64_t micros, auto packet) {
    using P = decltype(packet);
    return parity::Event{1, micros, parity::PacketEvent{P::kDirection, P::kState, encode_packet(packet)}};
  };
  packet::play_cb::Position teleport;
  teleport.teleport_id = 1;
  teleport.y = 64;
  packet::play_sb::Position move;
  move.y = 64;
  move.z = 0.5;
  std::vector<parity::Event> events = {
      {1, 0, parity::ConnectionOpenedEvent{"127.0.0.1:40000"}},
      packet_event(10, packet::handshake_sb::SetProtocol{775, "localhost", 25566, 2}),
      packet_event(20, packet::login_sb::LoginStart{"Corpus", Uuid{}}),
      packet_event(30, packet::login_cb::Compress{256}),
      packet_event(40, teleport),
      packet_event(50, packet::play_sb::TeleportConfirm{1}),
      packet_event(60, move),
      packet_event(70, packet::play_cb::ChunkBatchStart{}),
      packet_event(80, packet::play_cb::ChunkBatchFinished{0}),
      packet_event(90, packet::play_cb::KeepAlive{42}),
      {1, 100, parity::ConnectionClosedEvent{"client closed"}}};
  parity::RecordingEncoder encoder;
  for (const parity::Event& e : events) encoder.add(e);
  Bytes frame = *encoder.flush();
  file.insert(file.end(), frame.begin(), frame.end());
  write("parity_recording", "small_session", file);
  file.resize(file.size() - frame.size() / 2);
  write("parity_recording", "truncated_frame", file);
}

void region_seeds() {
  anvil::RegionFile region;
  Bytes file(anvil::kHeaderBytes, 0);
  for (int slot = 0; slot < 3; ++slot) {
    ChunkColumn column(ChunkPos{slot, 0});
    for (int x = 0; x < 16; ++x)
      for (int z = 0; z < 16; ++z) column.set_block(x, 62 + slot, z, default_state_of("grass_block"));
    Bytes packed = anvil::compress(anvil::ChunkCodec::kZlib, anvil::encode_chunk(column, {}));
    anvil::PlannedWrite plan = region.stage_write(slot, anvil::ChunkCodec::kZlib, packed, 1);
    if (file.size() < plan.run.offset() + plan.record.size()) file.resize(plan.run.offset() + plan.record.size());
    std::copy(plan.record.begin(), plan.record.end(), file.begin() + static_cast<long>(plan.run.offset()));
  }
  Bytes header = region.header_bytes();
  std::copy(header.begin(), header.end(), file.begin());
  region.commit();
  write("region_chunk", "three_chunks", file);
}

}  // namespace

int main(int argc, char** argv) {
  g_root = argc > 1 ? fs::path(argv[1]) : fs::path("corpus");
  packet_and_frame_seeds();
  nbt_seeds();
  properties_seeds();
  trace_seeds();
  snapshot_seeds();
  region_seeds();
  parity_seeds();
  std::cout << "corpus written under " << g_root << "\n";
  return 0;
}
