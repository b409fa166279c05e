// Reads command arguments the way brigadier does (words, floats, ints, booleans, time with units)
// and produces vanilla's error texts with the "<--[HERE]" context when an argument is bad.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace hz {

struct CommandError {
  std::string message;  // e.g. "Float must not be less than 1.0, found 0.5"
  std::string context;  // e.g. "...tick rate 0.5<--[HERE]"
};

class CommandReader {
 public:
  explicit CommandReader(std::string_view input) : input_(input) {}

  bool at_end() const { return cursor_ >= input_.size(); }
  bool can_read() const { return !at_end(); }
  size_t cursor() const { return cursor_; }
  void set_cursor(size_t c) { cursor_ = c; }
  std::string_view input() const { return input_; }
  std::string_view remaining() const { return input_.substr(cursor_); }

  // Skips one space between arguments; false if something else follows.
  bool skip_separator();
  std::string read_word();  // up to the next space
  std::optional<float> read_float(CommandError& error);
  std::optional<int32_t> read_int(CommandError& error);
  // IntegerArgumentType.integer(min, max): an int in range, else "Integer must not be less than
  // min: found n" (or "more than max") with the cursor back at the number.
  std::optional<int32_t> read_int_in(int32_t min, int32_t max, CommandError& error);
  std::optional<bool> read_bool(CommandError& error);
  // TimeArgument: float then unit d/s/t/empty; ticks = round(value * factor); checks ticks >= min.
  std::optional<int32_t> read_time(int32_t min, CommandError& error);

  CommandError error_here(std::string message) const;

 private:
  std::string_view input_;
  size_t cursor_ = 0;
};

// brigadier's context text: up to 10 characters before the cursor ("..." when cut), the rest of the
// input from the cursor, then "<--[HERE]".
std::string command_context(std::string_view input, size_t cursor);

}  // namespace hz
