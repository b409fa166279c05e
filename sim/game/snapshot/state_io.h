// A system's volatile state written into a snapshot and read back, from one declaration: the
// system lists its members once, in order, in `template <class Io> void state_fields(Io& io)`.
#pragma once

// StateWriter appends the members' bytes; StateReader assigns them back in the same order and
// fails (never throws, never allocates more than the input could hold) on bytes that are short or
// damaged. Integers are VarLongs, floating point keeps its exact bits (NaN payloads included), a
// container is its size and then its elements, a struct is its own `state_fields`.
#include <array>
#include <concepts>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "absl/container/flat_hash_map.h"
#include "absl/container/flat_hash_set.h"
#include "sim/protocol/nbt.h"
#include "sim/protocol/wire.h"

namespace hz {

template <class T, class Io>
concept HasStateFields = requires(T& t, Io& io) { t.state_fields(io); };

class StateWriter {
 public:
  // What a declaration asks when reading needs a step writing does not (rebuilding an index).
  static constexpr bool kReading = false;

  // `expected_size`: what the snapshot is likely to take (the last one's size), so the buffer
  // grows once instead of doubling through the copies and fresh pages of a large world.
  explicit StateWriter(size_t expected_size = 0) : out_(expected_size) {}

  // `count` byte strings written by `write_one(i, out)` one after another, in the layout of a
  // std::vector<Bytes> (read back as one), without holding them all at once.
  template <class WriteOne>
  void byte_strings(size_t count, WriteOne&& write_one) {
    out_.varlong(static_cast<int64_t>(count));
    for (size_t i = 0; i < count; ++i) {
      scratch_.bytes().clear();
      write_one(i, scratch_);
      out_.varlong(static_cast<int64_t>(scratch_.size()));
      out_.raw(scratch_.bytes());
    }
  }

  template <class... T>
  void operator()(const T&... values) {
    (put(values), ...);
  }
  void check(bool) {}  // only reading checks
  size_t size() const { return out_.size(); }
  Bytes take() { return out_.take(); }

 private:
  void put(bool v) { out_.boolean(v); }
  template <std::integral T>
  void put(T v) {
    if constexpr (std::is_same_v<T, uint64_t>) out_.u64(v);
    else out_.varlong(static_cast<int64_t>(v));
  }
  template <class T>
    requires std::is_enum_v<T>
  void put(T v) {
    put(static_cast<std::underlying_type_t<T>>(v));
  }
  void put(float v) { out_.f32(v); }
  void put(double v) { out_.f64(v); }
  void put(const std::string& s) {
    out_.varlong(static_cast<int64_t>(s.size()));
    out_.raw(s.data(), s.size());
  }
  // Byte strings (saved chunks, encoded records) go in one piece, not a varint a byte.
  void put(const Bytes& b) {
    out_.varlong(static_cast<int64_t>(b.size()));
    out_.raw(b);
  }
  template <class A, class B>
  void put(const std::pair<A, B>& p) {
    put(p.first), put(p.second);
  }
  template <class T>
  void put(const std::optional<T>& o) {
    put(o.has_value());
    if (o) put(*o);
  }
  template <class T, size_t N>
  void put(const std::array<T, N>& a) {
    for (const T& v : a) put(v);
  }
  template <class C>
  void put_range(const C& c) {
    out_.varlong(static_cast<int64_t>(c.size()));
    for (const auto& v : c) put(v);
  }
  template <class T>
  void put(const std::vector<T>& v) {
    put_range(v);
  }
  template <class T>
  void put(const std::deque<T>& v) {
    put_range(v);
  }
  template <class T, class C>
  void put(const std::set<T, C>& v) {
    put_range(v);
  }
  // NBT (entities of unknown types kept as read) as its network encoding.
  void put(const nbt::Compound& c) {
    const Bytes bytes = nbt::network_bytes(nbt::Tag(c));
    out_.varlong(static_cast<int64_t>(bytes.size()));
    out_.raw(bytes.data(), bytes.size());
  }
  // Hashed containers are written sorted, so their bytes never depend on the hash order.
  template <class K, class V>
  void put(const absl::flat_hash_map<K, V>& v) {
    put(std::map<K, V>(v.begin(), v.end()));
  }
  template <class T>
  void put(const absl::flat_hash_set<T>& v) {
    put(std::set<T>(v.begin(), v.end()));
  }
  template <class T>
  void put(const std::unique_ptr<T>& p) {
    put(*p);  // a snapshot holds owned objects, never an empty pointer
  }
  template <class K, class V, class C>
  void put(const std::map<K, V, C>& v) {
    put_range(v);
  }
  // Writing only reads the members; the one declaration takes them by reference for the reader.
  template <class T>
    requires HasStateFields<T, StateWriter>
  void put(const T& v) {
    const_cast<T&>(v).state_fields(*this);
  }

