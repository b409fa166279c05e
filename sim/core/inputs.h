// The inputs that cross the boundary into the core. Everything that is not a pure function of
// the core's state arrives as one of these, in order, and is what a trace records.
#pragma once

#include <string>
#include <variant>

#include "sim/core/types.h"

namespace hz {

struct ConnectionOpened {
  ConnId conn = 0;
  std::string remote;  // "address:port", for logs only
  bool operator==(const ConnectionOpened&) const = default;
};

struct BytesReceived {
  ConnId conn = 0;
  Bytes bytes;
  bool operator==(const BytesReceived&) const = default;
};

struct ConnectionClosed {
  ConnId conn = 0;
  bool operator==(const ConnectionClosed&) const = default;
};

// A command line from the server console, or from an RCON client when `rcon_request` is not 0
// (the shell numbers RCON commands; the reply leaves as an RconReply effect with that number).
struct ConsoleLine {
  std::string text;
  uint32_t rcon_request = 0;
  bool operator==(const ConsoleLine&) const = default;
};

// Asynchronous work (chunk generation, region reads) finishing. `result` is the job's output in
// the job kind's own serialized form; the core decides when it sees it (determinism rule 4).
struct JobCompleted {
  JobId job = 0;
  Bytes result;
  bool operator==(const JobCompleted&) const = default;
};

using Input = std::variant<ConnectionOpened, BytesReceived, ConnectionClosed, ConsoleLine, JobCompleted>;

const char* input_name(const Input& in);

}  // namespace hz
