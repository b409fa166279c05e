// The RCON codec and session (server/rcon/rcon_protocol.h) against vanilla's RconClient rules,
// and the listener over a real socket with a command runner standing in for the server thread.
#include "server/rcon/rcon_protocol.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <future>

#include "server/asio.h"
#include "server/rcon/rcon_listener.h"

namespace hz {
namespace {

rcon::Packet only_packet(const Bytes& bytes) {
  rcon::PacketReader reader;
  reader.feed(bytes);
  auto next = reader.next();
  EXPECT_TRUE(next.ok());
  EXPECT_TRUE(next.ok() && next->has_value());
  return next.ok() && next->has_value() ? **next : rcon::Packet{};
}

int32_t le32(const Bytes& b, size_t at) {
  return static_cast<int32_t>(b[at] | b[at + 1] << 8 | b[at + 2] << 16 | static_cast<uint32_t>(b[at + 3]) << 24);
}

// A packet from the server: answers may be longer than what a client may send (4096 characters of
// output), so they are read the way client libraries read them, not with the server's reader.
rcon::Packet answer_packet(const Bytes& b) {
  EXPECT_GE(b.size(), rcon::kMinPacketBytes);
  EXPECT_EQ(static_cast<size_t>(le32(b, 0)) + 4, b.size());
  EXPECT_EQ(b[b.size() - 1], 0);
  EXPECT_EQ(b[b.size() - 2], 0);
  return {le32(b, 4), le32(b, 8), std::string(b.begin() + 12, b.end() - 2)};
}

TEST(RconProtocol, PacketsRoundTripInAnySplitOfTheStream) {
  const Bytes a = rcon::encode_packet(7, rcon::kTypeLogin, "secret");
  const Bytes b = rcon::encode_packet(8, rcon::kTypeCommand, "list");
  EXPECT_EQ(le32(a, 0), 16);  // 6 payload bytes + 10
  Bytes stream = a;
  stream.insert(stream.end(), b.begin(), b.end());
  for (size_t cut = 0; cut <= stream.size(); ++cut) {
    rcon::PacketReader reader;
    reader.feed(std::span<const uint8_t>(stream.data(), cut));
    std::vector<rcon::Packet> got;
    while (auto next = reader.next()) {
      if (!*next) break;
      got.push_back(**next);
    }
    reader.feed(std::span<const uint8_t>(stream.data() + cut, stream.size() - cut));
    while (auto next = reader.next()) {
      if (!*next) break;
      got.push_back(**next);
    }
    ASSERT_EQ(got.size(), 2u) << "cut at " << cut;
    EXPECT_EQ(got[0].request_id, 7);
    EXPECT_EQ(got[0].payload, "secret");
    EXPECT_EQ(got[1].type, rcon::kTypeCommand);
    EXPECT_EQ(got[1].payload, "list");
  }
}

TEST(RconProtocol, LengthsOutsideVanillasBufferAreRefused) {
  for (int32_t length : {-1, 0, 9, 1457, 1 << 30}) {
    Bytes bytes(4);
    for (int i = 0; i < 4; ++i) bytes[static_cast<size_t>(i)] = static_cast<uint8_t>(static_cast<uint32_t>(length) >> (8 * i));
    rcon::PacketReader reader;
    reader.feed(bytes);
    EXPECT_FALSE(reader.next().ok()) << length;
  }
  Bytes longest = rcon::encode_packet(1, rcon::kTypeCommand, std::string(1446, 'x'));
  EXPECT_EQ(longest.size(), rcon::kMaxPacketBytes);
  EXPECT_EQ(only_packet(longest).payload.size(), 1446u);
}

TEST(RconProtocol, ThePayloadStopsAtTheFirstNulAndNeverTakesTheLastByte) {
  Bytes bytes = rcon::encode_packet(1, rcon::kTypeCommand, "say hi");
  bytes[12 + 3] = 0;  // "say\0hi"
  EXPECT_EQ(only_packet(bytes).payload, "say");
  Bytes unterminated = rcon::encode_packet(1, rcon::kTypeCommand, "list");
  unterminated[unterminated.size() - 2] = 'A', unterminated[unterminated.size() - 1] = 'B';
  EXPECT_EQ(only_packet(unterminated).payload, "listA");
}

TEST(RconProtocol, LoginCommandsAndUnknownTypesAnswerAsVanilla) {
  rcon::Session session("pw");
  rcon::Reply early = session.handle({5, rcon::kTypeCommand, "list"});
  EXPECT_FALSE(early.command);
  ASSERT_EQ(early.answers.size(), 1u);
  EXPECT_EQ(le32(early.answers[0], 4), rcon::kAuthFailureId);
  EXPECT_EQ(le32(early.answers[0], 8), rcon::kTypeAuthResponse);

  rcon::Reply wrong = session.handle({6, rcon::kTypeLogin, "nope"});
  EXPECT_EQ(le32(wrong.answers[0], 4), -1);
  EXPECT_FALSE(session.authenticated());
  rcon::Reply empty = session.handle({6, rcon::kTypeLogin, ""});
  EXPECT_EQ(le32(empty.answers[0], 4), -1);

  rcon::Reply right = session.handle({9, rcon::kTypeLogin, "pw"});
  EXPECT_EQ(le32(right.answers[0], 4), 9);
  EXPECT_EQ(le32(right.answers[0], 8), rcon::kTypeAuthResponse);
  rcon::Reply command = session.handle({10, rcon::kTypeCommand, "list"});
  EXPECT_EQ(command.command, std::optional<std::string>("list"));
  EXPECT_TRUE(command.answers.empty());

  rcon::Reply unknown = session.handle({11, -2, "x"});
  rcon::Packet answer = answer_packet(unknown.answers[0]);
  EXPECT_EQ(answer.request_id, 11);
  EXPECT_EQ(answer.type, rcon::kTypeResponse);
  EXPECT_EQ(answer.payload, "Unknown request fffffffe");
}

// Vanilla cuts output with Java's substring: 4096 UTF-16 units a packet, a surrogate pair counting two.
RC_GTEST_PROP(RconProtocol, ResponsesCutAt4096UnitsAndJoinBackToTheOutput, ()) {
  const int n = *rc::gen::inRange(0, 12000);
  const auto pick = *rc::gen::inRange(0, 3);
  const std::string unit = pick == 0 ? "a" : pick == 1 ? "\xC3\xA9" : "\xF0\x9F\x98\x80";  // a, é, 😀
  std::string output;
  for (int i = 0; i < n; ++i) output += unit;
  std::string joined;
  const size_t units_each = pick == 2 ? 2 : 1;
  std::vector<Bytes> packets = rcon::command_response(3, output);
  for (size_t i = 0; i < packets.size(); ++i) {
    rcon::Packet p = answer_packet(packets[i]);
    RC_ASSERT(p.request_id == 3);
    const size_t units = p.payload.size() / unit.size() * units_each;
    RC_ASSERT(units <= rcon::kResponseChunkUnits);
    if (i + 1 < packets.size()) RC_ASSERT(units + units_each > rcon::kResponseChunkUnits);
    joined += p.payload;
  }
  RC_ASSERT(joined == output);
  RC_ASSERT(!packets.empty());
}

// A blocking client for the listener test.
struct RconTestClient {
  boost::asio::io_context io;
  boost::asio::ip::tcp::socket socket{io};
  explicit RconTestClient(int port) { socket.connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<uint16_t>(port)}); }
  rcon::Packet exchange(int32_t id, int32_t type, const std::string& payload) {
    boost::asio::write(socket, boost::asio::buffer(rcon::encode_packet(id, type, payload)));
    return read();
  }
  rcon::Packet read() {
    Bytes length(4);
    boost::asio::read(socket, boost::asio::buffer(length));
    Bytes rest(static_cast<size_t>(le32(length, 0)));
    boost::asio::read(socket, boost::asio::buffer(rest));
    length.insert(length.end(), rest.begin(), rest.end());
    return answer_packet(length);
  }
};

