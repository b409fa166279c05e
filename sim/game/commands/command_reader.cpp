#include "sim/game/commands/command_reader.h"

#include <charconv>
#include <cmath>

#include "sim/core/java_format.h"

namespace hz {

std::string command_context(std::string_view input, size_t cursor) {
  cursor = std::min(cursor, input.size());
  std::string out;
  if (cursor > 10) out += "...";
  out += std::string(input.substr(cursor > 10 ? cursor - 10 : 0, cursor > 10 ? 10 : cursor));
  out += std::string(input.substr(cursor));  // vanilla underlines this part
  out += "<--[HERE]";
  return out;
}

CommandError CommandReader::error_here(std::string message) const {
  return {std::move(message), command_context(input_, cursor_)};
}

bool CommandReader::skip_separator() {
  if (at_end() || input_[cursor_] != ' ') return false;
  ++cursor_;
  return true;
}

std::string CommandReader::read_word() {
  size_t start = cursor_;
  while (cursor_ < input_.size() && input_[cursor_] != ' ') ++cursor_;
  return std::string(input_.substr(start, cursor_ - start));
}

namespace {
bool is_number_char(char c) { return (c >= '0' && c <= '9') || c == '.' || c == '-'; }
}  // namespace

std::optional<float> CommandReader::read_float(CommandError& error) {
  size_t start = cursor_;
  while (cursor_ < input_.size() && is_number_char(input_[cursor_])) ++cursor_;
  std::string_view number = input_.substr(start, cursor_ - start);
  if (number.empty()) {
    error = error_here("Expected float");
    return std::nullopt;
  }
  float value = 0;
  auto res = std::from_chars(number.data(), number.data() + number.size(), value);
  if (res.ec != std::errc() || res.ptr != number.data() + number.size()) {
    cursor_ = start;
    error = error_here("Invalid float '" + std::string(number) + "'");
    return std::nullopt;
  }
  return value;
}

std::optional<int32_t> CommandReader::read_int(CommandError& error) {
  size_t start = cursor_;
  while (cursor_ < input_.size() && is_number_char(input_[cursor_])) ++cursor_;
  std::string_view number = input_.substr(start, cursor_ - start);
  if (number.empty()) {
    error = error_here("Expected integer");
    return std::nullopt;
  }
  int32_t value = 0;
  auto res = std::from_chars(number.data(), number.data() + number.size(), value);
  if (res.ec != std::errc() || res.ptr != number.data() + number.size()) {
    cursor_ = start;
    error = error_here("Invalid integer '" + std::string(number) + "'");
    return std::nullopt;
  }
  return value;
}

std::optional<int32_t> CommandReader::read_int_in(int32_t min, int32_t max, CommandError& error) {
  const size_t start = cursor_;
  const std::optional<int32_t> n = read_int(error);
  if (!n || (*n >= min && *n <= max)) return n;
  cursor_ = start;
  const bool low = *n < min;
  error = error_here(std::string(low ? "Integer must not be less than " : "Integer must not be more than ") +
                     std::to_string(low ? min : max) + ": found " + std::to_string(*n));
  return std::nullopt;
}

std::optional<bool> CommandReader::read_bool(CommandError& error) {
  size_t start = cursor_;
  std::string word = read_word();
  if (word.empty()) {
    error = error_here("Expected bool");
    return std::nullopt;
  }
  if (word == "true") return true;
  if (word == "false") return false;
  cursor_ = start;
  error = error_here("Invalid bool, expected true or false but found '" + word + "'");
  return std::nullopt;
}

std::optional<int32_t> CommandReader::read_time(int32_t min, CommandError& error) {
  auto value = read_float(error);
  if (!value) return std::nullopt;
  std::string unit = read_word();
  int factor = 0;
  if (unit.empty() || unit == "t") factor = 1;
  else if (unit == "s") factor = 20;
  else if (unit == "d") factor = 24000;
  else {
    error = error_here("Invalid unit");
    return std::nullopt;
  }
  int32_t ticks = java_round_f(*value * static_cast<float>(factor));
  if (ticks < min) {
    error = error_here("The tick count must not be less than " + std::to_string(min) + ": found " +
                       std::to_string(ticks));
    return std::nullopt;
  }
  return ticks;
}

}  // namespace hz
