// horizon-trace export to ReplayMod: the zip writer read back with zlib's inflate, the record
// framing, one player's view of a replay, and whole exports of recorded sessions checked against
// the packets the trace noted for that player.
#include <gtest/gtest.h>
#include <zlib.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "replay/cli/trace_commands.h"
#include "replay/export/player_view.h"
#include "replay/export/replaymod_format.h"
#include "replay/export/zip_writer.h"
#include "replay/format/trace_edit.h"
#include "sim/core/hash.h"
#include "sim/data/catalog.h"
#include "session_fixtures.h"

namespace hz::testing {
namespace {

namespace fs = std::filesystem;

// --- an independent zip reader: the central directory, local headers and raw inflate ---------

uint32_t le(const Bytes& b, size_t at, int size) {
  uint32_t v = 0;
  for (int i = size - 1; i >= 0; --i) v = v << 8 | b.at(at + static_cast<size_t>(i));
  return v;
}

uint32_t be32(const Bytes& b, size_t at) {
  return uint32_t{b.at(at)} << 24 | uint32_t{b.at(at + 1)} << 16 | uint32_t{b.at(at + 2)} << 8 | b.at(at + 3);
}

Bytes inflate_raw(const Bytes& in, size_t from, size_t size, size_t expected) {
  Bytes out(expected + 1);  // never empty (zlib refuses a null output buffer); one byte to spare
  z_stream z{};
  EXPECT_EQ(inflateInit2(&z, -MAX_WBITS), Z_OK);
  z.next_in = const_cast<Bytef*>(in.data() + from);
  z.avail_in = static_cast<uInt>(size);
  z.next_out = out.data();
  z.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(inflate(&z, Z_FINISH), Z_STREAM_END);
  EXPECT_EQ(z.total_out, expected);
  inflateEnd(&z);
  out.resize(expected);
  return out;
}

struct ReadEntry {
  Bytes data;
  uint16_t time = 0, date = 0;
};

// Reads every entry by the central directory, checking what the local header repeats and each crc.
std::map<std::string, ReadEntry> read_zip(const Bytes& zip) {
  std::map<std::string, ReadEntry> out;
  size_t end = zip.size() - 22;
  EXPECT_EQ(le(zip, end, 4), 0x06054b50u) << "end of central directory record";
  size_t count = le(zip, end + 10, 2);
  size_t at = le(zip, end + 16, 4);
  EXPECT_EQ(at + le(zip, end + 12, 4), end) << "directory size";
  for (size_t i = 0; i < count; ++i) {
    EXPECT_EQ(le(zip, at, 4), 0x02014b50u);
    uint16_t method = static_cast<uint16_t>(le(zip, at + 10, 2));
    uint32_t crc = le(zip, at + 16, 4), packed = le(zip, at + 20, 4), size = le(zip, at + 24, 4);
    size_t name_length = le(zip, at + 28, 2), extra = le(zip, at + 30, 2), comment = le(zip, at + 32, 2);
    size_t local = le(zip, at + 42, 4);
    std::string name(zip.begin() + static_cast<ptrdiff_t>(at + 46),
                     zip.begin() + static_cast<ptrdiff_t>(at + 46 + name_length));
    EXPECT_EQ(le(zip, local, 4), 0x04034b50u) << name;
    EXPECT_EQ(le(zip, local + 14, 4), crc) << name;
    EXPECT_EQ(le(zip, local + 18, 4), packed) << name;
    size_t data_at = local + 30 + le(zip, local + 26, 2) + le(zip, local + 28, 2);
    EXPECT_EQ(method, 8) << name << " is deflated";
    ReadEntry e{inflate_raw(zip, data_at, packed, size), static_cast<uint16_t>(le(zip, at + 12, 2)),
                static_cast<uint16_t>(le(zip, at + 14, 2))};
    EXPECT_EQ(crc32(0L, e.data.data(), static_cast<uInt>(e.data.size())), crc) << name;
    out[name] = std::move(e);
    at += 46 + name_length + extra + comment;
  }
  return out;
}

TEST(ZipWriter, EntriesReadBackByTheDirectoryWithInflateAndCrc) {
  Bytes text(5000, 'a');
  Bytes noise;
  Rng rng(7);
  for (int i = 0; i < 3000; ++i) noise.push_back(static_cast<uint8_t>(rng.next_below(256)));
  std::vector<ZipEntry> entries{{"metaData.json", text}, {"dir/noise.bin", noise}, {"empty", {}}};
  auto zip = build_zip(entries, 1'764'000'000'000);
  ASSERT_TRUE(zip.ok()) << zip.error();
  EXPECT_LT(zip->size(), text.size()) << "the repetitive entry is deflated";
  auto read = read_zip(*zip);
  ASSERT_EQ(read.size(), 3u);
  EXPECT_EQ(read["metaData.json"].data, text);
  EXPECT_EQ(read["dir/noise.bin"].data, noise);
  EXPECT_TRUE(read["empty"].data.empty());
  // 1'764'000'000'000 ms is 2025-11-24 16:00:00 UTC.
  EXPECT_EQ(read["empty"].date, (2025 - 1980) << 9 | 11 << 5 | 24);
  EXPECT_EQ(read["empty"].time, 16 << 11);
  EXPECT_EQ(build_zip(entries, 1'764'000'000'000).value(), *zip) << "same input, same bytes";
}

TEST(ZipWriter, DatesAreUtcToTwoSecondsAndClampedToZipsRange) {
  DosDateTime t = dos_date_time(951'868'799'000);  // 2000-02-29 23:59:59 UTC: a leap day
  EXPECT_EQ(t.date, (2000 - 1980) << 9 | 2 << 5 | 29);
  EXPECT_EQ(t.time, 23 << 11 | 59 << 5 | 29);
  DosDateTime early = dos_date_time(0);  // 1970: before zip's epoch
  EXPECT_EQ(early.date, 0 << 9 | 1 << 5 | 1);
  EXPECT_EQ(early.time, 0);
}

TEST(ReplayModFormat, RecordsAreBigEndianTimeAndLengthThenThePacket) {
  Bytes out;
  append_tmcpr_record(out, 0x01020304, Bytes{0x05, 0xAA});
  append_tmcpr_record(out, 70000, Bytes{});
  EXPECT_EQ(out, (Bytes{1, 2, 3, 4, 0, 0, 0, 2, 0x05, 0xAA, 0, 1, 0x11, 0x70, 0, 0, 0, 0}));
}

TEST(ReplayModFormat, MetaDataHasReplayStudiosKeys) {
  ReplayModMeta meta;
  meta.server_name = "world";
  meta.custom_server_name = "A \"quoted\" motd";
  meta.duration_millis = 1234;
  meta.date_millis = 1'764'000'000'123;
  meta.generator = "Horizon test";
  meta.self_id = 42;
  meta.players = {"00000000-0000-0000-0000-000000000001"};
  EXPECT_EQ(replaymod_meta_json(meta),
            R"({"singleplayer":false,"serverName":"world","customServerName":"A \"quoted\" motd","duration":1234,)"
            R"("date":1764000000123,"mcversion":"26.1","fileFormat":"MCPR","fileFormatVersion":14,"protocol":775,)"
            R"("generator":"Horizon test","selfId":42,"players":["00000000-0000-0000-0000-000000000001"]})");
}

// --- one player's view --------------------------------------------------------------------

TEST(PlayerView, FollowsTheNamedPlayersConnectionFromLoginSuccessThroughItsStates) {
  const Uuid alex{1, 2}, other{3, 4}, steve{5, 6};
  packet::play_cb::Login login;
  login.entity_id = 42;
  packet::play_cb::SpawnEntity spawn_steve, spawn_zombie;
  spawn_steve.entity_id = 43;
  spawn_steve.uuid = steve;
  spawn_steve.type = *entity_type_id("player");
  spawn_zombie.entity_id = 44;
  spawn_zombie.uuid = Uuid{7, 8};
  spawn_zombie.type = *entity_type_id("zombie");
  // A play packet with login success's id that would decode as one naming Alex: a connection
  // past its login success is never read for logins again.
  Bytes lookalike = encode_packet(packet::login_cb::Success{other, "Alex", {}});

  std::vector<Effect> pass1{SendPacket{1, share(encode_packet(packet::login_cb::Compress{256}))},
                            SendPacket{1, share(encode_packet(packet::login_cb::Success{other, "Other", {}}))},
                            SendPacket{2, share(encode_packet(packet::login_cb::Success{alex, "Alex", {}}))},
                            SendPacket{2, share(encode_packet(packet::config_cb::FinishConfiguration{}))},
                            LogLine{LogLevel::kInfo, "not a packet"}};
  std::vector<Effect> pass2{SendPacket{1, share(lookalike)}, SendPacket{2, share(encode_packet(login))},
                            SendPacket{2, share(encode_packet(spawn_zombie))},
                            SendPacket{2, share(encode_packet(spawn_steve))},
                            SendPacket{2, share(encode_packet(spawn_steve))}};
  std::vector<int64_t> start_clock{1'000}, clock1{5'000, 6'000}, clock2{9'000};

  PlayerView view("Alex");
  view.on_pass(ReplayedPass{Divergence::Pass::kStart, 0, start_clock, {}, {}});
  view.on_pass(ReplayedPass{Divergence::Pass::kIteration, 0, clock1, {}, pass1});
  view.on_pass(ReplayedPass{Divergence::Pass::kIteration, 1, clock2, {}, pass2});
  view.on_pass(ReplayedPass{Divergence::Pass::kStop, 2, {}, {}, {}});

  ASSERT_TRUE(view.found());
  EXPECT_EQ(*view.connection(), 2u);
  EXPECT_EQ(view.session_start_nanos(), 1'000);
  EXPECT_EQ(view.logins(), (std::vector<std::string>{"Other", "Alex"}));
  ASSERT_EQ(view.packets().size(), 6u);
  EXPECT_EQ(view.packets()[0].state, ProtocolState::kLogin);
  EXPECT_EQ(view.packets()[0].nanos, 5'000);
  EXPECT_EQ(view.packets()[1].state, ProtocolState::kConfiguration);
  EXPECT_EQ(view.packets()[2].state, ProtocolState::kPlay);
  EXPECT_EQ(view.packets()[2].nanos, 9'000);
  EXPECT_EQ(*view.packets()[2].body, encode_packet(login));
  EXPECT_EQ(view.entity_id(), 42);
  EXPECT_EQ(view.players(), (std::vector<Uuid>{alex, steve}));
}

TEST(PlayerView, FindsNothingForANameThatNeverLoggedIn) {
  std::vector<Effect> pass{SendPacket{1, share(encode_packet(packet::login_cb::Success{Uuid{}, "Other", {}}))}};
  std::vector<int64_t> clock{1};
  PlayerView view("alex");  // names are matched exactly
  view.on_pass(ReplayedPass{Divergence::Pass::kIteration, 0, clock, {}, pass});
  EXPECT_FALSE(view.found());
  EXPECT_TRUE(view.packets().empty());
}

// --- whole exports -----------------------------------------------------------------------

class ReplayModExport : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("hz-replaymod-export-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path save(const std::string& name, const Bytes& bytes) {
    fs::path path = dir_ / name;
    std::ofstream(path, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
    return path;
  }

  int run_export(const std::vector<fs::path>& files, const std::string& player, const fs::path& out) {
    out_.str("");
    err_.str("");
    return trace_export(files, ExportOptions{player, out, "mcpr"}, out_, err_);
  }

  fs::path dir_;
  std::ostringstream out_, err_;
};

struct NotedPacket {
  int32_t id = 0;
  uint32_t size = 0;
  uint64_t hash = 0;
  int64_t pass_clock = 0;  // the first clock read of the pass that sent it
};

// What the trace itself noted as sent to `conn`, from its login success on (login success is the
// first packet with id 2 on a connection, since status has no such packet).
std::vector<NotedPacket> noted_packets(const std::vector<Record>& records, ConnId conn) {
  std::vector<NotedPacket> out;
  int64_t pass_clock = 0;
  bool pass_clock_seen = false;
  for (const Record& r : records) {
    if (auto* c = std::get_if<ClockReadRecord>(&r); c && !pass_clock_seen) {
      pass_clock = c->nanos;
      pass_clock_seen = true;
    }
    if (std::holds_alternative<IterationEndRecord>(r) || std::holds_alternative<StartedRecord>(r))
      pass_clock_seen = false;
    auto* o = std::get_if<OutboundRecord>(&r);
    if (!o || o->conn != conn) continue;
    if (out.empty() && o->packet_id != packet_id::login_cb::success) continue;
    out.push_back(NotedPacket{o->packet_id, o->size, o->hash, pass_clock});
  }
  return out;
}

std::string text_of(const Bytes& b) { return std::string(b.begin(), b.end()); }

TEST_F(ReplayModExport, ThePlayersPacketsAsTheTraceNotedThemTimedFromLoginSuccess) {
  RecordedSession session = record_session(scripted_plan());
  fs::path trace = save(session.files[0].name, session.files[0].bytes);
  fs::path mcpr = dir_ / "Replayer.mcpr";
  ASSERT_EQ(run_export({trace}, "Replayer", mcpr), kTraceOk) << err_.str();
  EXPECT_NE(out_.str().find("to " + mcpr.string()), std::string::npos) << out_.str();

  auto zip = read_whole_file(mcpr);
  ASSERT_TRUE(zip.ok());
  auto entries = read_zip(*zip);
  ASSERT_EQ(entries.size(), 2u);
  const Bytes& recording = entries["recording.tmcpr"].data;
  const std::string meta = text_of(entries["metaData.json"].data);

  auto file = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(file.ok()) << file.error();
  std::vector<NotedPacket> noted = noted_packets(file->records, kPlayer);
  ASSERT_GT(noted.size(), 10u);
  int64_t session_start = 0;
  for (const Record& r : file->records)
    if (auto* c = std::get_if<ClockReadRecord>(&r)) {
      session_start = c->nanos;
      break;
    }

  size_t at = 0, index = 0;
  uint32_t last_time = 0;
  std::optional<int32_t> entity_id;
  ProtocolState state = ProtocolState::kLogin;
  for (; at < recording.size(); ++index) {
    ASSERT_LE(at + 8, recording.size());
    uint32_t time = be32(recording, at), length = be32(recording, at + 4);
    ASSERT_LE(at + 8 + length, recording.size());
    Bytes body(recording.begin() + static_cast<ptrdiff_t>(at + 8),
               recording.begin() + static_cast<ptrdiff_t>(at + 8 + length));
    at += 8 + length;
    ASSERT_LT(index, noted.size());
    ByteReader in(body);
    int32_t id = in.varint();
    EXPECT_EQ(id, noted[index].id) << "record " << index;
    EXPECT_EQ(length, noted[index].size) << "record " << index;
    EXPECT_EQ(hash_bytes(body), noted[index].hash) << "record " << index;
    EXPECT_EQ(time, static_cast<uint32_t>((noted[index].pass_clock - noted[0].pass_clock) / 1'000'000));
    EXPECT_GE(time, last_time) << "times never go back";
    last_time = time;
    if (index == 0) {
      auto success = decode_packet_fields<packet::login_cb::Success>(in);
      ASSERT_TRUE(success.ok());
      EXPECT_EQ(success->username, "Replayer");
      EXPECT_NE(meta.find("\"players\":[\"" + success->uuid.to_string() + "\"]"), std::string::npos) << meta;
    }
    if (state == ProtocolState::kPlay && id == packet::play_cb::Login::kId)
      entity_id = decode_packet_fields<packet::play_cb::Login>(in)->entity_id;
    state = client_state_after(state, id);
  }
  EXPECT_EQ(index, noted.size()) << "every packet noted for the player is in the recording";
  EXPECT_EQ(state, ProtocolState::kPlay);
  ASSERT_TRUE(entity_id.has_value());

  EXPECT_NE(meta.find("\"selfId\":" + std::to_string(*entity_id) + ","), std::string::npos) << meta;
  EXPECT_NE(meta.find("\"duration\":" + std::to_string(last_time) + ","), std::string::npos) << meta;
  int64_t date = file->header.wall_clock_millis + (noted[0].pass_clock - session_start) / 1'000'000;
  EXPECT_NE(meta.find("\"date\":" + std::to_string(date) + ","), std::string::npos) << meta;
  EXPECT_NE(meta.find(R"("fileFormat":"MCPR","fileFormatVersion":14,"protocol":775,)"), std::string::npos) << meta;
  EXPECT_NE(meta.find(R"("customServerName":"Replay test")"), std::string::npos) << meta;
  EXPECT_EQ(entries["recording.tmcpr"].date, dos_date_time(date).date);

  // The same trace exports to the same bytes.
  fs::path again = dir_ / "again.mcpr";
  ASSERT_EQ(run_export({trace}, "Replayer", again), kTraceOk) << err_.str();
  EXPECT_EQ(read_whole_file(again).value(), *zip);
}

TEST_F(ReplayModExport, ARotatedSessionExportsWholeFromItsLastFile) {
  SessionPlan plan = scripted_plan();
  plan.passes.resize(60);
  plan.rotation.max_file_nanos = 500'000'000;
  RecordedSession session = record_session(plan);
  ASSERT_GE(session.files.size(), 3u);
  std::vector<fs::path> paths;
  for (const auto& f : session.files) paths.push_back(save(f.name, f.bytes));
  // Given its last file, the session's earlier files are found beside it, as verify finds them.
  ASSERT_EQ(run_export({paths.back()}, "Replayer", dir_ / "from-last.mcpr"), kTraceOk) << err_.str();
  ASSERT_EQ(run_export(paths, "Replayer", dir_ / "from-all.mcpr"), kTraceOk) << err_.str();
  Bytes from_last = read_zip(read_whole_file(dir_ / "from-last.mcpr").value())["recording.tmcpr"].data;
  EXPECT_EQ(from_last, read_zip(read_whole_file(dir_ / "from-all.mcpr").value())["recording.tmcpr"].data);
  size_t records = 0;
  for (size_t at = 0; at + 8 <= from_last.size(); at += 8 + be32(from_last, at + 4)) ++records;
  EXPECT_GT(records, 10u);
}

TEST_F(ReplayModExport, ClearErrorsForUsageAMissingPlayerADamagedOrDivergingTraceAndABadPath) {
  RecordedSession session = record_session(scripted_plan());
  fs::path trace = save(session.files[0].name, session.files[0].bytes);
  fs::path mcpr = dir_ / "out.mcpr";

  EXPECT_EQ(run_export({trace}, "", mcpr), kTraceUsage);
  EXPECT_NE(err_.str().find("--player NAME"), std::string::npos) << err_.str();
  EXPECT_EQ(trace_export({trace}, ExportOptions{"Replayer", mcpr, "flashback"}, out_, err_), kTraceUsage);
  EXPECT_NE(err_.str().find("unknown export format 'flashback'"), std::string::npos) << err_.str();

  EXPECT_EQ(run_export({trace}, "Nobody", mcpr), kTraceFailed);
  EXPECT_NE(err_.str().find("Nobody never logged in during this session (logins: Replayer)"), std::string::npos)
      << err_.str();

  EXPECT_EQ(run_export({trace}, "Replayer", dir_ / "no-such-folder" / "out.mcpr"), kTraceFailed);
  EXPECT_NE(err_.str().find("no folder"), std::string::npos) << err_.str();
  EXPECT_EQ(run_export({dir_ / "missing.hztrace"}, "Replayer", mcpr), kTraceUnreadable);
  EXPECT_NE(err_.str().find("cannot open"), std::string::npos) << err_.str();

  Bytes damaged = session.files[0].bytes;
  damaged[damaged.size() * 3 / 4] ^= 1;
  EXPECT_EQ(run_export({save("damaged.hztrace", damaged)}, "Replayer", mcpr), kTraceUnreadable);
  EXPECT_NE(err_.str().find("bad checksum"), std::string::npos) << err_.str();

  // Another console line than the one recorded: the replay sends something else, so no export.
  auto file = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(file.ok());
  for (Record& r : file->records)
    if (auto* line = std::get_if<ConsoleLine>(&r); line && line->text == "say hello") line->text = "say goodbye";
  EXPECT_EQ(run_export({save("changed.hztrace", write_trace_file(file->header, file->records))}, "Replayer", mcpr),
            kTraceFailed);
  EXPECT_NE(err_.str().find("does not replay identically"), std::string::npos) << err_.str();
  EXPECT_FALSE(fs::exists(mcpr)) << "nothing is written when the export fails";
}

}  // namespace
}  // namespace hz::testing
