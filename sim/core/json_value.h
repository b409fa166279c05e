// A small JSON reader for configuration files the core is handed as text (ops.json). Strict,
// bounded (depth 64), and returns an error text instead of throwing.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace hz {

struct JsonValue {
  using Array = std::vector<JsonValue>;
  using Object = std::map<std::string, JsonValue>;
  std::variant<std::nullptr_t, bool, double, std::string, Array, Object> value;

  const Object* object() const { return std::get_if<Object>(&value); }
  const Array* array() const { return std::get_if<Array>(&value); }
  const std::string* string() const { return std::get_if<std::string>(&value); }
  const double* number() const { return std::get_if<double>(&value); }
  const bool* boolean() const { return std::get_if<bool>(&value); }
  // Member of an object, or nullptr.
  const JsonValue* get(const std::string& key) const;
};

struct JsonParseResult {
  std::optional<JsonValue> value;
  std::string error;  // "line 3: expected ':'" when value is empty
};

JsonParseResult parse_json(std::string_view text);

}  // namespace hz
