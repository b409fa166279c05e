// NBT (Named Binary Tag): the tag tree, its network form (nameless root, used in packets) and file
// form (named root, used by world storage), read with vanilla's depth and byte-quota limits.
#pragma once

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "sim/core/types.h"
#include "sim/core/result.h"
#include "sim/protocol/wire.h"

namespace hz::nbt {

// Tag type ids as written on the wire; also the index of each kind in Tag::Value.
enum class TagType : uint8_t {
  kEnd = 0,
  kByte = 1,
  kShort = 2,
  kInt = 3,
  kLong = 4,
  kFloat = 5,
  kDouble = 6,
  kByteArray = 7,
  kString = 8,
  kList = 9,
  kCompound = 10,
  kIntArray = 11,
  kLongArray = 12,
};
inline constexpr int kTagTypeCount = 13;

// "TAG_Byte", "TAG_Compound", ...
std::string_view type_name(TagType type);

class Tag;

using ByteArray = std::vector<int8_t>;
using IntArray = std::vector<int32_t>;
using LongArray = std::vector<int64_t>;

// A list of tags. The element type on the wire follows from the items, as in vanilla: End when
// empty, the common type when all items share one, else compounds (other items wrapped as {"": x}).
struct List {
  std::vector<Tag> items;
};

// Named tags in insertion order (written in that order, so output is deterministic).
class Compound {
 public:
  using Entry = std::pair<std::string, Tag>;

  const Tag* find(std::string_view key) const;
  Tag* find(std::string_view key);
  // Sets `key`; an existing key keeps its position and gets the new value.
  Compound& put(std::string key, Tag value);
  // Defined after Tag: clang instantiates vector<Entry>::size() here, where Tag is incomplete.
  size_t size() const;
  bool empty() const;
  const std::vector<Entry>& entries() const { return entries_; }
  std::vector<Entry>::const_iterator begin() const { return entries_.begin(); }
  std::vector<Entry>::const_iterator end() const { return entries_.end(); }

 private:
  std::vector<Entry> entries_;
};

// Alternatives in TagType order; monostate is End ("no tag").
using TagValue = std::variant<std::monostate, int8_t, int16_t, int32_t, int64_t, float, double, ByteArray,
                              std::string, List, Compound, IntArray, LongArray>;

template <class U, class Variant>
struct IsAlternative;
template <class U, class... Ts>
struct IsAlternative<U, std::variant<Ts...>> : std::disjunction<std::is_same<U, Ts>...> {};

class Tag {
 public:
  using Value = TagValue;

  Tag() = default;
  // Only the exact alternative types convert, so Tag(int32_t{1}) is an Int and never a Long.
  template <class T>
    requires IsAlternative<std::remove_cvref_t<T>, TagValue>::value
  Tag(T&& v) : value_(std::in_place_type<std::remove_cvref_t<T>>, std::forward<T>(v)) {}  // NOLINT
  Tag(const char* s) : value_(std::in_place_type<std::string>, s) {}                     // NOLINT
  Tag(std::string_view s) : value_(std::in_place_type<std::string>, s) {}                // NOLINT

  TagType type() const { return static_cast<TagType>(value_.index()); }
  bool is_end() const { return value_.index() == 0; }
  const Value& value() const { return value_; }
  Value& value() { return value_; }
  template <class T>
  const T* as() const {
    return std::get_if<T>(&value_);
  }
  template <class T>
  T* as() {
    return std::get_if<T>(&value_);
  }

 private:
  Value value_;
};

// The number under `key` whatever its numeric tag type, as vanilla's codecs read numbers; none
// when the key is absent or holds no number.
std::optional<double> number_at(const Compound& c, std::string_view key);

// Structural equality; floats compare by bit pattern (so NaN equals the same NaN and 0.0 != -0.0),
// compounds in entry order, lists item by item.
bool operator==(const Tag& a, const Tag& b);
bool operator==(const List& a, const List& b);
bool operator==(const Compound& a, const Compound& b);
inline size_t Compound::size() const { return entries_.size(); }

// The value under `key` when it has type T; null when absent or of another type.
template <class T>
const T* find_as(const Compound& c, std::string_view key) {
  const Tag* tag = c.find(key);
  return tag ? tag->as<T>() : nullptr;
}
inline bool Compound::empty() const { return entries_.empty(); }

// Read limits. Quota units follow vanilla's NbtAccounter (an estimate of heap bytes, e.g. 48 per
// compound, 9 per byte tag); depth counts nested lists and compounds.
struct Limits {
  int64_t quota = std::numeric_limits<int64_t>::max();
  int max_depth = 512;
};
inline constexpr Limits kNetworkLimits{2097152, 512};  // packets (FriendlyByteBuf.readNbt)
inline constexpr Limits kFileLimits{std::numeric_limits<int64_t>::max(), 512};  // NbtIo.read

// Network NBT: type byte + payload, no root name. A lone End byte reads as an End tag, which is
// how optional NBT fields say "absent". Reads from the reader's position and advances it; on
// failure the reader is marked failed as well.
Result<Tag> read_network(ByteReader& in, const Limits& limits = kNetworkLimits);
// The whole span must be exactly one network tag.
Result<Tag> read_network(std::span<const uint8_t> bytes, const Limits& limits = kNetworkLimits);
void write_network(ByteWriter& out, const Tag& tag);
Bytes network_bytes(const Tag& tag);

// File NBT: type byte, root name (u16 length + modified UTF-8), payload. The root must be a
// compound, as vanilla's NbtIo.read requires.
struct NamedTag {
  std::string name;
  Tag tag;
  bool operator==(const NamedTag&) const = default;
};
Result<NamedTag> read_file(ByteReader& in, const Limits& limits = kFileLimits);
// The whole span must be exactly one named tag.
Result<NamedTag> read_file(std::span<const uint8_t> bytes, const Limits& limits = kFileLimits);
void write_file(ByteWriter& out, std::string_view root_name, const Tag& root);
Bytes file_bytes(std::string_view root_name, const Tag& root);

// Compact SNBT-like text for logs and test failures: {a:1b,b:[I;1,2],c:"x"}.
std::string to_string(const Tag& tag);

}  // namespace hz::nbt
