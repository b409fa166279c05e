// The inputs that cross the boundary into the core. Everything that is not a pure function of
// the core's state arrives as one of these, in order, and is what a trace records.
#pragma once

#include <string>
#include <variant>
#include <vector>

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
  template <class Io>
  void state_fields(Io& io) {
    io(text, rcon_request);
  }
};

// Asynchronous work (chunk generation, region reads) finishing. `result` is the job's output in
// the job kind's own serialized form; the core decides when it sees it (determinism rule 4).
struct JobCompleted {
  JobId job = 0;
  Bytes result;
  bool operator==(const JobCompleted&) const = default;
};

// One property of an authenticated game profile (textures and the like), signature as given.
struct SessionProfileProperty {
  std::string name;
  std::string value;
  bool has_signature = false;
  std::string signature;
  bool operator==(const SessionProfileProperty&) const = default;
};

// How the shell's online-mode handshake for one connection ended (after a FinishEncryption).
enum class SessionOutcome : uint8_t {
  kVerified = 0,     // the session server knew the player: the profile fields are set
  kUnverified = 1,   // it answered that the player has not joined (HTTP 204 or no profile)
  kUnreachable = 2,  // the request failed (network, TLS, HTTP error, unreadable answer)
  kBadHandshake = 3, // the secret or token did not decrypt, or the token did not match
};

// The session server's answer for a connection in online mode: the profile to log in with, or
// why there is none. Carrying the answer (not the request) keeps the core free of I/O.
// GCC 12 at -O3 wrongly calls the implicit move of this struct inside std::variant "maybe
// uninitialized" (a known false positive with variant moves); the pragma keeps -Werror builds going.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
struct SessionAnswer {
  ConnId conn = 0;
  SessionOutcome outcome = SessionOutcome::kUnreachable;
  uint64_t id_most = 0;  // the profile's UUID, high and low halves
  uint64_t id_least = 0;
  std::string name;
  std::vector<SessionProfileProperty> properties;
  bool operator==(const SessionAnswer&) const = default;
};
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

using Input = std::variant<ConnectionOpened, BytesReceived, ConnectionClosed, ConsoleLine, JobCompleted, SessionAnswer>;

const char* input_name(const Input& in);
const char* session_outcome_name(SessionOutcome outcome);  // "verified", "unverified", ...

}  // namespace hz
