#include "sim/game/access/list_files.h"

#include <charconv>
#include <cstdio>

#include "sim/core/json_value.h"
#include "sim/game/player_identity.h"

namespace hz {

namespace {

// --- dates ---

// Days since 1970-01-01 of a civil date (proleptic Gregorian), and back.
int64_t days_from_civil(int64_t y, int m, int d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

void civil_from_days(int64_t z, int64_t& y, int& m, int& d) {
  z += 719468;
  const int64_t era = (z >= 0 ? z : z - 146096) / 146097;
  const int64_t doe = z - era * 146097;
  const int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const int64_t mp = (5 * doy + 2) / 153;
  d = static_cast<int>(doy - (153 * mp + 2) / 5 + 1);
  m = static_cast<int>(mp < 10 ? mp + 3 : mp - 9);
  y = yoe + era * 400 + (m <= 2);
}

int64_t floor_div(int64_t a, int64_t b) { return a / b - ((a % b != 0) && ((a < 0) != (b < 0))); }

// Reads exactly `width` digits at `pos`.
std::optional<int> digits(std::string_view text, size_t pos, size_t width) {
  if (pos + width > text.size()) return std::nullopt;
  int value = 0;
  for (size_t i = pos; i < pos + width; ++i) {
    if (text[i] < '0' || text[i] > '9') return std::nullopt;
    value = value * 10 + (text[i] - '0');
  }
  return value;
}

// --- JSON reading ---

const std::string* string_field(const JsonValue& entry, const char* key) {
  const JsonValue* v = entry.get(key);
  return v ? v->string() : nullptr;
}

std::string string_or(const JsonValue& entry, const char* key, std::string fallback) {
  const std::string* s = string_field(entry, key);
  return s ? *s : fallback;
}

// The array of entry objects of a list file. An empty file reads as an empty list, as Gson
// returns null for it.
Result<const JsonValue::Array*> entry_array(const JsonParseResult& parsed, std::string_view file) {
  static const JsonValue::Array kEmpty;
  if (!parsed.value) return Error{std::string(file) + ": " + parsed.error};
  const JsonValue::Array* array = parsed.value->array();
  if (!array) return Error{std::string(file) + ": expected a list of entries"};
  for (const JsonValue& entry : *array)
    if (!entry.object()) return Error{std::string(file) + ": every entry must be an object"};
  return array;
}

bool blank(std::string_view text) { return text.find_first_not_of(" \t\r\n") == std::string_view::npos; }

std::optional<Uuid> uuid_field(const JsonValue& entry) {
  const std::string* text = string_field(entry, "uuid");
  return text ? parse_uuid(*text) : std::nullopt;
}

BanDetails ban_details(const JsonValue& entry, std::string_view now_text) {
  BanDetails d;
  d.created = std::string(now_text);
  if (const std::string* created = string_field(entry, "created"); created && parse_ban_date(*created))
    d.created = *created;
  d.source = string_or(entry, "source", d.source);
  if (const std::string* expires = string_field(entry, "expires"); expires && parse_ban_date(*expires))
    d.expires = *expires;
  d.reason = string_or(entry, "reason", d.reason);
  return d;
}

// --- JSON writing (Gson's pretty printer) ---

class PrettyArray {
 public:
  void begin_entry() {
    out_ += entries_++ == 0 ? "[\n  {" : ",\n  {";
    fields_ = 0;
  }
  void field(std::string_view key, std::string_view raw_value) {
    out_ += fields_++ == 0 ? "\n    " : ",\n    ";
    out_ += gson_string(key);
    out_ += ": ";
    out_ += raw_value;
  }
  void text(std::string_view key, std::string_view value) { field(key, gson_string(value)); }
  void end_entry() { out_ += "\n  }"; }
  std::string finish() { return entries_ == 0 ? "[]" : out_ + "\n]"; }

 private:
  std::string out_;
  int entries_ = 0;
  int fields_ = 0;
};

void ban_fields(PrettyArray& out, const BanDetails& d) {
  out.text("created", d.created);
  out.text("source", d.source);
  out.text("expires", d.expires);
  out.text("reason", d.reason);
}

}  // namespace

std::string format_ban_date(int64_t unix_millis) {
  const int64_t seconds = floor_div(unix_millis, 1000);
  const int64_t days = floor_div(seconds, 86400);
  const int64_t of_day = seconds - days * 86400;
  int64_t year = 0;
  int month = 0, day = 0;
  civil_from_days(days, year, month, day);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04lld-%02d-%02d %02d:%02d:%02d +0000", static_cast<long long>(year), month, day,
                static_cast<int>(of_day / 3600), static_cast<int>(of_day / 60 % 60), static_cast<int>(of_day % 60));
  return buf;
}

std::optional<int64_t> parse_ban_date(std::string_view t) {
  // yyyy-MM-dd HH:mm:ss Z, e.g. "2026-12-01 19:30:00 +0100"
  if (t.size() != 25 || t[4] != '-' || t[7] != '-' || t[10] != ' ' || t[13] != ':' || t[16] != ':' || t[19] != ' ')
    return std::nullopt;
  auto year = digits(t, 0, 4), month = digits(t, 5, 2), day = digits(t, 8, 2);
  auto hour = digits(t, 11, 2), minute = digits(t, 14, 2), second = digits(t, 17, 2);
  auto offset = digits(t, 21, 4);
  if (!year || !month || !day || !hour || !minute || !second || !offset) return std::nullopt;
  if (t[20] != '+' && t[20] != '-') return std::nullopt;
  if (*month < 1 || *month > 12 || *day < 1 || *day > 31 || *hour > 23 || *minute > 59 || *second > 59)
    return std::nullopt;
  const int64_t offset_seconds = (*offset / 100 * 3600 + *offset % 100 * 60) * (t[20] == '-' ? -1 : 1);
  const int64_t local = days_from_civil(*year, *month, *day) * 86400 + *hour * 3600 + *minute * 60 + *second;
  return (local - offset_seconds) * 1000;
}

std::string gson_string(std::string_view utf8) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (size_t i = 0; i < utf8.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(utf8[i]);
    switch (c) {
      case '"': out += "\\\""; continue;
      case '\\': out += "\\\\"; continue;
      case '\t': out += "\\t"; continue;
      case '\b': out += "\\b"; continue;
      case '\n': out += "\\n"; continue;
      case '\r': out += "\\r"; continue;
      case '\f': out += "\\f"; continue;
      default: break;
    }
    // U+2028 and U+2029 (E2 80 A8/A9) are escaped by Gson too.
    if (c == 0xE2 && i + 2 < utf8.size() && static_cast<unsigned char>(utf8[i + 1]) == 0x80 &&
        (static_cast<unsigned char>(utf8[i + 2]) == 0xA8 || static_cast<unsigned char>(utf8[i + 2]) == 0xA9)) {
      out += static_cast<unsigned char>(utf8[i + 2]) == 0xA8 ? "\\u2028" : "\\u2029";
      i += 2;
      continue;
    }
    if (c < 0x20 || c == '<' || c == '>' || c == '&' || c == '=' || c == '\'') {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
      continue;
    }
    out += static_cast<char>(c);
  }
  return out + "\"";
}

