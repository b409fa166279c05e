// Packet framing: splitting the inbound byte stream into packet bodies (VarInt length prefix,
// optional zlib compression) and framing outbound bodies, with vanilla's size limits.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>

#include "sim/core/types.h"
#include "sim/core/result.h"

namespace hz {

// Largest frame: the length prefix is at most 3 VarInt bytes (21 bits).
inline constexpr int32_t kMaxFrameLength = 2097151;
inline constexpr int kMaxFramePrefixBytes = 3;
// Largest uncompressed packet vanilla accepts or writes.
inline constexpr int32_t kMaxUncompressedLength = 8388608;

class Inflater;
class Deflater;

// Turns inbound bytes, fed in chunks of any size as they arrive, into packet bodies (VarInt id +
// fields). Limits are checked before anything is allocated. The first error is final: every
// later call returns it, and the connection should be closed.
class FrameDecoder {
 public:
  FrameDecoder();
  ~FrameDecoder();
  FrameDecoder(FrameDecoder&&) noexcept;
  FrameDecoder& operator=(FrameDecoder&&) noexcept;

  // Compression for frames not yet returned: threshold >= 0 switches it on, negative off.
  void set_compression_threshold(int32_t threshold);
  int32_t compression_threshold() const { return threshold_; }

  void feed(std::span<const uint8_t> bytes);
  // The next packet body; an empty optional means more bytes are needed.
  Result<std::optional<Bytes>> next();

  bool failed() const { return failed_; }
  // Bytes received but not yet returned as packets.
  size_t buffered() const { return buffer_.size() - read_pos_; }
  std::span<const uint8_t> unread() const { return std::span<const uint8_t>(buffer_).subspan(read_pos_); }
  // The bytes not yet framed and the compression in force; the inflater holds nothing between
  // frames (each is its own zlib stream).
  template <class Io>
  void state_fields(Io& io) {
    io(buffer_, read_pos_, threshold_, failed_, error_);
    io.check(read_pos_ <= buffer_.size());
  }

 private:
  Result<std::optional<Bytes>> fail(std::string text);
  Result<Bytes> decompress(std::span<const uint8_t> frame);
  void compact();

  Bytes buffer_;
  size_t read_pos_ = 0;
  int32_t threshold_ = -1;
  bool failed_ = false;
  std::string error_;
  std::unique_ptr<Inflater> inflater_;
};

// Frames outbound packet bodies. Keeps one zlib stream for reuse; not thread-safe, so use one
// per connection or per thread.
class FrameEncoder {
 public:
  FrameEncoder();
  ~FrameEncoder();
  FrameEncoder(FrameEncoder&&) noexcept;
  FrameEncoder& operator=(FrameEncoder&&) noexcept;

  // Appends the frame for `body` to `out`. With threshold >= 0 the compressed format is used and
  // bodies of threshold bytes or more are deflated; negative = no compression. Fails (leaving
  // `out` unchanged) when the body is over 8 MiB or the frame would not fit a 3-byte prefix.
  Status append(std::span<const uint8_t> body, int32_t threshold, Bytes& out);

 private:
  std::unique_ptr<Deflater> deflater_;
};

// One-off form of FrameEncoder::append.
Result<Bytes> encode_frame(std::span<const uint8_t> body, int32_t threshold);

}  // namespace hz
