#include "sim/game/commands/entity_selector.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>

namespace hz {

namespace {

bool option_char(char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '-' ||
         c == '.' || c == '+';
}
bool resource_char(char c) { return option_char(c) || c == ':' || c == '/'; }

void skip_spaces(CommandReader& r) {
  while (!r.at_end() && r.remaining()[0] == ' ') r.set_cursor(r.cursor() + 1);
}

std::string read_while(CommandReader& r, bool (*pred)(char)) {
  const size_t start = r.cursor();
  size_t c = start;
  const std::string_view in = r.input();
  while (c < in.size() && pred(in[c])) ++c;
  r.set_cursor(c);
  return std::string(in.substr(start, c - start));
}

bool peek(const CommandReader& r, char c) { return !r.at_end() && r.remaining()[0] == c; }

std::optional<double> parse_double(std::string_view text) {
  if (text.empty()) return std::nullopt;
  double value = 0;
  auto res = std::from_chars(text.data(), text.data() + text.size(), value);
  if (res.ec != std::errc() || res.ptr != text.data() + text.size()) return std::nullopt;
  return value;
}

// MinMaxBounds.Doubles: "5", "..5", "2..", "2..5".
bool read_range(CommandReader& r, std::optional<double>& min, std::optional<double>& max,
                std::optional<CommandError>& error) {
  const size_t start = r.cursor();
  const std::string text = read_while(r, [](char c) { return (c >= '0' && c <= '9') || c == '.' || c == '-'; });
  if (text.empty()) {
    r.set_cursor(start);
    error = r.error_here("Expected value or range of values");
    return false;
  }
  const size_t dots = text.find("..");
  std::string_view low = dots == std::string::npos ? std::string_view(text) : std::string_view(text).substr(0, dots);
  std::string_view high = dots == std::string::npos ? std::string_view(text) : std::string_view(text).substr(dots + 2);
  auto bad = [&](std::string_view part) {
    r.set_cursor(start);
    error = r.error_here("Invalid double '" + std::string(part) + "'");
    return false;
  };
  if (!low.empty()) {
    min = parse_double(low);
    if (!min) return bad(low);
  }
  if (!high.empty()) {
    max = parse_double(high);
    if (!max) return bad(high);
  }
  if (!min && !max) {
    r.set_cursor(start);
    error = r.error_here("Expected value or range of values");
    return false;
  }
  if (min && max && *min > *max) {
    r.set_cursor(start);
    error = r.error_here("Min cannot be bigger than max");
    return false;
  }
  return true;
}

std::string strip_namespace(std::string name) {
  if (name.starts_with("minecraft:")) name.erase(0, 10);
  return name;
}

bool read_option(CommandReader& r, EntitySelector& sel, bool (*known_type)(std::string_view),
                 std::optional<CommandError>& error) {
  const size_t key_start = r.cursor();
  const std::string key = read_while(r, option_char);
  skip_spaces(r);
  if (!peek(r, '=')) {
    r.set_cursor(key_start);
    error = r.error_here("Expected value for option '" + key + "'");
    return false;
  }
  r.set_cursor(r.cursor() + 1);
  skip_spaces(r);
  const size_t value_start = r.cursor();
  if (key == "type") {
    if (sel.type) {
      r.set_cursor(key_start);
      error = r.error_here("Option 'type' isn't applicable here");
      return false;
    }
    if (peek(r, '!')) {
      sel.type_negated = true;
      r.set_cursor(r.cursor() + 1);
    }
    const std::string name = read_while(r, resource_char);
    const std::string full = name.find(':') == std::string::npos ? "minecraft:" + name : name;
    if (name.empty() || !known_type(strip_namespace(full))) {
      r.set_cursor(value_start);
      error = r.error_here("Invalid or unknown entity type '" + full + "'");
      return false;
    }
    sel.type = strip_namespace(full);
  } else if (key == "distance") {
    if (!read_range(r, sel.distance_min, sel.distance_max, error)) return false;
    if ((sel.distance_min && *sel.distance_min < 0.0) || (sel.distance_max && *sel.distance_max < 0.0)) {
      r.set_cursor(value_start);
      error = r.error_here("Distance cannot be negative");
      return false;
    }
  } else if (key == "limit") {
    if (sel.variable == 's') {
      r.set_cursor(key_start);
      error = r.error_here("Option 'limit' isn't applicable here");
      return false;
    }
    CommandError int_error;
    const auto limit = r.read_int(int_error);
    if (!limit) {
      error = int_error;
      return false;
    }
    if (*limit < 1) {
      r.set_cursor(value_start);
      error = r.error_here("Limit must be at least 1");
      return false;
    }
    sel.limit = *limit;
  } else if (key == "sort") {
    if (sel.variable == 's') {
      r.set_cursor(key_start);
      error = r.error_here("Option 'sort' isn't applicable here");
      return false;
    }
    const std::string sort = read_while(r, option_char);
    if (sort == "nearest") sel.sort = SelectorSort::kNearest;
    else if (sort == "furthest") sel.sort = SelectorSort::kFurthest;
    else if (sort == "random") sel.sort = SelectorSort::kRandom;
    else if (sort == "arbitrary") sel.sort = SelectorSort::kArbitrary;
    else {
      r.set_cursor(value_start);
      error = r.error_here("Invalid or unknown sort type '" + sort + "'");
      return false;
    }
  } else if (key == "name") {
    if (peek(r, '!')) {
      sel.name_negated = true;
      r.set_cursor(r.cursor() + 1);
    }
    sel.name = read_while(r, [](char c) { return c != ',' && c != ']' && c != ' '; });
  } else {
    r.set_cursor(key_start);
    error = r.error_here("Unknown option '" + key + "'");
    return false;
  }
  return true;
}

}  // namespace

bool EntitySelector::players_only() const {
  return is_name() || variable == 'a' || variable == 'p' || variable == 'r' || (type && !type_negated && *type == "player");
}

bool EntitySelector::single() const {
  return is_name() || variable == 'p' || variable == 'r' || variable == 's' || variable == 'n' || limit == 1;
}

std::optional<EntitySelector> parse_entity_selector(CommandReader& r, bool (*known_type)(std::string_view),
                                                    std::optional<CommandError>& error) {
  EntitySelector sel;
  const size_t start = r.cursor();
  if (!peek(r, '@')) {
    sel.player_name = read_while(r, [](char c) { return c != ' '; });
    if (sel.player_name.empty()) {
      error = r.error_here("Invalid name or UUID");
      return std::nullopt;
    }
    return sel;
  }
  r.set_cursor(r.cursor() + 1);
  if (r.at_end()) {
    error = r.error_here("Missing selector type");
    return std::nullopt;
  }
  const char v = r.remaining()[0];
  r.set_cursor(r.cursor() + 1);
  if (v != 'a' && v != 'e' && v != 'p' && v != 'r' && v != 's' && v != 'n') {
    r.set_cursor(start + 1);
    error = r.error_here("Unknown selector type '@" + std::string(1, v) + "'");
    return std::nullopt;
  }
  sel.variable = v;
  // Defaults of each variable (EntitySelectorParser.parseSelector).
  if (v == 'p' || v == 'n') sel.limit = 1, sel.sort = SelectorSort::kNearest;
  if (v == 'r') sel.limit = 1, sel.sort = SelectorSort::kRandom;
  if (v == 's') sel.limit = 1;
  if (!peek(r, '[')) return sel;
  r.set_cursor(r.cursor() + 1);
  skip_spaces(r);
  while (!r.at_end() && !peek(r, ']')) {
    if (!read_option(r, sel, known_type, error)) return std::nullopt;
    skip_spaces(r);
    if (peek(r, ',')) {
      r.set_cursor(r.cursor() + 1);
      skip_spaces(r);
      continue;
    }
    if (!peek(r, ']')) {
      error = r.error_here("Expected end of options");
      return std::nullopt;
    }
  }
  if (r.at_end()) {
    error = r.error_here("Expected end of options");
    return std::nullopt;
  }
  r.set_cursor(r.cursor() + 1);
  return sel;
}

std::vector<SelectableEntity> select_entities(const EntitySelector& sel, std::vector<SelectableEntity> candidates,
                                              const Vec3& origin, std::optional<int32_t> self, Rng& random) {
  std::vector<SelectableEntity> out;
  if (sel.is_name()) {
    for (SelectableEntity& e : candidates)
      if (e.player && e.name.size() == sel.player_name.size() &&
          std::equal(e.name.begin(), e.name.end(), sel.player_name.begin(),
                     [](char a, char b) { return std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b)); }))
        return {e};
    return {};
  }
  auto distance_sqr = [&](const SelectableEntity& e) {
    const double dx = e.position.x - origin.x, dy = e.position.y - origin.y, dz = e.position.z - origin.z;
    return dx * dx + dy * dy + dz * dz;
  };
  for (SelectableEntity& e : candidates) {
    if (sel.variable == 's' && (!self || e.entity_id != *self)) continue;
    if (sel.players_only() && !e.player) continue;
    // @e and @n pick only living entities; the player variables include dead players.
    if ((sel.variable == 'e' || sel.variable == 'n') && !e.alive) continue;
    if (sel.type && ((e.type == *sel.type) == sel.type_negated)) continue;
    if (sel.name && ((e.name == *sel.name) == sel.name_negated)) continue;
    const double d = distance_sqr(e);
    if (sel.distance_min && d < *sel.distance_min * *sel.distance_min) continue;
    if (sel.distance_max && d > *sel.distance_max * *sel.distance_max) continue;
    out.push_back(std::move(e));
  }
  switch (sel.sort) {
    case SelectorSort::kArbitrary: break;
    case SelectorSort::kNearest:
      std::stable_sort(out.begin(), out.end(),
                       [&](const auto& a, const auto& b) { return distance_sqr(a) < distance_sqr(b); });
      break;
    case SelectorSort::kFurthest:
      std::stable_sort(out.begin(), out.end(),
                       [&](const auto& a, const auto& b) { return distance_sqr(a) > distance_sqr(b); });
      break;
    case SelectorSort::kRandom:
      // Util.shuffle: from the end, swap each with a random earlier-or-same position.
      for (size_t i = out.size(); i > 1; --i)
        std::swap(out[i - 1], out[random.next_below(static_cast<uint32_t>(i))]);
      break;
  }
  if (sel.limit && out.size() > static_cast<size_t>(*sel.limit)) out.resize(static_cast<size_t>(*sel.limit));
  return out;
}

}  // namespace hz