  ByteWriter out_;
  ByteWriter scratch_;  // one byte string of byte_strings at a time, its memory reused
};

class StateReader {
 public:
  static constexpr bool kReading = true;

  explicit StateReader(std::span<const uint8_t> bytes) : in_(bytes) {}

  template <class... T>
  void operator()(T&... values) {
    (get(values), ...);
  }
  bool ok() const { return in_.ok(); }
  size_t remaining() const { return in_.remaining(); }
  // Marks the read failed when bytes are left over: a snapshot is read whole or not at all.
  void expect_end() { in_.expect_end(); }
  // A declaration's own consistency check on what it read (an entity under another id's key).
  void check(bool consistent) {
    if (!consistent) in_.fail(WireError::kBadValue);
  }

 private:
  void get(bool& v) { v = in_.boolean(); }
  template <std::integral T>
  void get(T& v) {
    if constexpr (std::is_same_v<T, uint64_t>) {
      v = in_.u64();
    } else {
      const int64_t wide = in_.varlong();
      if (!std::in_range<T>(wide)) return in_.fail(WireError::kBadValue);
      v = static_cast<T>(wide);
    }
  }
  template <class T>
    requires std::is_enum_v<T>
  void get(T& v) {
    std::underlying_type_t<T> raw{};
    get(raw);
    v = static_cast<T>(raw);
  }
  void get(float& v) { v = in_.f32(); }
  void get(double& v) { v = in_.f64(); }
  void get(std::string& s) {
    const size_t n = size_prefix(1);
    const std::span<const uint8_t> bytes = in_.view(n);
    s.assign(bytes.begin(), bytes.end());
  }
  void get(Bytes& b) {
    const size_t n = size_prefix(1);
    const std::span<const uint8_t> bytes = in_.view(n);
    b.assign(bytes.begin(), bytes.end());
  }
  template <class A, class B>
  void get(std::pair<A, B>& p) {
    get(p.first), get(p.second);
  }
  template <class T>
  void get(std::optional<T>& o) {
    bool present = false;
    get(present);
    o.reset();
    if (!present) return;
    o = T{};  // not emplace(): clang cannot yet tell that a nested struct with member
              // initializers is default-constructible inside its enclosing class
    get(*o);
  }
  template <class T, size_t N>
  void get(std::array<T, N>& a) {
    for (T& v : a) get(v);
  }
  template <class T>
  void get(std::vector<T>& v) {
    v.assign(size_prefix(1), T{});
    for (T& e : v) get(e);
  }
  template <class T>
  void get(std::deque<T>& v) {
    v.assign(size_prefix(1), T{});
    for (T& e : v) get(e);
  }
  template <class T, class C>
  void get(std::set<T, C>& v) {
    v.clear();
    for (size_t n = size_prefix(1); n > 0 && ok(); --n) {
      T e{};
      get(e);
      v.insert(std::move(e));
    }
  }
  void get(nbt::Compound& c) {
    const size_t n = size_prefix(1);
    Result<nbt::Tag> tag = nbt::read_network(in_.view(n), nbt::kFileLimits);
    const nbt::Compound* read = tag ? tag->as<nbt::Compound>() : nullptr;
    check(read != nullptr);
    c = read ? *read : nbt::Compound{};
  }
  template <class K, class V>
  void get(absl::flat_hash_map<K, V>& v) {
    std::map<K, V> sorted;
    get(sorted);
    v.clear();
    for (auto& [key, value] : sorted) v.emplace(key, std::move(value));
  }
  template <class T>
  void get(absl::flat_hash_set<T>& v) {
    std::set<T> sorted;
    get(sorted);
    v = absl::flat_hash_set<T>(sorted.begin(), sorted.end());
  }
  // An owned object is made by T::blank_for_snapshot() (objects whose constructor takes
  // arguments) or default-constructed, then read in place.
  template <class T>
  void get(std::unique_ptr<T>& p) {
    if constexpr (requires { T::blank_for_snapshot(); }) p = T::blank_for_snapshot();
    else p = std::make_unique<T>();
    get(*p);
  }
  template <class K, class V, class C>
  void get(std::map<K, V, C>& v) {
    v.clear();
    for (size_t n = size_prefix(1); n > 0 && ok(); --n) {
      K key{};
      get(key);
      get(v.try_emplace(std::move(key)).first->second);  // read in place: values need not move
    }
  }
  template <class T>
    requires HasStateFields<T, StateReader>
  void get(T& v) {
    v.state_fields(*this);
  }
  // A count of elements that each take at least `min_bytes`: more than the bytes left can hold
  // fails the read (and counts 0), so damaged input never asks for a huge allocation.
  size_t size_prefix(size_t min_bytes) {
    const int64_t n = in_.varlong();
    if (!ok() || n < 0 || static_cast<uint64_t>(n) > in_.remaining() / min_bytes) {
      in_.fail(WireError::kBadValue);
      return 0;
    }
    return static_cast<size_t>(n);
  }

  ByteReader in_;
};

}  // namespace hz
