// The RCON protocol as vanilla's RconClient speaks it (docs/rcon.md): little-endian length,
// request id and type, a NUL-terminated payload; login, command and unknown-type answers; output
// cut into 4096-character responses. Pure; the listener owns the sockets.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "sim/core/result.h"
#include "sim/core/types.h"

namespace hz::rcon {

// Vanilla reads a packet into a 1460-byte buffer in one go: no packet may be longer.
inline constexpr size_t kMaxPacketBytes = 1460;
// The smallest packet: length, request id, type and the two NULs.
inline constexpr size_t kMinPacketBytes = 14;
inline constexpr int32_t kTypeResponse = 0;
inline constexpr int32_t kTypeCommand = 2;
inline constexpr int32_t kTypeAuthResponse = 2;
inline constexpr int32_t kTypeLogin = 3;
// The request id of an answer to a refused login or an unauthenticated command.
inline constexpr int32_t kAuthFailureId = -1;
// Command output is sent in pieces of at most this many UTF-16 units (Java's substring).
inline constexpr size_t kResponseChunkUnits = 4096;

struct Packet {
  int32_t request_id = 0;
  int32_t type = 0;
  std::string payload;  // up to the first NUL, never the packet's last byte
};

// Cuts packets out of a byte stream. A length outside [10, 1456] is an error: the connection is
// closed, as vanilla closes it.
class PacketReader {
 public:
  void feed(std::span<const uint8_t> bytes);
  // The next whole packet, nothing while it is incomplete, or an error.
  Result<std::optional<Packet>> next();

 private:
  Bytes buffer_;
};

Bytes encode_packet(int32_t request_id, int32_t type, std::string_view payload);

// What a connection does with a packet: the answers to send, and a command to run first (its
// output then goes out as command_response packets).
struct Reply {
  std::vector<Bytes> answers;
  std::optional<std::string> command;
  int32_t request_id = 0;
};

// One client's state: logged in or not.
class Session {
 public:
  explicit Session(std::string password) : password_(std::move(password)) {}
  Reply handle(const Packet& packet);
  bool authenticated() const { return authenticated_; }

 private:
  std::string password_;
  bool authenticated_ = false;
};

// A command's output as response packets (one empty packet for empty output).
std::vector<Bytes> command_response(int32_t request_id, std::string_view output);

}  // namespace hz::rcon
