// Fuzz target: the inbound frame decoder with and without compression, fed in random-sized
// pieces. Invariants: no crash or unbounded allocation; every body it returns re-frames and
// decodes back to the same body; once it fails it stays failed.
#include <cassert>

#include "sim/protocol/framing.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  int32_t threshold = data[0] % 3 == 0 ? -1 : (data[0] % 3 == 1 ? 0 : 256);
  size_t piece = 1 + data[1] % 64;
  hz::FrameDecoder decoder;
  decoder.set_compression_threshold(threshold);
  std::span<const uint8_t> rest(data + 2, size - 2);
  bool failed = false;
  while (!rest.empty()) {
    size_t n = std::min(piece, rest.size());
    decoder.feed(rest.first(n));
    rest = rest.subspan(n);
    while (true) {
      auto next = decoder.next();
      if (!next) {
        failed = true;
        break;
      }
      if (!next->has_value()) break;
      const hz::Bytes& body = **next;
      auto frame = hz::encode_frame(body, threshold);
      if (!frame) continue;  // a body that fits inbound limits may exceed outbound ones
      hz::FrameDecoder again;
      again.set_compression_threshold(threshold);
      again.feed(*frame);
      auto back = again.next();
      assert(back.ok() && back->has_value() && **back == body);
    }
    if (failed) break;
  }
  if (failed) assert(!decoder.next().ok());
  return 0;
}
