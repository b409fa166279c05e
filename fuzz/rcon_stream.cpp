// Fuzz target: the RCON packet reader and session over an arbitrary byte stream, password "secret".
// Invariants: no crash; a packet comes out only when its whole length arrived and fits vanilla's
// 1460-byte buffer; answers are well-formed packets; commands run only after a correct login.
// corpus/rcon_stream/payload_without_nul_terminators is the input that showed the first version of
// the length invariant wrong.
#include <cassert>
#include <cstring>

#include "server/rcon/rcon_protocol.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  hz::rcon::PacketReader reader;
  hz::rcon::Session session("secret");
  // Fed in two pieces, split by the first byte, so partial reads are exercised.
  const size_t split = size == 0 ? 0 : data[0] % (size + 1);
  reader.feed(std::span<const uint8_t>(data, split));
  bool fed_rest = false;
  size_t consumed = 0;
  bool logged_in = false;
  while (true) {
    auto next = reader.next();
    if (!next) break;
    if (!*next) {
      if (fed_rest) break;
      reader.feed(std::span<const uint8_t>(data + split, size - split));
      fed_rest = true;
      continue;
    }
    const hz::rcon::Packet& packet = **next;
    // A packet is at least its 12 header bytes, the payload and the last byte, which is never read
    // (the payload need not be followed by two NULs: it stops at the first NUL or that last byte).
    const size_t packet_bytes = 12 + packet.payload.size() + 1;
    assert(packet_bytes <= hz::rcon::kMaxPacketBytes);
    assert(packet.payload.find('\0') == std::string::npos);
    consumed += packet_bytes;
    assert(consumed <= size);
    hz::rcon::Reply reply = session.handle(packet);
    if (packet.type == hz::rcon::kTypeLogin) logged_in = !packet.payload.empty() && packet.payload == "secret";
    assert(session.authenticated() == logged_in);
    assert(!reply.command || logged_in);
    for (const hz::Bytes& answer : reply.answers) {
      hz::rcon::PacketReader check;
      check.feed(answer);
      auto echoed = check.next();
      assert(echoed.ok() && echoed->has_value());
    }
  }
  return 0;
}
