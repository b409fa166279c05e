// A small JSON text builder: escaping, separators and nesting, keys in the order written (so
// output is deterministic). Used for packet dumps, text components and the status response.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace hz {

class JsonWriter {
 public:
  JsonWriter& begin_object();
  JsonWriter& end_object();
  JsonWriter& begin_array();
  JsonWriter& end_array();
  // Names the next value inside an object.
  JsonWriter& key(std::string_view name);
  JsonWriter& string(std::string_view utf8);
  JsonWriter& number(int64_t v);
  JsonWriter& number(uint64_t v);
  // Shortest text that reads back to the same double; NaN and infinities become strings.
  JsonWriter& number(double v);
  // Shortest text that reads back to the same float.
  JsonWriter& number(float v);
  JsonWriter& boolean(bool v);
  JsonWriter& null();
  // Inserts already-formed JSON as one value.
  JsonWriter& raw(std::string_view json);

  const std::string& str() const { return out_; }
  std::string take() { return std::move(out_); }

 private:
  void before_value();

  std::string out_;
  std::vector<bool> has_items_;  // per open container: whether a value was written
  bool after_key_ = false;
};

// Appends `utf8` as a quoted JSON string; bytes that are not UTF-8 become U+FFFD.
void append_json_string(std::string& out, std::string_view utf8);

}  // namespace hz
