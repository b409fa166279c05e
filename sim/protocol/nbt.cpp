#include "sim/protocol/nbt.h"

#include <cstring>

#include "sim/protocol/mutf8.h"

namespace hz::nbt {
namespace {

// Vanilla's accounting charges per tag kind (NbtAccounter units).
constexpr int64_t kEndCost = 8;
constexpr int64_t kByteCost = 9;
constexpr int64_t kShortCost = 10;
constexpr int64_t kIntCost = 12;
constexpr int64_t kLongCost = 16;
constexpr int64_t kFloatCost = 12;
constexpr int64_t kDoubleCost = 16;
constexpr int64_t kArrayCost = 24;
constexpr int64_t kStringCost = 36;
constexpr int64_t kListCost = 36;
constexpr int64_t kCompoundCost = 48;
constexpr int64_t kCompoundKeyCost = 28;
constexpr int64_t kCompoundEntryCost = 36;
constexpr int64_t kUtf16UnitCost = 2;

// Smallest encoded payload of each tag type: bounds a list's count by the bytes left.
constexpr int64_t kMinPayloadSize[kTagTypeCount] = {0, 1, 2, 4, 8, 4, 8, 4, 2, 5, 1, 4, 4};

bool valid_type_id(uint8_t id) { return id < kTagTypeCount; }

class Reader {
 public:
  Reader(ByteReader& in, const Limits& limits) : in_(in), limits_(limits) {}

  bool payload(TagType type, Tag& out) {
    switch (type) {
      case TagType::kEnd: return account(kEndCost);
      case TagType::kByte: return scalar<int8_t>(kByteCost, out, [&] { return in_.i8(); });
      case TagType::kShort: return scalar<int16_t>(kShortCost, out, [&] { return in_.i16(); });
      case TagType::kInt: return scalar<int32_t>(kIntCost, out, [&] { return in_.i32(); });
      case TagType::kLong: return scalar<int64_t>(kLongCost, out, [&] { return in_.i64(); });
      case TagType::kFloat: return scalar<float>(kFloatCost, out, [&] { return in_.f32(); });
      case TagType::kDouble: return scalar<double>(kDoubleCost, out, [&] { return in_.f64(); });
      case TagType::kByteArray: return array<int8_t>(1, out, [&] { return in_.i8(); });
      case TagType::kString: return string_tag(out);
      case TagType::kList: return nested([&] { return list(out); });
      case TagType::kCompound: return nested([&] { return compound(out); });
      case TagType::kIntArray: return array<int32_t>(4, out, [&] { return in_.i32(); });
      case TagType::kLongArray: return array<int64_t>(8, out, [&] { return in_.i64(); });
    }
    return fail("invalid tag id " + std::to_string(static_cast<int>(type)));
  }

  // Reads a modified UTF-8 string (u16 length + bytes); `units` gets its Java length.
  bool utf(std::string& out, size_t& units) {
    uint16_t n = in_.u16();
    auto bytes = in_.view(n);
    if (!in_.ok()) return fail("NBT ended in the middle of a string");
    auto decoded = decode_modified_utf8(bytes, &units);
    if (!decoded) return fail(decoded.error());
    out = std::move(decoded).value();
    return true;
  }

  bool fail(std::string text) {
    if (error_.empty()) error_ = "NBT: " + std::move(text);
    in_.fail(WireError::kBadValue);
    return false;
  }
  bool truncated() { return fail("data ended in the middle of a tag"); }
  const std::string& error() const { return error_; }

 private:
  bool account(int64_t bytes) {
    if (bytes < 0) return fail("negative size " + std::to_string(bytes));
    if (usage_ > limits_.quota - bytes) {
      return fail("tag too big: tried to allocate " + std::to_string(usage_) + " + " + std::to_string(bytes) +
                  " bytes where max allowed is " + std::to_string(limits_.quota));
    }
    usage_ += bytes;
    return true;
  }

  template <class T, class ReadFn>
  bool scalar(int64_t cost, Tag& out, ReadFn read) {
    if (!account(cost)) return false;
    T v = read();
    if (!in_.ok()) return truncated();
    out = Tag(v);
    return true;
  }

  template <class T, class ReadFn>
  bool array(int64_t element_size, Tag& out, ReadFn read) {
    if (!account(kArrayCost)) return false;
    int32_t n = in_.i32();
    if (!in_.ok()) return truncated();
    if (!account(element_size * n)) return false;
    if (static_cast<int64_t>(in_.remaining()) < element_size * n) return truncated();
    std::vector<T> values(static_cast<size_t>(n));
    for (auto& v : values) v = read();
    out = Tag(std::move(values));
    return true;
  }

  bool string_tag(Tag& out) {
    if (!account(kStringCost)) return false;
    std::string s;
    size_t units = 0;
    if (!utf(s, units)) return false;
    if (!account(kUtf16UnitCost * static_cast<int64_t>(units))) return false;
    out = Tag(std::move(s));
    return true;
  }

