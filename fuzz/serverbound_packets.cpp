// Fuzz target: decoding a serverbound packet body in each connection state with the server's
// dispatch tables. Invariant: a packet that decodes re-encodes to bytes that decode to the same
// packet (field by field).
#include <cassert>

#include "sim/protocol/packets.h"

namespace {

template <class Set>
void check(Set set, std::span<const uint8_t> body) {
  auto outcome = hz::dispatch(set, body, [](auto&& packet) {
    using P = std::remove_cvref_t<decltype(packet)>;
    hz::Bytes again = hz::encode_packet(packet);
    auto back = hz::decode_packet<P>(again);
    assert(back.ok());
    assert(hz::fields_equal(*back, packet));
  });
  (void)outcome;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  std::span<const uint8_t> body(data + 1, size - 1);
  switch (data[0] % 5) {
    case 0: check(hz::packet::HandshakeServerbound{}, body); break;
    case 1: check(hz::packet::StatusServerbound{}, body); break;
    case 2: check(hz::packet::LoginServerbound{}, body); break;
    case 3: check(hz::packet::ConfigServerbound{}, body); break;
    default: check(hz::packet::PlayServerbound{}, body); break;
  }
  return 0;
}
