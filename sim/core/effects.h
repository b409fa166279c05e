// What the core asks the outside world to do. Effects are hashed per tick (so replay can check
// them) but are not needed to replay: the shell carries them out, replay only compares.
#pragma once

#include <string>
#include <variant>

#include "sim/core/types.h"

namespace hz {

// One packet (VarInt id + fields), uncompressed and unframed; the shell frames and compresses.
struct SendPacket {
  ConnId conn = 0;
  SharedBytes body;
};

// From the next packet on, frames to this connection use the compressed format.
struct EnableCompression {
  ConnId conn = 0;
  int threshold = 0;
};

// Flush what was sent, then close. `reason` is for logs; the disconnect packet was already sent.
struct CloseConnection {
  ConnId conn = 0;
  std::string reason;
};

enum class LogLevel : uint8_t { kInfo, kWarn, kError, kFatal };

struct LogLine {
  LogLevel level = LogLevel::kInfo;
  std::string text;
};

// The core wants the process to save and exit (the `stop` command).
struct StopRequested {};

// Asynchronous work the shell must run; the result comes back as a JobCompleted input.
struct SubmitJob {
  JobId job = 0;
  uint32_t kind = 0;  // meaning owned by the submitting system (see sim/world/jobs.h)
  Bytes request;
};

// Where a StorageWrite's path is relative to: the world folder (region files, level.dat) or the
// server's own folder (ops.json, whitelist.json, the ban lists).
enum class StorageFolder : uint8_t { kWorld = 0, kServer = 1 };

// Persist bytes at a path relative to the world folder (region files, level.dat, ...) or, for
// kServer, to the server folder (a plain file name).
struct StorageWrite {
  std::string path;
  Bytes bytes;
  bool sync = false;  // fsync before reporting done (sync-chunk-writes)
  StorageFolder folder = StorageFolder::kWorld;
};

// The output of an RCON command, for the client that sent ConsoleLine `request`: every message
// the command produced, joined without separators as vanilla's RconConsoleSource collects them.
struct RconReply {
  uint32_t request = 0;
  std::string output;
};

// Online mode: the client answered the encryption request. The shell opens the secret and the
// token with the server's private key, checks the token against `verify_token`, turns on
// AES-128-CFB8 both ways, asks the session server whether `username` joined, and reports back
// with a SessionAnswer input. The core sees only plaintext before and after.
struct FinishEncryption {
  ConnId conn = 0;
  std::string username;
  Bytes encrypted_secret;
  Bytes encrypted_token;
  Bytes verify_token;  // what the core sent in the encryption request
  std::string address;  // the client's IP address, for hasJoined's ip= (prevent-proxy-connections)
};

using Effect = std::variant<SendPacket, EnableCompression, CloseConnection, LogLine, StopRequested,
                            SubmitJob, StorageWrite, RconReply, FinishEncryption>;

// Receives effects in the order the core produces them.
class EffectSink {
 public:
  virtual ~EffectSink() = default;
  virtual void emit(Effect effect) = 0;
};

const char* log_level_name(LogLevel level);

}  // namespace hz