TEST(RconListener, LogsInRunsCommandsThroughTheRunnerAndRefusesAWrongPassword) {
  Logger logger(std::filesystem::temp_directory_path() / "horizon-rcon-test");
  std::vector<std::string> ran;
  std::vector<std::thread> server_threads;  // stand-ins for the server thread, joined at the end
  std::mutex mutex;
  RconListener listener("pw", [&](const std::string& command, std::function<void(std::string)> done) {
    std::lock_guard lock(mutex);
    ran.push_back(command);
    server_threads.emplace_back([done, command] { done("ran " + command + std::string(5000, '.')); });
  }, logger);
  ASSERT_FALSE(listener.listen("127.0.0.1", 0).has_value());
  listener.start();

  RconTestClient wrong(listener.bound_port());
  EXPECT_EQ(wrong.exchange(1, rcon::kTypeLogin, "bad").request_id, -1);
  EXPECT_EQ(wrong.exchange(2, rcon::kTypeCommand, "stop").request_id, -1);

  RconTestClient right(listener.bound_port());
  EXPECT_EQ(right.exchange(3, rcon::kTypeLogin, "pw").request_id, 3);
  rcon::Packet first = right.exchange(4, rcon::kTypeCommand, "list");
  rcon::Packet second = right.read();
  EXPECT_EQ(first.request_id, 4);
  EXPECT_EQ(first.payload.size(), 4096u);
  EXPECT_EQ(first.payload.size() + second.payload.size(), std::string("ran list").size() + 5000);
  listener.stop();
  std::lock_guard lock(mutex);
  for (std::thread& t : server_threads) t.join();
  EXPECT_EQ(ran, std::vector<std::string>{"list"});
}

}  // namespace
}  // namespace hz
