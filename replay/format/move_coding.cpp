#include "replay/format/move_coding.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <optional>

#include "replay/format/zigzag.h"
#include "sim/data/packet_ids.h"

namespace hz {
namespace {

namespace sb = packet_id::play_sb;

// The fields' bytes after the packet id: three doubles, two floats, one flags byte.
constexpr size_t kPositionFields = 3 * 8 + 1;
constexpr size_t kPositionLookFields = 3 * 8 + 2 * 4 + 1;
constexpr size_t kLookFields = 2 * 4 + 1;

std::optional<size_t> fields_size(int32_t packet_id) {
  if (packet_id == sb::position) return kPositionFields;
  if (packet_id == sb::position_look) return kPositionLookFields;
  if (packet_id == sb::look) return kLookFields;
  return std::nullopt;
}

template <class U>
U load_be(const uint8_t* p) {
  U v = 0;
  for (size_t i = 0; i < sizeof(U); ++i) v = static_cast<U>((v << 8) | p[i]);
  return v;
}
template <class U>
void store_be(uint8_t* p, U v) {
  for (size_t i = sizeof(U); i-- > 0;) p[i] = static_cast<uint8_t>(v), v = static_cast<U>(v >> 8);
}

// A bijection from a float's bits to unsigned integers that keeps the values' order, so nearby
// values (also across powers of two) get nearby keys.
template <class U>
U order_key(U bits) {
  constexpr U sign = U{1} << (sizeof(U) * 8 - 1);
  return (bits & sign) ? static_cast<U>(~bits) : static_cast<U>(bits | sign);
}
template <class U>
U from_order_key(U key) {
  constexpr U sign = U{1} << (sizeof(U) * 8 - 1);
  return (key & sign) ? static_cast<U>(key & ~sign) : static_cast<U>(~key);
}

// The next value guessed from the last two: the last step taken again (b + (b - a), no multiply,
// so no contraction can change it); the last value when that is not finite or there is no step.
template <class F, class U>
U predict(const U (&older)[2], int known) {
  if (known == 0) return 0;
  if (known == 1) return older[1];
  F a = std::bit_cast<F>(older[0]), b = std::bit_cast<F>(older[1]);
  F guess = b + (b - a);
  return std::isfinite(guess) ? std::bit_cast<U>(guess) : older[1];
}

// Recodes one field in place and returns its actual bits.
template <class U>
U recode(uint8_t* field, U predicted, bool encode) {
  U stored = load_be<U>(field);
  if (encode) {
    store_be<U>(field, zigzag<U>(static_cast<U>(order_key(stored) - order_key(predicted))));
    return stored;
  }
  U actual = from_order_key<U>(static_cast<U>(order_key(predicted) + unzigzag(stored)));
  store_be<U>(field, actual);
  return actual;
}

// Recodes N consecutive values of type F (a position's three doubles, a rotation's two floats)
// against their history, which then takes them as its newest; returns the bytes after them.
template <class F, class U, size_t N>
uint8_t* recode_values(U (&history)[2][N], int& known, uint8_t* fields, bool encode) {
  U now[N];
  for (size_t i = 0; i < N; ++i) {
    U older[2] = {history[0][i], history[1][i]};
    now[i] = recode<U>(fields + sizeof(U) * i, predict<F>(older, known), encode);
  }
  std::memcpy(history[0], history[1], sizeof now);
  std::memcpy(history[1], now, sizeof now);
  known = std::min(known + 1, 2);
  return fields + sizeof(U) * N;
}

// A VarInt at `p` of at most 3 bytes (frame lengths of serverbound packets), or nothing.
std::optional<size_t> read_length(std::span<const uint8_t> bytes, size_t p, size_t& length) {
  length = 0;
  for (size_t i = 0; i < 3 && p + i < bytes.size(); ++i) {
    length |= static_cast<size_t>(bytes[p + i] & 0x7f) << (7 * i);
    if (!(bytes[p + i] & 0x80)) return i + 1;
  }
  return std::nullopt;
}

}  // namespace

void MoveCoder::walk(ConnId conn, std::span<uint8_t> bytes, Direction direction) {
  size_t p = 0;
  while (p < bytes.size()) {
    size_t length = 0;
    std::optional<size_t> prefix = read_length(bytes, p, length);
    if (!prefix || length == 0 || length > bytes.size() - p - *prefix) return;
    uint8_t* body = bytes.data() + p + *prefix;
    // With compression on, a small packet's body starts with a zero data length.
    size_t id_at = (body[0] == 0 && length >= 2) ? 1 : 0;
    int32_t id = body[id_at];
    std::optional<size_t> fields = fields_size(id);
    if (fields && length == id_at + 1 + *fields) recode_packet(history_[conn], id, body + id_at + 1, direction);
    p += *prefix + length;
  }
}

void MoveCoder::recode_packet(History& h, int32_t packet_id, uint8_t* fields, Direction direction) {
  bool encode = direction == Direction::kEncode;
  if (packet_id != sb::look) fields = recode_values<double>(h.position, h.positions, fields, encode);
  if (packet_id != sb::position) recode_values<float>(h.rotation, h.rotations, fields, encode);
}

}  // namespace hz
