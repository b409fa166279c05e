#include "sim/game/commands/item_argument.h"

#include <algorithm>
#include <charconv>
#include <string>
#include <string_view>
#include <vector>

#include "sim/data/catalog.h"
#include "sim/game/items/enchantments.h"

namespace hz {

namespace {

constexpr std::string_view kEnchantmentsComponent = "minecraft:enchantments";
constexpr std::string_view kDamageComponent = "minecraft:damage";

bool identifier_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == ':' || c == '/' || c == '.' || c == '-';
}
// SNBT's unquoted strings.
bool unquoted_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' ||
         c == '.' || c == '+';
}

std::string with_namespace(std::string_view id) {
  return id.find(':') == std::string_view::npos ? "minecraft:" + std::string(id) : std::string(id);
}

// A small cursor over the argument, reporting errors through the command reader's context.
class ArgumentParser {
 public:
  ArgumentParser(CommandReader& reader, std::optional<CommandError>& error) : reader_(reader), error_(error) {}

  char peek() const { return reader_.at_end() ? '\0' : reader_.input()[reader_.cursor()]; }
  void skip() { reader_.set_cursor(reader_.cursor() + 1); }
  void skip_whitespace() {
    while (peek() == ' ') skip();
  }
  bool expect(char c) {
    if (peek() == c) return skip(), true;
    return fail(std::string("Expected '") + c + "'");
  }
  bool fail(std::string message) {
    if (!error_) error_ = reader_.error_here(std::move(message));
    return false;
  }
  bool fail_at(size_t cursor, std::string message) {
    reader_.set_cursor(cursor);
    return fail(std::move(message));
  }
  std::string read_while(bool (*allowed)(char)) {
    const size_t start = reader_.cursor();
    while (!reader_.at_end() && allowed(peek())) skip();
    return std::string(reader_.input().substr(start, reader_.cursor() - start));
  }
  size_t cursor() const { return reader_.cursor(); }

  // An SNBT key: quoted with " or ', or unquoted.
  std::optional<std::string> read_key() {
    const char quote = peek();
    if (quote != '"' && quote != '\'') {
      std::string key = read_while(unquoted_char);
      if (key.empty()) return fail("Expected key"), std::nullopt;
      return key;
    }
    skip();
    std::string key;
    while (!reader_.at_end() && peek() != quote) {
      if (peek() == '\\') skip();
      key.push_back(peek());
      skip();
    }
    if (!expect(quote)) return std::nullopt;
    return key;
  }

  // An SNBT whole number, with an optional b/s/i/l suffix.
  std::optional<int64_t> read_whole_number() {
    const size_t start = cursor();
    const std::string text = read_while(unquoted_char);
    std::string_view digits = text;
    if (!digits.empty() && std::string_view("bBsSiIlL").find(digits.back()) != std::string_view::npos)
      digits.remove_suffix(1);
    if (!digits.empty() && digits.front() == '+') digits.remove_prefix(1);
    int64_t value = 0;
    auto res = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (text.empty() || res.ec != std::errc() || res.ptr != digits.data() + digits.size()) {
      fail_at(start, "Not a number: " + text);
      return std::nullopt;
    }
    return value;
  }

 private:
  CommandReader& reader_;
  std::optional<CommandError>& error_;
};

