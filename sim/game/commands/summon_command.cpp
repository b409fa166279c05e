// /summon <entity> [<pos>] [<nbt>] for the mobs Horizon simulates, reading NoAI, Health and
// CustomName from the NBT (docs/rules/mobs.md §6).
#include <charconv>
#include <cmath>

#include "sim/data/catalog.h"
#include "sim/game/commands/command_table.h"

namespace hz {

namespace {

// Level.isInSpawnableBounds: inside the 30,000,000 block border and ±20,000,000 vertically.
bool spawnable(const Vec3& p) {
  return std::abs(p.x) < 3.0e7 && std::abs(p.z) < 3.0e7 && p.y >= -2.0e7 && p.y < 2.0e7;
}

// A flat SNBT compound of numbers, booleans and strings: enough for NoAI, Health and CustomName.
class SnbtReader {
 public:
  explicit SnbtReader(std::string_view text) : text_(text) {}

  bool read(SummonOptions& out, std::string& problem) {
    skip();
    if (!eat('{')) return fail(problem, "Expected '{'");
    skip();
    if (eat('}')) return true;
    while (true) {
      skip();
      const std::string key = read_string();
      if (key.empty()) return fail(problem, "Expected key");
      skip();
      if (!eat(':')) return fail(problem, "Expected ':'");
      skip();
      if (at('"') || at('\'')) {
        const std::string value = read_string();
        if (key == "CustomName") out.custom_name = value;
      } else {
        const std::string value = read_bare();
        if (value.empty()) return fail(problem, "Expected value");
        const auto number = as_number(value);
        if (key == "PersistenceRequired") {
          if (value == "true") out.persistence_required = true;
          else if (value == "false") out.persistence_required = false;
          else if (number) out.persistence_required = *number != 0.0;
        } else if (key == "NoAI") {
          if (value == "true") out.no_ai = true;
          else if (value == "false") out.no_ai = false;
          else if (number) out.no_ai = *number != 0.0;
        } else if (key == "powered" || key == "ignited") {
          // The creeper's flags (docs/rules/mobs.md §8).
          const bool on = value == "true" || (value != "false" && number && *number != 0.0);
          (key == "powered" ? out.powered : out.ignited) = on;
        } else if (key == "Fuse" && number) {
          out.fuse = static_cast<int>(*number);
        } else if (key == "ExplosionRadius" && number) {
          out.explosion_radius = static_cast<int>(*number);
        } else if (key == "Health" && number) {
          out.health = static_cast<float>(*number);
        } else if (key == "CustomName") {
          out.custom_name = value;
        }
      }
      skip();
      if (eat(',')) continue;
      if (eat('}')) return true;
      return fail(problem, "Expected '}'");
    }
  }

 private:
  bool fail(std::string& problem, std::string text) {
    problem = std::move(text);
    return false;
  }
  bool at(char c) const { return pos_ < text_.size() && text_[pos_] == c; }
  bool eat(char c) {
    if (!at(c)) return false;
    ++pos_;
    return true;
  }
  void skip() {
    while (pos_ < text_.size() && text_[pos_] == ' ') ++pos_;
  }
  static bool bare(char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-' ||
           c == '.' || c == '+';
  }
  std::string read_bare() {
    const size_t start = pos_;
    while (pos_ < text_.size() && bare(text_[pos_])) ++pos_;
    return std::string(text_.substr(start, pos_ - start));
  }
  std::string read_string() {
    if (!at('"') && !at('\'')) return read_bare();
    const char quote = text_[pos_++];
    std::string out;
    while (pos_ < text_.size() && text_[pos_] != quote) {
      if (text_[pos_] == '\\' && pos_ + 1 < text_.size()) ++pos_;
      out += text_[pos_++];
    }
    if (pos_ < text_.size()) ++pos_;
    return out;
  }
  // 1b, 5s, 20, 3L, 2.5f, 1.0d, 1e2: the number without its type suffix.
  static std::optional<double> as_number(std::string_view v) {
    if (!v.empty() && std::string_view("bBsSlLfFdD").find(v.back()) != std::string_view::npos) v.remove_suffix(1);
    double value = 0;
    auto res = std::from_chars(v.data(), v.data() + v.size(), value);
    if (v.empty() || res.ec != std::errc() || res.ptr != v.data() + v.size()) return std::nullopt;
    return value;
  }

  std::string_view text_;
  size_t pos_ = 0;
};

}  // namespace

int run_summon_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                       std::optional<CommandError>& error) {
  const size_t type_start = reader.cursor();
  std::string type = reader.read_word();
  if (type.empty()) {
    error = incomplete_command(reader);
    return 0;
  }
  const std::string full = type.find(':') == std::string::npos ? "minecraft:" + type : type;
  const std::string path = full.starts_with("minecraft:") ? full.substr(10) : full;
  if (!entity_type_id(path) || path == "player") {
    reader.set_cursor(type_start);
    error = reader.error_here("Can't find element '" + full + "' of type 'minecraft:entity_type'");
    return 0;
  }
  const PlayerPlacement origin = host.command_origin(source);
  Vec3 position{origin.x, origin.y, origin.z};
  SummonOptions options;
  if (reader.skip_separator() && !reader.at_end()) {
    const size_t pos_start = reader.cursor();
    const auto x = read_coordinate(reader, origin.x, true);
    const bool sep1 = reader.skip_separator();
    const auto y = sep1 ? read_coordinate(reader, origin.y, false) : std::nullopt;
    const bool sep2 = reader.skip_separator();
    const auto z = sep2 ? read_coordinate(reader, origin.z, true) : std::nullopt;
    if (!x || !y || !z) {
      reader.set_cursor(pos_start);
      error = reader.error_here("Incomplete (expected 3 coordinates)");
      return 0;
    }
    position = Vec3{*x, *y, *z};
    if (reader.skip_separator() && !reader.at_end()) {
      const size_t nbt_start = reader.cursor();
      std::string problem;
      SnbtReader snbt(reader.remaining());
      if (!snbt.read(options, problem)) {
        reader.set_cursor(nbt_start);
        error = reader.error_here(problem);
        return 0;
      }
      reader.set_cursor(reader.input().size());
    }
  }
  if (auto extra = expect_end(reader)) {
    error = extra;
    return 0;
  }
  if (!spawnable(position)) {
    host.send_failure(source, "Invalid position for summon");
    return 0;
  }
  const MobKind* kind = find_mob_kind(path);
  if (!kind || !host.summon_mob(*kind, position, options)) {
    host.send_failure(source, "Unable to summon entity");
    return 0;
  }
  host.send_success(source, "Summoned new " + (options.custom_name ? *options.custom_name : std::string(kind->display_name)),
                    true);
  return 1;
}

}  // namespace hz
