#include "sim/protocol/framing.h"

#include <zlib.h>

#include <algorithm>
#include <string>

#include "sim/protocol/wire.h"

namespace hz {

// A reusable zlib inflate stream (RFC 1950 format, as the protocol uses).
class Inflater {
 public:
  Inflater() { ok_ = inflateInit(&z_) == Z_OK; }
  ~Inflater() { inflateEnd(&z_); }
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;

  // Inflates `in`, which must produce exactly `declared` bytes. The output grows with what the
  // stream really produces, so a false size claim costs no large allocation.
  Result<Bytes> inflate_exact(std::span<const uint8_t> in, size_t declared) {
    if (!ok_ || inflateReset(&z_) != Z_OK) return Error{"zlib could not be initialised"};
    z_.next_in = const_cast<Bytef*>(in.data());
    z_.avail_in = static_cast<uInt>(in.size());
    Bytes out;
    size_t produced = 0;
    while (true) {
      if (produced == out.size()) {
        size_t grown = std::max<size_t>(out.size() * 2, 65536);
        // One byte past the declared size lets a too-long stream show itself.
        out.resize(std::min(grown, declared + 1));
      }
      z_.next_out = out.data() + produced;
      z_.avail_out = static_cast<uInt>(out.size() - produced);
      int rc = inflate(&z_, Z_NO_FLUSH);
      produced = out.size() - z_.avail_out;
      if (produced > declared) {
        return Error{"badly compressed packet: inflates to more than the declared size of " +
                     std::to_string(declared)};
      }
      if (rc == Z_STREAM_END) break;
      if (rc == Z_OK && z_.avail_out == 0) continue;
      if (rc == Z_OK || rc == Z_BUF_ERROR) {
        return Error{"badly compressed packet: the zlib stream is cut short after " + std::to_string(produced) +
                     " of " + std::to_string(declared) + " bytes"};
      }
      return Error{std::string("badly compressed packet: invalid zlib data (") +
                   (z_.msg != nullptr ? z_.msg : "error " + std::to_string(rc)) + ")"};
    }
    if (produced != declared) {
      return Error{"badly compressed packet: actual length " + std::to_string(produced) +
                   " does not match the declared size " + std::to_string(declared)};
    }
    out.resize(produced);
    return out;
  }

 private:
  z_stream z_{};
  bool ok_ = false;
};

// A reusable zlib deflate stream at zlib's default level (what vanilla's Deflater uses).
class Deflater {
 public:
  Deflater() { ok_ = deflateInit(&z_, Z_DEFAULT_COMPRESSION) == Z_OK; }
  ~Deflater() { deflateEnd(&z_); }
  Deflater(const Deflater&) = delete;
  Deflater& operator=(const Deflater&) = delete;

  // Replaces `out` with the zlib stream of `in`.
  bool deflate_all(std::span<const uint8_t> in, Bytes& out) {
    if (!ok_ || deflateReset(&z_) != Z_OK) return false;
    out.resize(deflateBound(&z_, static_cast<uLong>(in.size())));
    z_.next_in = const_cast<Bytef*>(in.data());
    z_.avail_in = static_cast<uInt>(in.size());
    z_.next_out = out.data();
    z_.avail_out = static_cast<uInt>(out.size());
    int rc = deflate(&z_, Z_FINISH);
    if (rc != Z_STREAM_END) return false;
    out.resize(out.size() - z_.avail_out);
    return true;
  }