// The enchantments component's value, `{id: level, ...}`: every id must name an enchantment and
// every level lie in [1, 255] (ItemEnchantments.CODEC), else the component is malformed.
bool read_enchantments(ArgumentParser& in, ItemStack& stack) {
  const size_t value_start = in.cursor();
  auto malformed = [&](const std::string& why) {
    return in.fail_at(value_start, "Malformed '" + std::string(kEnchantmentsComponent) + "' component: '" + why + "'");
  };
  if (!in.expect('{')) return false;
  in.skip_whitespace();
  ItemStack read;
  std::optional<std::string> bad;
  while (in.peek() != '}') {
    auto key = in.read_key();
    if (!key) return false;
    in.skip_whitespace();
    if (!in.expect(':')) return false;
    in.skip_whitespace();
    auto level = in.read_whole_number();
    if (!level) return false;
    const std::optional<int32_t> id = enchantment_id(*key);
    if (!bad && !id) bad = "Failed to get element " + with_namespace(*key);
    if (!bad && (*level < kMinEnchantmentLevel || *level > kMaxEnchantmentLevel))
      bad = "Value must be within range [1;255]: " + std::to_string(*level);
    if (!bad) set_enchantment(read, *id, static_cast<int32_t>(*level));
    in.skip_whitespace();
    if (in.peek() != ',') break;
    in.skip();
    in.skip_whitespace();
  }
  if (!in.expect('}')) return false;
  if (bad) return malformed(*bad);
  stack.enchantments = std::move(read.enchantments);
  return true;
}

// The damage component's value: a whole number, not negative (ExtraCodecs.NON_NEGATIVE_INT). The
// stack keeps it within the item's durability, as getDamageValue reads it (an item that does not
// wear keeps none).
bool read_damage(ArgumentParser& in, ItemStack& stack) {
  const size_t value_start = in.cursor();
  const auto value = in.read_whole_number();
  if (!value) return false;
  if (*value < 0)
    return in.fail_at(value_start, "Malformed '" + std::string(kDamageComponent) + "' component: 'Value must be non-negative: " +
                                       std::to_string(*value) + "'");
  stack.damage = static_cast<int32_t>(std::min<int64_t>(*value, item_max_damage(stack.item)));
  return true;
}

// ItemParser.readComponents: `[name=value, !name, ...]`, each component at most once.
bool read_components(ArgumentParser& in, ItemStack& stack) {
  if (!in.expect('[')) return false;
  std::vector<std::string> seen;
  while (in.peek() != '\0' && in.peek() != ']') {
    in.skip_whitespace();
    const bool removal = in.peek() == '!';
    if (removal) in.skip();
    const size_t id_start = in.cursor();
    const std::string id = in.read_while(identifier_char);
    if (id.empty()) return in.fail("Expected item component");
    // Only the enchantments and the damage are modelled; every other name is refused as unknown.
    const std::string name = with_namespace(id);
    if (name != kEnchantmentsComponent && name != kDamageComponent)
      return in.fail_at(id_start, "Unknown item component '" + name + "'");
    if (std::find(seen.begin(), seen.end(), name) != seen.end())
      return in.fail("Item component '" + name + "' was repeated, but only one value can be specified");
    seen.push_back(name);
    in.skip_whitespace();
    const bool damage = name == kDamageComponent;
    if (removal) {
      if (damage) stack.damage = 0;
      else stack.enchantments.clear();  // items have no default enchantments to remove
    } else {
      if (!in.expect('=')) return false;
      in.skip_whitespace();
      if (!(damage ? read_damage(in, stack) : read_enchantments(in, stack))) return false;
      in.skip_whitespace();
    }
    if (in.peek() != ',') break;
    in.skip();
    in.skip_whitespace();
    if (in.peek() == '\0') return in.fail("Expected item component");
  }
  return in.expect(']');
}

}  // namespace

std::optional<ItemStack> read_item_argument(CommandReader& reader, std::optional<CommandError>& error) {
  ArgumentParser in(reader, error);
  const size_t start = reader.cursor();
  const std::string id = in.read_while(identifier_char);
  const std::optional<int> item = item_id(id);
  if (!item) {
    reader.set_cursor(start);
    const std::string word = id.empty() ? reader.read_word() : id;  // the whole word when it is no identifier
    reader.set_cursor(start);
    error = reader.error_here(word.empty() ? "Expected item" : "Unknown item '" + with_namespace(word) + "'");
    return std::nullopt;
  }
  ItemStack stack{*item, 1};
  if (in.peek() == '[' && !read_components(in, stack)) return std::nullopt;
  return stack;
}

}  // namespace hz