  template <class Fn>
  bool nested(Fn body) {
    if (depth_ >= limits_.max_depth) {
      return fail("tag too complex: depth > " + std::to_string(limits_.max_depth));
    }
    ++depth_;
    bool ok = body();
    --depth_;
    return ok;
  }

  bool list(Tag& out) {
    if (!account(kListCost)) return false;
    uint8_t type_id = in_.u8();
    int32_t count = in_.i32();
    if (!in_.ok()) return truncated();
    if (count < 0) return fail("list length cannot be negative: " + std::to_string(count));
    if (count == 0) {
      out = Tag(List{});
      return true;
    }
    if (type_id == 0) return fail("missing type on a non-empty list");
    if (!valid_type_id(type_id)) return fail("invalid tag id " + std::to_string(type_id));
    if (!account(4 * static_cast<int64_t>(count))) return false;
    // Checked before reserving: a list cannot hold more items than its bytes can describe.
    if (static_cast<int64_t>(in_.remaining()) < kMinPayloadSize[type_id] * count) return truncated();
    List list;
    list.items.reserve(static_cast<size_t>(count));
    for (int32_t i = 0; i < count; ++i) {
      Tag item;
      if (!payload(static_cast<TagType>(type_id), item)) return false;
      list.items.push_back(unwrap(std::move(item)));
    }
    out = Tag(std::move(list));
    return true;
  }

  // Vanilla stores mixed lists as compounds {"": item}; reading restores the items.
  static Tag unwrap(Tag item) {
    auto* c = item.as<Compound>();
    if (c != nullptr && c->size() == 1 && c->entries()[0].first.empty()) {
      return Tag(c->entries()[0].second);
    }
    return item;
  }

  bool compound(Tag& out) {
    if (!account(kCompoundCost)) return false;
    Compound c;
    while (true) {
      uint8_t type_id = in_.u8();
      if (!in_.ok()) return truncated();
      if (type_id == 0) break;
      std::string key;
      size_t units = 0;
      if (!utf(key, units)) return false;
      if (!account(kCompoundKeyCost) || !account(kUtf16UnitCost * static_cast<int64_t>(units))) return false;
      if (!valid_type_id(type_id)) return fail("invalid tag id " + std::to_string(type_id) + " for '" + key + "'");
      Tag value;
      if (!payload(static_cast<TagType>(type_id), value)) return false;
      if (c.find(key) == nullptr && !account(kCompoundEntryCost)) return false;
      c.put(std::move(key), std::move(value));
    }
    out = Tag(std::move(c));
    return true;
  }