 private:
  z_stream z_{};
  bool ok_ = false;
};

namespace {

void append_varint(Bytes& out, int32_t v) {
  auto u = static_cast<uint32_t>(v);
  while (u >= 0x80) {
    out.push_back(static_cast<uint8_t>(u | 0x80));
    u >>= 7;
  }
  out.push_back(static_cast<uint8_t>(u));
}

}  // namespace

FrameDecoder::FrameDecoder() = default;
FrameDecoder::~FrameDecoder() = default;
FrameDecoder::FrameDecoder(FrameDecoder&&) noexcept = default;
FrameDecoder& FrameDecoder::operator=(FrameDecoder&&) noexcept = default;

void FrameDecoder::set_compression_threshold(int32_t threshold) { threshold_ = threshold; }

void FrameDecoder::feed(std::span<const uint8_t> bytes) {
  if (failed_) return;
  buffer_.insert(buffer_.end(), bytes.begin(), bytes.end());
}

Result<std::optional<Bytes>> FrameDecoder::fail(std::string text) {
  failed_ = true;
  error_ = std::move(text);
  buffer_.clear();
  read_pos_ = 0;
  return Error{error_};
}

void FrameDecoder::compact() {
  if (read_pos_ == buffer_.size()) {
    buffer_.clear();
    read_pos_ = 0;
  } else if (read_pos_ > 65536 && read_pos_ * 2 > buffer_.size()) {
    buffer_.erase(buffer_.begin(), buffer_.begin() + static_cast<ptrdiff_t>(read_pos_));
    read_pos_ = 0;
  }
}

Result<std::optional<Bytes>> FrameDecoder::next() {
  if (failed_) return Error{error_};
  size_t available = buffered();
  int32_t length = 0;
  int prefix = 0;
  for (;; ++prefix) {
    if (prefix == kMaxFramePrefixBytes) return fail("frame length prefix is wider than 3 bytes");
    if (static_cast<size_t>(prefix) == available) return std::optional<Bytes>();
    uint8_t b = buffer_[read_pos_ + prefix];
    length |= static_cast<int32_t>(b & 0x7F) << (7 * prefix);
    if ((b & 0x80) == 0) break;
  }
  ++prefix;
  if (length == 0) return fail("frame length cannot be zero");
  if (available - prefix < static_cast<size_t>(length)) return std::optional<Bytes>();

  std::span<const uint8_t> frame(buffer_.data() + read_pos_ + prefix, static_cast<size_t>(length));
  read_pos_ += prefix + static_cast<size_t>(length);
  if (threshold_ < 0) {
    Bytes body(frame.begin(), frame.end());
    compact();
    return std::optional<Bytes>(std::move(body));
  }
  auto body = decompress(frame);
  if (!body) return fail(body.error());
  compact();
  return std::optional<Bytes>(std::move(body).value());
}

Result<Bytes> FrameDecoder::decompress(std::span<const uint8_t> frame) {
  ByteReader in(frame);
  int32_t declared = in.varint();
  if (!in.ok()) return Error{"compressed frame has no valid data length"};
  std::span<const uint8_t> payload = frame.subspan(in.position_in_input());
  if (declared == 0) return Bytes(payload.begin(), payload.end());
  if (declared < threshold_) {
    return Error{"badly compressed packet: size of " + std::to_string(declared) + " is below the threshold of " +
                 std::to_string(threshold_)};
  }
  if (declared > kMaxUncompressedLength) {
    return Error{"badly compressed packet: size of " + std::to_string(declared) +
                 " is larger than the protocol maximum of " + std::to_string(kMaxUncompressedLength)};
  }
  if (!inflater_) inflater_ = std::make_unique<Inflater>();
  return inflater_->inflate_exact(payload, static_cast<size_t>(declared));
}

FrameEncoder::FrameEncoder() = default;
FrameEncoder::~FrameEncoder() = default;
FrameEncoder::FrameEncoder(FrameEncoder&&) noexcept = default;
FrameEncoder& FrameEncoder::operator=(FrameEncoder&&) noexcept = default;

Status FrameEncoder::append(std::span<const uint8_t> body, int32_t threshold, Bytes& out) {
  if (body.empty()) return Error{"cannot frame an empty packet body"};
  auto size = static_cast<int64_t>(body.size());
  if (threshold < 0) {
    if (size > kMaxFrameLength) {
      return Error{"packet of " + std::to_string(size) + " bytes does not fit in a frame (max " +
                   std::to_string(kMaxFrameLength) + ")"};
    }
    append_varint(out, static_cast<int32_t>(size));
    out.insert(out.end(), body.begin(), body.end());
    return Status::success();
  }
  if (size > kMaxUncompressedLength) {
    return Error{"packet too big: " + std::to_string(size) + " bytes, the maximum is " +
                 std::to_string(kMaxUncompressedLength)};
  }
  if (size < threshold) {
    if (size + 1 > kMaxFrameLength) return Error{"packet does not fit in a frame"};
    append_varint(out, static_cast<int32_t>(size + 1));
    out.push_back(0);  // data length 0: not compressed
    out.insert(out.end(), body.begin(), body.end());
    return Status::success();
  }
  if (!deflater_) deflater_ = std::make_unique<Deflater>();
  Bytes compressed;
  if (!deflater_->deflate_all(body, compressed)) return Error{"zlib failed to compress a packet"};
  int64_t frame_length = varint_size(static_cast<int32_t>(size)) + static_cast<int64_t>(compressed.size());
  if (frame_length > kMaxFrameLength) {
    return Error{"compressed packet of " + std::to_string(frame_length) + " bytes does not fit in a frame"};
  }
  append_varint(out, static_cast<int32_t>(frame_length));
  append_varint(out, static_cast<int32_t>(size));
  out.insert(out.end(), compressed.begin(), compressed.end());
  return Status::success();
}

Result<Bytes> encode_frame(std::span<const uint8_t> body, int32_t threshold) {
  FrameEncoder encoder;
  Bytes out;
  Status status = encoder.append(body, threshold, out);
  if (!status) return Error{status.error()};
  return out;
}

}  // namespace hz