Result<OpEntries> decode_ops(std::string_view json, int default_level) {
  OpEntries out;
  if (blank(json)) return out;
  JsonParseResult parsed = parse_json(json);
  auto array = entry_array(parsed, "ops.json");
  if (!array) return std::move(array).take_error();
  for (const JsonValue& entry : **array) {
    auto uuid = uuid_field(entry);
    if (!uuid) continue;
    OpEntry op;
    op.name = string_or(entry, "name", "");
    op.level = default_level;
    if (const JsonValue* level = entry.get("level"); level && level->number()) op.level = static_cast<int>(*level->number());
    if (const JsonValue* bypass = entry.get("bypassesPlayerLimit"); bypass && bypass->boolean())
      op.bypasses_player_limit = *bypass->boolean();
    out[*uuid] = op;
  }
  return out;
}

Result<WhitelistEntries> decode_whitelist(std::string_view json) {
  WhitelistEntries out;
  if (blank(json)) return out;
  JsonParseResult parsed = parse_json(json);
  auto array = entry_array(parsed, "whitelist.json");
  if (!array) return std::move(array).take_error();
  for (const JsonValue& entry : **array)
    if (auto uuid = uuid_field(entry)) out[*uuid] = string_or(entry, "name", "");
  return out;
}

Result<PlayerBanEntries> decode_player_bans(std::string_view json, std::string_view now_text) {
  PlayerBanEntries out;
  if (blank(json)) return out;
  JsonParseResult parsed = parse_json(json);
  auto array = entry_array(parsed, "banned-players.json");
  if (!array) return std::move(array).take_error();
  for (const JsonValue& entry : **array)
    if (auto uuid = uuid_field(entry)) out[*uuid] = PlayerBan{string_or(entry, "name", ""), ban_details(entry, now_text)};
  return out;
}

Result<IpBanEntries> decode_ip_bans(std::string_view json, std::string_view now_text) {
  IpBanEntries out;
  if (blank(json)) return out;
  JsonParseResult parsed = parse_json(json);
  auto array = entry_array(parsed, "banned-ips.json");
  if (!array) return std::move(array).take_error();
  for (const JsonValue& entry : **array)
    if (const std::string* ip = string_field(entry, "ip")) out[*ip] = ban_details(entry, now_text);
  return out;
}

std::string encode_ops(const OpEntries& entries) {
  PrettyArray out;
  for (const auto& [uuid, op] : entries) {
    out.begin_entry();
    out.text("uuid", uuid.to_string());
    out.text("name", op.name);
    out.field("level", std::to_string(op.level));
    out.field("bypassesPlayerLimit", op.bypasses_player_limit ? "true" : "false");
    out.end_entry();
  }
  return out.finish();
}

std::string encode_whitelist(const WhitelistEntries& entries) {
  PrettyArray out;
  for (const auto& [uuid, name] : entries) {
    out.begin_entry();
    out.text("uuid", uuid.to_string());
    out.text("name", name);
    out.end_entry();
  }
  return out.finish();
}

std::string encode_player_bans(const PlayerBanEntries& entries) {
  PrettyArray out;
  for (const auto& [uuid, ban] : entries) {
    out.begin_entry();
    out.text("uuid", uuid.to_string());
    out.text("name", ban.name);
    ban_fields(out, ban.details);
    out.end_entry();
  }
  return out.finish();
}

std::string encode_ip_bans(const IpBanEntries& entries) {
  PrettyArray out;
  for (const auto& [ip, ban] : entries) {
    out.begin_entry();
    out.text("ip", ip);
    ban_fields(out, ban);
    out.end_entry();
  }
  return out.finish();
}

}  // namespace hz
