// A small independent network-NBT reader for the data tests: parses a nameless root into a
// tree so tests can check structure, look up fields and collect string values.
#pragma once

#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace hz::test {

struct NbtNode {
  uint8_t type = 0;
  int64_t integer = 0;  // byte, short, int, long
  double real = 0;      // float, double
  std::string text;     // string (decoded bytes as stored)
  std::vector<NbtNode> items;                   // list elements, array elements
  // Compound fields in order (a struct defined below: clang refuses a std::pair of an incomplete
  // type with libstdc++).
  struct Field;
  std::vector<Field> fields;

  const NbtNode* field(const std::string& name) const;
};

struct NbtNode::Field {
  std::string key;
  NbtNode value;
};

inline const NbtNode* NbtNode::field(const std::string& name) const {
  for (const auto& [key, value] : fields) {
    if (key == name) return &value;
  }
  return nullptr;
}

class NbtWalker {
 public:
  explicit NbtWalker(std::span<const uint8_t> bytes) : bytes_(bytes) {}

  // The root tag, or nullopt when the bytes are malformed or not fully consumed.
  std::optional<NbtNode> parse_root() {
    NbtNode root;
    if (!u8(root.type) || root.type == 0 || !payload(root, 0)) return std::nullopt;
    if (pos_ != bytes_.size()) return std::nullopt;
    return root;
  }

 private:
  static constexpr int kMaxDepth = 512;

  bool take(size_t n) {
    if (bytes_.size() - pos_ < n) return false;
    pos_ += n;
    return true;
  }
  uint64_t be(size_t start, size_t n) const {
    uint64_t v = 0;
    for (size_t i = 0; i < n; ++i) v = (v << 8) | bytes_[start + i];
    return v;
  }
  bool u8(uint8_t& out) {
    if (!take(1)) return false;
    out = bytes_[pos_ - 1];
    return true;
  }
  bool signed_int(size_t n, int64_t& out) {
    if (!take(n)) return false;
    const uint64_t raw = be(pos_ - n, n);
    const unsigned shift = static_cast<unsigned>(64 - 8 * n);
    out = static_cast<int64_t>(raw << shift) >> shift;
    return true;
  }
  bool string(std::string& out) {
    int64_t length = 0;
    if (!take(2)) return false;
    length = static_cast<int64_t>(be(pos_ - 2, 2));
    if (!take(static_cast<size_t>(length))) return false;
    out.assign(reinterpret_cast<const char*>(bytes_.data() + pos_ - length), static_cast<size_t>(length));
    return true;
  }
  bool count(int64_t& n) { return signed_int(4, n) && n >= 0 && static_cast<uint64_t>(n) <= bytes_.size() - pos_ + 1; }

  bool payload(NbtNode& node, int depth) {
    if (depth > kMaxDepth) return false;
    switch (node.type) {
      case 1: return signed_int(1, node.integer);
      case 2: return signed_int(2, node.integer);
      case 3: return signed_int(4, node.integer);
      case 4: return signed_int(8, node.integer);
      case 5: {
        int64_t bits = 0;
        if (!signed_int(4, bits)) return false;
        const auto raw = static_cast<uint32_t>(bits);
        float f;
        std::memcpy(&f, &raw, sizeof f);
        node.real = f;
        return true;
      }
      case 6: {
        int64_t bits = 0;
        if (!signed_int(8, bits)) return false;
        std::memcpy(&node.real, &bits, sizeof node.real);
        return true;
      }
      case 7: case 11: case 12: return array(node, node.type == 7 ? 1 : node.type == 11 ? 4 : 8);
      case 8: return string(node.text);
      case 9: return list(node, depth);
      case 10: return compound(node, depth);
      default: return false;
    }
  }
  bool array(NbtNode& node, size_t width) {
    int64_t n = 0;
    if (!count(n)) return false;
    for (int64_t i = 0; i < n; ++i) {
      NbtNode item;
      item.type = width == 1 ? 1 : width == 4 ? 3 : 4;
      if (!signed_int(width, item.integer)) return false;
      node.items.push_back(item);
    }
    return true;
  }
  bool list(NbtNode& node, int depth) {
    uint8_t element = 0;
    int64_t n = 0;
    if (!u8(element) || !count(n)) return false;
    if (element == 0 && n != 0) return false;
    for (int64_t i = 0; i < n; ++i) {
      NbtNode item;
      item.type = element;
      if (!payload(item, depth + 1)) return false;
      node.items.push_back(std::move(item));
    }
    return true;
  }
  bool compound(NbtNode& node, int depth) {
    for (;;) {
      uint8_t type = 0;
      if (!u8(type)) return false;
      if (type == 0) return true;
      std::string name;
      NbtNode value;
      value.type = type;
      if (!string(name) || !payload(value, depth + 1)) return false;
      node.fields.push_back(NbtNode::Field{std::move(name), std::move(value)});
    }
  }

  std::span<const uint8_t> bytes_;
  size_t pos_ = 0;
};

// Every string value in a tree, depth first.
inline void collect_strings(const NbtNode& node, std::vector<std::string>& out) {
  if (node.type == 8) out.push_back(node.text);
  for (const auto& item : node.items) collect_strings(item, out);
  for (const auto& [key, value] : node.fields) collect_strings(value, out);
}

}  // namespace hz::test