  ByteReader& in_;
  Limits limits_;
  int64_t usage_ = 0;
  int depth_ = 0;
  std::string error_;
};

// Writes u16 length + modified UTF-8. A string too long for the format is written empty, as
// vanilla's NBT output does, so writing never fails.
void write_utf(ByteWriter& out, std::string_view s) {
  Bytes encoded;
  encoded.reserve(s.size());
  append_modified_utf8(s, encoded);
  if (encoded.size() > 0xFFFF) encoded.clear();
  out.u16(static_cast<uint16_t>(encoded.size()));
  out.raw(encoded);
}

TagType list_element_type(const List& list) {
  if (list.items.empty()) return TagType::kEnd;
  TagType first = list.items.front().type();
  for (const Tag& item : list.items) {
    if (item.type() != first) return TagType::kCompound;
  }
  return first;
}

bool is_wrapper(const Compound& c) { return c.size() == 1 && c.entries()[0].first.empty(); }

void write_payload(ByteWriter& out, const Tag& tag);

void write_list(ByteWriter& out, const List& list) {
  TagType element = list_element_type(list);
  out.u8(static_cast<uint8_t>(element));
  out.i32(static_cast<int32_t>(list.items.size()));
  // Like vanilla, a compound list also wraps items that would read back as wrappers.
  bool compound_list = element == TagType::kCompound;
  for (const Tag& item : list.items) {
    const Compound* c = item.as<Compound>();
    if (compound_list && (c == nullptr || is_wrapper(*c))) {
      Compound wrapper;
      wrapper.put("", item);
      write_payload(out, Tag(std::move(wrapper)));
    } else {
      write_payload(out, item);
    }
  }
}

void write_payload(ByteWriter& out, const Tag& tag) {
  struct Visitor {
    ByteWriter& out;
    void operator()(std::monostate) {}
    void operator()(int8_t v) { out.i8(v); }
    void operator()(int16_t v) { out.i16(v); }
    void operator()(int32_t v) { out.i32(v); }
    void operator()(int64_t v) { out.i64(v); }
    void operator()(float v) { out.f32(v); }
    void operator()(double v) { out.f64(v); }
    void operator()(const ByteArray& v) {
      out.i32(static_cast<int32_t>(v.size()));
      out.raw(v.data(), v.size());
    }
    void operator()(const std::string& v) { write_utf(out, v); }
    void operator()(const List& v) { write_list(out, v); }
    void operator()(const Compound& v) {
      for (const auto& [key, value] : v) {
        out.u8(static_cast<uint8_t>(value.type()));
        write_utf(out, key);
        write_payload(out, value);
      }
      out.u8(0);
    }
    void operator()(const IntArray& v) {
      out.i32(static_cast<int32_t>(v.size()));
      for (int32_t x : v) out.i32(x);
    }
    void operator()(const LongArray& v) {
      out.i32(static_cast<int32_t>(v.size()));
      for (int64_t x : v) out.i64(x);
    }
  };
  std::visit(Visitor{out}, tag.value());
}

template <class T>
Result<T> read_whole(std::span<const uint8_t> bytes, const Limits& limits,
                     Result<T> (*read)(ByteReader&, const Limits&)) {
  ByteReader in(bytes);
  auto result = read(in, limits);
  if (result && in.remaining() != 0) {
    return Error{"NBT: " + std::to_string(in.remaining()) + " bytes left after the root tag"};
  }
  return result;
}

bool same_bits(float a, float b) { return std::memcmp(&a, &b, sizeof a) == 0; }
bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

}  // namespace

std::string_view type_name(TagType type) {
  static constexpr std::string_view kNames[kTagTypeCount] = {
      "TAG_End",  "TAG_Byte",   "TAG_Short", "TAG_Int",      "TAG_Long",     "TAG_Float",    "TAG_Double",
      "TAG_Byte_Array", "TAG_String", "TAG_List", "TAG_Compound", "TAG_Int_Array", "TAG_Long_Array"};
  auto i = static_cast<size_t>(type);
  return i < kTagTypeCount ? kNames[i] : "TAG_Invalid";
}

const Tag* Compound::find(std::string_view key) const {
  for (const auto& e : entries_) {
    if (e.first == key) return &e.second;
  }
  return nullptr;
}

Tag* Compound::find(std::string_view key) {
  for (auto& e : entries_) {
    if (e.first == key) return &e.second;
  }
  return nullptr;
}

Compound& Compound::put(std::string key, Tag value) {
  if (Tag* existing = find(key)) {
    *existing = std::move(value);
  } else {
    entries_.emplace_back(std::move(key), std::move(value));
  }
  return *this;
}

bool operator==(const Tag& a, const Tag& b) {
  if (a.type() != b.type()) return false;
  if (auto* f = a.as<float>()) return same_bits(*f, *b.as<float>());
  if (auto* d = a.as<double>()) return same_bits(*d, *b.as<double>());
  return a.value() == b.value();
}

bool operator==(const List& a, const List& b) { return a.items == b.items; }

bool operator==(const Compound& a, const Compound& b) { return a.entries() == b.entries(); }

Result<Tag> read_network(ByteReader& in, const Limits& limits) {
  Reader reader(in, limits);
  uint8_t type_id = in.u8();
  if (!in.ok()) return Error{"NBT: no tag type byte"};
  if (type_id == 0) return Tag();
  if (!valid_type_id(type_id)) {
    reader.fail("invalid tag id " + std::to_string(type_id));
    return Error{reader.error()};
  }
  Tag tag;
  if (!reader.payload(static_cast<TagType>(type_id), tag)) return Error{reader.error()};
  return tag;
}

Result<Tag> read_network(std::span<const uint8_t> bytes, const Limits& limits) {
  return read_whole<Tag>(bytes, limits, &read_network);
}

void write_network(ByteWriter& out, const Tag& tag) {
  out.u8(static_cast<uint8_t>(tag.type()));
  write_payload(out, tag);
}

Bytes network_bytes(const Tag& tag) {
  ByteWriter out;
  write_network(out, tag);
  return out.take();
}

Result<NamedTag> read_file(ByteReader& in, const Limits& limits) {
  Reader reader(in, limits);
  uint8_t type_id = in.u8();
  if (!in.ok()) return Error{"NBT: no tag type byte"};
  if (type_id != static_cast<uint8_t>(TagType::kCompound)) {
    in.fail(WireError::kBadValue);
    return Error{"NBT: root tag must be a named compound tag"};
  }
  NamedTag named;
  size_t units = 0;
  if (!reader.utf(named.name, units)) return Error{reader.error()};
  if (!reader.payload(TagType::kCompound, named.tag)) return Error{reader.error()};
  return named;
}

Result<NamedTag> read_file(std::span<const uint8_t> bytes, const Limits& limits) {
  return read_whole<NamedTag>(bytes, limits, &read_file);
}

void write_file(ByteWriter& out, std::string_view root_name, const Tag& root) {
  out.u8(static_cast<uint8_t>(root.type()));
  if (root.is_end()) return;
  write_utf(out, root_name);
  write_payload(out, root);
}

Bytes file_bytes(std::string_view root_name, const Tag& root) {
  ByteWriter out;
  write_file(out, root_name, root);
  return out.take();
}

std::optional<double> number_at(const Compound& c, std::string_view key) {
  const Tag* tag = c.find(key);
  if (!tag) return std::nullopt;
  return std::visit(
      [](const auto& v) -> std::optional<double> {
        using T = std::decay_t<decltype(v)>;
        if constexpr (std::is_arithmetic_v<T>) return static_cast<double>(v);
        else return std::nullopt;
      },
      tag->value());
}

}  // namespace hz::nbt
