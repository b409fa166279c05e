// The horizon-trace commands on files written by the recorder: info's counts, dump's decoded
// packets, verify's exit codes and report, cut's output, and chains found on disk.
#include "replay/cli/trace_commands.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "replay/format/trace_edit.h"
#include "sim/data/catalog.h"
#include "replay/format/trace_file.h"
#include "session_fixtures.h"

namespace hz::testing {
namespace {

namespace fs = std::filesystem;

class TraceCommands : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("hz-trace-commands-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<fs::path> save(const RecordedSession& session) {
    std::vector<fs::path> paths;
    for (const auto& f : session.files) {
      paths.push_back(dir_ / f.name);
      std::ofstream(paths.back(), std::ios::binary)
          .write(reinterpret_cast<const char*>(f.bytes.data()), static_cast<std::streamsize>(f.bytes.size()));
    }
    return paths;
  }

  fs::path dir_;
  std::ostringstream out_, err_;
};

TEST_F(TraceCommands, InfoCountsInputsConnectionsPlayersAndPackets) {
  auto paths = save(record_session(scripted_plan()));
  ASSERT_EQ(trace_info(paths, out_, err_), kTraceOk) << err_.str();
  std::string info = out_.str();
  EXPECT_NE(info.find("12 passes"), std::string::npos) << info;
  EXPECT_NE(info.find("connections: 2, players (logins seen): 1 (Replayer)"), std::string::npos) << info;
  EXPECT_NE(info.find("  BytesReceived: 3 ("), std::string::npos) << info;
  EXPECT_NE(info.find("  ConsoleLine: 2 ("), std::string::npos) << info;
  EXPECT_NE(info.find("  handshake/serverbound 0x00 set_protocol: 2 ("), std::string::npos) << info;
  EXPECT_NE(info.find("  login/serverbound 0x00 login_start: 1 ("), std::string::npos) << info;
  EXPECT_NE(info.find("  status/clientbound 0x01 ping: 1 ("), std::string::npos) << info;
  EXPECT_NE(info.find("  login/clientbound 0x03 compress: 1 ("), std::string::npos) << info;
  EXPECT_NE(info.find("  configuration/clientbound 0x07 registry_data: "), std::string::npos) << info;
  EXPECT_NE(info.find("  play/clientbound 0x31 login: 1 ("), std::string::npos) << info;
  EXPECT_NE(info.find("ends with the final save"), std::string::npos) << info;
  EXPECT_NE(info.find("damage: none"), std::string::npos) << info;
}

TEST_F(TraceCommands, DumpDecodesServerboundPacketsByStateNameAndFields) {
  auto paths = save(record_session(scripted_plan()));
  DumpOptions inputs_only{true, false};
  ASSERT_EQ(trace_dump(paths[0], inputs_only, out_, err_), kTraceOk) << err_.str();
  std::string dump = out_.str();
  // The ping split over two reads: the handshake completes in the first, the rest in the second.
  EXPECT_NE(dump.find(R"("packet":"set_protocol","state":"handshake")"), std::string::npos) << dump;
  EXPECT_NE(dump.find(R"("fields":{"time":72623859790382856})"), std::string::npos) << dump;
  EXPECT_NE(dump.find(R"("fields":{"username":"Replayer")"), std::string::npos) << dump;
  // After login the frames are compressed; the tracker still reads them, in the right states.
  EXPECT_NE(dump.find(R"("packet":"login_acknowledged","state":"login")"), std::string::npos) << dump;
  EXPECT_NE(dump.find(R"("packet":"finish_configuration","state":"configuration")"), std::string::npos) << dump;
  EXPECT_NE(dump.find(R"("packet":"chat_command","state":"play")"), std::string::npos) << dump;
  EXPECT_NE(dump.find(R"({"pass":8,"type":"ConsoleLine","text":"say hello"})"), std::string::npos) << dump;
  EXPECT_EQ(dump.find("\"type\":\"Outbound\""), std::string::npos) << "inputs only";
  size_t lines = static_cast<size_t>(std::count(dump.begin(), dump.end(), '\n'));

  std::ostringstream all_out;
  ASSERT_EQ(trace_dump(paths[0], DumpOptions{}, all_out, err_), kTraceOk);
  std::string all = all_out.str();
  EXPECT_GT(static_cast<size_t>(std::count(all.begin(), all.end(), '\n')), lines);
  EXPECT_NE(all.find(R"("type":"IterationEnd")"), std::string::npos);
  EXPECT_NE(all.find(R"("type":"Outbound","conn":7)"), std::string::npos);
  // Clientbound packets are named in the state the server sent them in, even when the whole
  // join arrives in one read.
  EXPECT_NE(all.find(R"("packet":"success","state":"login")"), std::string::npos);
  EXPECT_NE(all.find(R"("packet":"feature_flags","state":"configuration")"), std::string::npos);
  EXPECT_NE(all.find(R"("packet":"login","state":"play")"), std::string::npos);
}

TEST_F(TraceCommands, VerifyExitsZeroWithASummaryAndOneOnDivergence) {
  auto paths = save(record_session(scripted_plan()));
  ASSERT_EQ(trace_verify(paths, out_, err_), kTraceOk) << err_.str() << out_.str();
  EXPECT_NE(out_.str().find("identical: 1 file(s)"), std::string::npos) << out_.str();
  EXPECT_NE(out_.str().find("12 passes"), std::string::npos) << out_.str();

  // Flip a byte in the last part of the file (past the header): a checksum catches it before any replay.
  auto bytes = *read_whole_file(paths[0]);
  bytes[bytes.size() * 3 / 4] ^= 1;
  fs::path damaged = dir_ / "damaged.hztrace";
  std::ofstream(damaged, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  std::ostringstream out, err;
  EXPECT_EQ(trace_verify({damaged}, out, err), kTraceUnreadable);
  EXPECT_NE(err.str().find("bad checksum"), std::string::npos) << err.str();
}

TEST_F(TraceCommands, VerifyOfALaterFileFindsTheEarlierOnesBesideIt) {
  SessionPlan plan = scripted_plan();
  plan.passes.resize(60);
  plan.rotation.max_file_nanos = 500'000'000;
  auto paths = save(record_session(plan));
  ASSERT_GE(paths.size(), 3u);
  ASSERT_EQ(trace_verify({paths.back()}, out_, err_), kTraceOk) << err_.str() << out_.str();
  EXPECT_NE(out_.str().find("identical: " + std::to_string(paths.size()) + " file(s)"), std::string::npos)
      << out_.str();

  fs::remove(paths[1]);
  std::ostringstream out, err;
  EXPECT_EQ(trace_verify({paths.back()}, out, err), kTraceUnreadable);
  EXPECT_NE(err.str().find("expected file 1"), std::string::npos) << err.str();
}

TEST_F(TraceCommands, CutWritesAShorterTraceThatVerifies) {
  RecordedSession session = record_session(scripted_plan());
  auto paths = save(session);
  fs::path cut = dir_ / "cut.hztrace";
  ASSERT_EQ(trace_cut(paths[0], session.ticks[4], cut, out_, err_), kTraceOk) << err_.str();
  std::ostringstream out, err;
  ASSERT_EQ(trace_verify({cut}, out, err), kTraceOk) << err.str() << out.str();
  EXPECT_NE(out.str().find("last tick " + std::to_string(session.ticks[4])), std::string::npos) << out.str();
  EXPECT_LT(fs::file_size(cut), fs::file_size(paths[0]));
}

// An online-mode login: the encryption request, the FinishEncryption the shell carried out and
// the session server's answer are recorded; the trace verifies bit-exactly and dump shows both.
TEST_F(TraceCommands, OnlineLoginRecordsTheAnswerVerifiesAndDumps) {
  CoreConfig config = test_config();
  config.properties.online_mode = true;
  config.server_public_key = {0x30, 0x81, 0x9f, 0x30, 0x0d, 0x06};
  SessionPlan plan;
  plan.passes.resize(5);
  Bytes hello = client_frame(packet::handshake_sb::SetProtocol{kProtocolVersion, "localhost", 25565, 2});
  Bytes start = client_frame(packet::login_sb::LoginStart{"Notch", {}});
  hello.insert(hello.end(), start.begin(), start.end());
  plan.passes[0] = {ConnectionOpened{7, "192.0.2.9:40000"}, BytesReceived{7, hello}};
  plan.passes[1] = {BytesReceived{7, client_frame(packet::login_sb::EncryptionBegin{Bytes(128, 1), Bytes(128, 2)})}};
  plan.passes[2] = {SessionAnswer{7, SessionOutcome::kVerified, 0x069a79f444e94726ull, 0xa5befca90e38aaf5ull, "Notch",
                                  {{"textures", "e30=", true, "c2ln"}}}};
  RecordedSession session = record_session(plan, config);
  auto read = read_file_records(session.files[0].bytes);
  ASSERT_TRUE(read.ok()) << read.error();
  EXPECT_EQ(read->header.server_public_key, config.server_public_key);
  size_t answers = 0, finishes = 0;
  for (const Record& r : read->records) {
    answers += std::holds_alternative<SessionAnswer>(r);
    finishes += std::holds_alternative<FinishEncryptionRecord>(r);
  }
  EXPECT_EQ(answers, 1u);
  EXPECT_EQ(finishes, 1u);
  VerifyResult result = verify_files(session.files);
  ASSERT_EQ(result.outcome, VerifyResult::Outcome::kIdentical)
      << result.problem << (result.divergence ? format_divergence(*result.divergence) : "");

  // Another profile id in the answer changes what the core sent: a divergence at that pass.
  std::vector<Record> records = read->records;
  for (Record& r : records)
    if (auto* a = std::get_if<SessionAnswer>(&r)) a->id_least ^= 1;
  result = verify_files({{"changed", write_trace_file(read->header, records)}});
  EXPECT_EQ(result.outcome, VerifyResult::Outcome::kDiverged);

  auto paths = save(session);
  ASSERT_EQ(trace_dump(paths[0], DumpOptions{}, out_, err_), kTraceOk) << err_.str();
  const std::string dump = out_.str();
  EXPECT_NE(dump.find(R"("type":"SessionAnswer","conn":7,"outcome":"verified","id":"069a79f4-44e9-4726-a5be-fca90e38aaf5","name":"Notch","properties":[{"name":"textures","value":"e30=","signature":"c2ln"}])"),
            std::string::npos) << dump;
  EXPECT_NE(dump.find(R"("type":"FinishEncryption","conn":7,"username":"Notch","secret_size":128,"token_size":128,"verify_token":")"),
            std::string::npos) << dump;
  EXPECT_NE(dump.find(R"("packet":"encryption_begin","state":"login")"), std::string::npos) << dump;
}

}  // namespace
}  // namespace hz::testing
