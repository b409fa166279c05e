// The describing visitor: walks a declaration's fields() and reports each field by name, either
// as a JSON document (dumps) or as a flat list of path = value pairs (comparison and diffs).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "sim/protocol/codec_encode.h"
#include "sim/protocol/fields.h"
#include "sim/protocol/json_writer.h"
#include "sim/protocol/nbt.h"
#include "sim/protocol/wire.h"

namespace hz {

// JSON text of leaf values. Exact: floats print the shortest text that reads back to the same
// bits, byte strings longer than 64 bytes print as their length and 64-bit content hash.
std::string field_json(bool v);
std::string field_json(int64_t v);
std::string field_json(float v);
std::string field_json(double v);
std::string field_json(const std::string& v);
std::string field_json(const Uuid& v);
std::string field_json(const BlockPos& v);
std::string field_json(const Angle& v);
std::string field_json(const BitSet& v);
std::string field_json(const LpVec3& v);
std::string field_json(const nbt::Tag& v);
std::string field_json_bytes(std::span<const uint8_t> v);

// Writes a nested JSON object.
class JsonSink {
 public:
  void field(std::string_view name) { writer_.key(name); }
  void item(size_t) {}
  void open_struct() { writer_.begin_object(); }
  void close_struct() { writer_.end_object(); }
  void open_list(size_t) { writer_.begin_array(); }
  void close_list() { writer_.end_array(); }
  void value(std::string_view json) { writer_.raw(json); }
  std::string take() { return writer_.take(); }

 private:
  JsonWriter writer_;
};

// One leaf of a flattened value: "players[1].game_mode" = "3". Arrays also get an entry for
// their length ("players" = "[2 items]") so that a length difference is reported once.
struct FieldValue {
  std::string path;
  std::string value;
  bool operator==(const FieldValue&) const = default;
};

class FlattenSink {
 public:
  void field(std::string_view name);
  void item(size_t index);
  void open_struct() { enter(); }
  void close_struct() { leave(); }
  void open_list(size_t size);
  void close_list() { leave(); }
  void value(std::string_view json);
  std::vector<FieldValue> take() { return std::move(out_); }

 private:
  void enter();
  void leave();

  std::string path_;
  std::string pending_;  // the segment named by the last field()/item() call
  std::vector<size_t> marks_;
  std::vector<FieldValue> out_;
};

template <class Sink>
class Describer {
 public:
  explicit Describer(Sink& sink) : sink_(sink) {}

  template <class T, class... Options>
  void operator()(std::string_view name, T& value, Options... options) {
    FieldFormat f = make_format(options...);
    if (!on_wire(value, f)) return;
    sink_.field(name);
    describe(value, f);
  }

  template <class T, class Fn>
  void each(std::string_view name, std::vector<T>& items, Fn&& fn) {
    sink_.field(name);
    sink_.open_list(items.size());
    for (size_t i = 0; i < items.size(); ++i) {
      sink_.item(i);
      sink_.open_struct();
      fn(*this, items[i]);
      sink_.close_struct();
    }
    sink_.close_list();
  }

 private:
  template <class T>
  static bool on_wire(const T&, const FieldFormat&) {
    return true;
  }
  template <class T>
  static bool on_wire(const std::optional<T>&, const FieldFormat& f) {
    return !f.has_when || f.when;
  }

  void describe(bool v, const FieldFormat&) { sink_.value(field_json(v)); }
  void describe(int8_t v, const FieldFormat&) { sink_.value(field_json(int64_t{v})); }
  void describe(uint8_t v, const FieldFormat&) { sink_.value(field_json(int64_t{v})); }
  void describe(int16_t v, const FieldFormat&) { sink_.value(field_json(int64_t{v})); }
  void describe(uint16_t v, const FieldFormat&) { sink_.value(field_json(int64_t{v})); }
  void describe(int32_t v, const FieldFormat&) { sink_.value(field_json(int64_t{v})); }
  void describe(int64_t v, const FieldFormat&) { sink_.value(field_json(v)); }
  void describe(float v, const FieldFormat&) { sink_.value(field_json(v)); }
  void describe(double v, const FieldFormat&) { sink_.value(field_json(v)); }
  void describe(const std::string& v, const FieldFormat&) { sink_.value(field_json(v)); }
  void describe(const Uuid& v, const FieldFormat&) { sink_.value(field_json(v)); }
  void describe(const BlockPos& v, const FieldFormat&) { sink_.value(field_json(v)); }
  void describe(const Angle& v, const FieldFormat&) { sink_.value(field_json(v)); }
  void describe(const BitSet& v, const FieldFormat&) { sink_.value(field_json(v)); }
  void describe(const LpVec3& v, const FieldFormat&) { sink_.value(field_json(v)); }
  void describe(const nbt::Tag& v, const FieldFormat&) { sink_.value(field_json(v)); }
  void describe(const Bytes& v, const FieldFormat&) { sink_.value(field_json_bytes(v)); }
  template <size_t N>
  void describe(const std::array<uint8_t, N>& v, const FieldFormat&) {
    sink_.value(field_json_bytes(v));
  }
  template <size_t Bits>
  void describe(const FixedBitSet<Bits>& v, const FieldFormat&) {
    sink_.value(field_json_bytes(v.bytes));
  }
  template <class T>
  void describe(std::optional<T>& v, const FieldFormat& f) {
    if (v.has_value()) {
      describe(*v, f.inner());
    } else if (f.has_when) {
      T fallback{};  // what the encoder writes for a required-but-empty value
      describe(fallback, f.inner());
    } else {
      sink_.value("null");
    }
  }
  template <class T>
    requires(!std::is_same_v<T, uint8_t>)
  void describe(std::vector<T>& v, const FieldFormat& f) {
    sink_.open_list(v.size());
    for (size_t i = 0; i < v.size(); ++i) {
      sink_.item(i);
      describe(v[i], f);
    }
    sink_.close_list();
  }
  template <Declared T>
  void describe(T& v, const FieldFormat&) {
    sink_.open_struct();
    v.fields(*this);
    sink_.close_struct();
  }

  Sink& sink_;
};

}  // namespace hz
