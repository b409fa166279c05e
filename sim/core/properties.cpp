#include "sim/core/properties.h"

#include <charconv>
#include <functional>
#include <vector>

namespace hz {

const char* game_mode_name(GameMode mode) {
  static constexpr const char* kNames[] = {"survival", "creative", "adventure", "spectator"};
  return kNames[static_cast<int>(mode)];
}

std::optional<GameMode> parse_game_mode(std::string_view text) {
  for (int i = 0; i < 4; ++i) {
    auto mode = static_cast<GameMode>(i);
    if (text == game_mode_name(mode) || text == std::to_string(i)) return mode;
  }
  return std::nullopt;
}

namespace {

std::optional<Difficulty> parse_difficulty(std::string_view text) {
  static constexpr const char* kNames[] = {"peaceful", "easy", "normal", "hard"};
  for (int i = 0; i < 4; ++i)
    if (text == kNames[i] || text == std::to_string(i)) return static_cast<Difficulty>(i);
  return std::nullopt;
}

const char* difficulty_name(Difficulty d) {
  static constexpr const char* kNames[] = {"peaceful", "easy", "normal", "hard"};
  return kNames[static_cast<int>(d)];
}

template <class Int>
std::optional<Int> parse_int(std::string_view text) {
  Int v{};
  auto res = std::from_chars(text.data(), text.data() + text.size(), v);
  if (res.ec != std::errc() || res.ptr != text.data() + text.size() || text.empty()) return std::nullopt;
  return v;
}

// One key: how to read it into ServerProperties and how to write its current value.
struct KeySpec {
  const char* key;
  std::function<std::optional<std::string>(ServerProperties&, const std::string&)> read;  // error text
  std::function<std::string(const ServerProperties&)> write;
};

KeySpec boolean(const char* key, bool ServerProperties::*field) {
  return {key,
          [field](ServerProperties& p, const std::string& v) -> std::optional<std::string> {
            if (v == "true") p.*field = true;
            else if (v == "false") p.*field = false;
            else return "expected true or false";
            return std::nullopt;
          },
          [field](const ServerProperties& p) { return std::string(p.*field ? "true" : "false"); }};
}

KeySpec integer(const char* key, int ServerProperties::*field, int min, int max, bool clamp = false) {
  return {key,
          [=](ServerProperties& p, const std::string& v) -> std::optional<std::string> {
            auto n = parse_int<int>(v);
            if (!n) return "expected an integer";
            if (*n < min || *n > max) {
              if (!clamp) return "expected an integer from " + std::to_string(min) + " to " + std::to_string(max);
              n = std::clamp(*n, min, max);
            }
            p.*field = *n;
            return std::nullopt;
          },
          [field](const ServerProperties& p) { return std::to_string(p.*field); }};
}

KeySpec text(const char* key, std::string ServerProperties::*field) {
  return {key,
          [field](ServerProperties& p, const std::string& v) -> std::optional<std::string> {
            p.*field = v;
            return std::nullopt;
          },
          [field](const ServerProperties& p) { return p.*field; }};
}

// Keys vanilla writes that Horizon does not act on, with vanilla's defaults.
const std::vector<std::pair<const char*, const char*>>& passive_keys() {
  static const std::vector<std::pair<const char*, const char*>> keys = {
      {"broadcast-console-to-ops", "true"}, {"broadcast-rcon-to-ops", "true"}, {"bug-report-link", ""},
      {"enable-code-of-conduct", "false"}, {"enable-jmx-monitoring", "false"},
      {"enable-rcon", "false"}, {"force-gamemode", "false"},
      {"function-permission-level", "2"}, {"generate-structures", "true"}, {"generator-settings", "{}"},
      {"initial-disabled-packs", ""}, {"initial-enabled-packs", "vanilla"}, {"level-type", "minecraft\\:normal"},
      {"management-server-allowed-origins", ""}, {"management-server-enabled", "false"},
      {"management-server-host", "localhost"}, {"management-server-port", "0"},
      {"management-server-tls-enabled", "true"}, {"management-server-tls-keystore", ""},
      {"management-server-tls-keystore-password", ""},
      {"max-world-size", "29999984"},
      {"rate-limit", "0"}, {"rcon.password", ""}, {"rcon.port", "25575"},
      {"require-resource-pack", "false"}, {"resource-pack", ""}, {"resource-pack-id", ""},
      {"resource-pack-prompt", ""}, {"resource-pack-sha1", ""}, {"status-heartbeat-interval", "0"},
      {"text-filtering-config", ""}, {"text-filtering-version", "0"}, {"use-native-transport", "true"},
  };
  return keys;
}

const std::vector<KeySpec>& typed_keys() {
  using P = ServerProperties;
  static const std::vector<KeySpec> keys = {
      boolean("accepts-transfers", &P::accepts_transfers),
      boolean("allow-flight", &P::allow_flight),
      {"difficulty",
       [](P& p, const std::string& v) -> std::optional<std::string> {
         auto d = parse_difficulty(v);
         if (!d) return "expected peaceful, easy, normal or hard";
         p.difficulty = *d;
         return std::nullopt;
       },
       [](const P& p) { return std::string(difficulty_name(p.difficulty)); }},
      boolean("broadcast-rcon-to-ops", &P::broadcast_rcon_to_ops),
      boolean("enable-query", &P::enable_query),
      boolean("enable-rcon", &P::enable_rcon),
      boolean("enable-status", &P::enable_status),
      boolean("enforce-secure-profile", &P::enforce_secure_profile),
      boolean("enforce-whitelist", &P::enforce_whitelist),
      integer("entity-broadcast-range-percentage", &P::entity_broadcast_range_percentage, 10, 1000, true),
      {"gamemode",
       [](P& p, const std::string& v) -> std::optional<std::string> {
         auto m = parse_game_mode(v);
         if (!m) return "expected survival, creative, adventure or spectator";
         p.gamemode = *m;
         return std::nullopt;
       },
       [](const P& p) { return std::string(game_mode_name(p.gamemode)); }},
      boolean("hardcore", &P::hardcore),
      boolean("hide-online-players", &P::hide_online_players),
      text("level-name", &P::level_name),
      text("level-seed", &P::level_seed),
      boolean("log-ips", &P::log_ips),
      integer("max-players", &P::max_players, 0, 1 << 30),
      {"max-tick-time",
       [](P& p, const std::string& v) -> std::optional<std::string> {
         auto n = parse_int<int64_t>(v);
         if (!n) return "expected an integer (milliseconds, -1 disables the watchdog)";
         p.max_tick_time = *n;
         return std::nullopt;
       },
       [](const P& p) { return std::to_string(p.max_tick_time); }},
      text("motd", &P::motd),
      integer("network-compression-threshold", &P::network_compression_threshold, -1 << 30, 1 << 30),
      boolean("online-mode", &P::online_mode),
      boolean("prevent-proxy-connections", &P::prevent_proxy_connections),
      integer("op-permission-level", &P::op_permission_level, 0, 4),
      integer("pause-when-empty-seconds", &P::pause_when_empty_seconds, -(1 << 30), 1 << 30),
      integer("max-chained-neighbor-updates", &P::max_chained_neighbor_updates, -(1 << 30), 1 << 30),
      integer("player-idle-timeout", &P::player_idle_timeout, 0, 1 << 30),
      integer("query.port", &P::query_port, 1, 65535),
      text("rcon.password", &P::rcon_password),
      integer("rcon.port", &P::rcon_port, 1, 65535),
      text("server-ip", &P::server_ip),
      integer("server-port", &P::server_port, 1, 65535),
      {"region-file-compression",
       [](P& p, const std::string& v) -> std::optional<std::string> {
         if (v != "deflate" && v != "none" && v != "lz4") return "expected deflate, none or lz4";
         p.region_file_compression = v;
         return std::nullopt;
       },
       [](const P& p) { return p.region_file_compression; }},
      integer("simulation-distance", &P::simulation_distance, 2, 32, true),
      integer("spawn-protection", &P::spawn_protection, 0, 1 << 30),
      boolean("sync-chunk-writes", &P::sync_chunk_writes),
      integer("view-distance", &P::view_distance, 2, 32, true),
      boolean("white-list", &P::white_list),
      boolean("horizon-record-trace", &P::record_trace),
      boolean("horizon-record-packet-notes", &P::record_packet_notes),
      text("horizon-trace-dir", &P::trace_dir),
      integer("horizon-worker-threads", &P::worker_threads, 0, 256),
      integer("horizon-packet-rate-limit", &P::packet_rate_limit, 0, 1 << 30),
      integer("horizon-metrics-port", &P::metrics_port, 0, 65535),
      {"horizon-proxy-forwarding",
       [](P& p, const std::string& v) -> std::optional<std::string> {
         if (v == "none") p.proxy_forwarding = ProxyForwarding::kNone;
         else if (v == "velocity") p.proxy_forwarding = ProxyForwarding::kVelocity;
         else if (v == "bungeecord") p.proxy_forwarding = ProxyForwarding::kBungeeCord;
         else return "expected none, velocity or bungeecord";
         return std::nullopt;
       },
       [](const P& p) {
         switch (p.proxy_forwarding) {
           case ProxyForwarding::kVelocity: return std::string("velocity");
           case ProxyForwarding::kBungeeCord: return std::string("bungeecord");
           default: return std::string("none");
         }
       }},
      text("horizon-proxy-secret", &P::proxy_secret),
      text("horizon-session-server", &P::session_server),
  };
  return keys;
}

void append_escaped(std::string& out, std::string_view s, bool is_key) {
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\f': out += "\\f"; break;  // raw, a leading one would be read back as whitespace
      case '=': case ':': case '#': case '!': out += '\\'; out += c; break;
      case ' ':
        if (is_key || i == 0) out += '\\';
        out += ' ';
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {  // other control characters, as Java's store does
          static constexpr char kHex[] = "0123456789ABCDEF";
          out += "\\u00";
          out += kHex[(c >> 4) & 0xF];
          out += kHex[c & 0xF];
        } else {
          out += c;
        }
    }
  }
}

}  // namespace

std::map<std::string, std::string> parse_properties_text(std::string_view text) {
  std::map<std::string, std::string> out;
  // Join continuation lines first: a line ending in an odd number of backslashes continues.
  std::vector<std::string> logical;
  std::string current;
  bool continuing = false;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string line(text.substr(pos, end - pos));
    pos = end + 1;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    size_t start = line.find_first_not_of(" \t\f");
    line = start == std::string::npos ? "" : line.substr(start);
    if (!continuing && (line.empty() || line[0] == '#' || line[0] == '!')) {
      if (end == text.size()) break;
      continue;
    }
    size_t slashes = 0;
    while (slashes < line.size() && line[line.size() - 1 - slashes] == '\\') ++slashes;
    continuing = slashes % 2 == 1;
    if (continuing) line.pop_back();
    current += line;
    if (!continuing) {
      logical.push_back(std::move(current));
      current.clear();
    }
    if (end == text.size()) break;
  }
  if (!current.empty()) logical.push_back(current);

  for (const std::string& line : logical) {
    std::string key, value;
    std::string* target = &key;
    bool separated = false;
    for (size_t i = 0; i < line.size(); ++i) {
      char c = line[i];
      if (c == '\\' && i + 1 < line.size()) {
        char n = line[++i];
        if (n == 'n') *target += '\n';
        else if (n == 't') *target += '\t';
        else if (n == 'r') *target += '\r';
        else if (n == 'f') *target += '\f';
        else if (n == 'u' && i + 4 < line.size()) {
          unsigned cp = 0;
          std::from_chars(line.data() + i + 1, line.data() + i + 5, cp, 16);
          i += 4;
          if (cp < 0x80) *target += static_cast<char>(cp);
          else if (cp < 0x800) {
            *target += static_cast<char>(0xC0 | (cp >> 6));
            *target += static_cast<char>(0x80 | (cp & 0x3F));
          } else {
            *target += static_cast<char>(0xE0 | (cp >> 12));
            *target += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
            *target += static_cast<char>(0x80 | (cp & 0x3F));
          }
        } else *target += n;
        continue;
      }
      if (!separated && (c == '=' || c == ':' || c == ' ' || c == '\t')) {
        separated = true;
        target = &value;
        // Skip whitespace, then at most one '=' or ':' after a whitespace separator.
        size_t j = i + 1;
        while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
        if ((c == ' ' || c == '\t') && j < line.size() && (line[j] == '=' || line[j] == ':')) {
          ++j;
          while (j < line.size() && (line[j] == ' ' || line[j] == '\t')) ++j;
        }
        i = j - 1;
        continue;
      }
      *target += c;
    }
    out[key] = value;
  }
  return out;
}

PropertiesResult parse_server_properties(std::string_view file_text) {
  std::map<std::string, std::string> given = parse_properties_text(file_text);
  ServerProperties props;
  for (const KeySpec& spec : typed_keys()) {
    auto it = given.find(spec.key);
    if (it == given.end()) {
      props.raw[spec.key] = spec.write(props);
      continue;
    }
    if (auto err = spec.read(props, it->second)) {
      return {std::nullopt, PropertiesError{spec.key, it->second,
                                            "Invalid value '" + it->second + "' for server.properties key '" +
                                                spec.key + "': " + *err}};
    }
    props.raw[spec.key] = spec.write(props);
  }
  for (const auto& [key, def] : passive_keys()) {
    auto it = given.find(key);
    props.raw[key] = it != given.end() ? it->second : parse_properties_text(std::string("k=") + def)["k"];
  }
  for (const auto& [key, value] : given) props.raw.emplace(key, value);  // unknown keys are kept
  return {props, std::nullopt};
}

std::string write_server_properties(const ServerProperties& props, std::string_view date_comment) {
  std::string out = "#Minecraft server properties\n#";
  out += date_comment;
  out += "\n";
  std::map<std::string, std::string> all = props.raw;
  for (const KeySpec& spec : typed_keys()) all[spec.key] = spec.write(props);
  return out + write_properties_text(all);
}

std::string write_properties_text(const std::map<std::string, std::string>& pairs) {
  std::string out;
  for (const auto& [key, value] : pairs) {
    append_escaped(out, key, true);
    out += '=';
    append_escaped(out, value, false);
    out += '\n';
  }
  return out;
}

std::optional<int64_t> parse_level_seed(std::string_view text) {
  if (text.empty()) return std::nullopt;
  if (auto n = parse_int<int64_t>(text)) return *n;
  // String.hashCode over UTF-16 units; ASCII-only seeds are the common case, others are
  // approximated by their bytes (documented in docs/operations.md).
  int32_t h = 0;
  for (unsigned char c : text) h = static_cast<int32_t>(static_cast<uint32_t>(h) * 31u + c);
  return static_cast<int64_t>(h);
}

}  // namespace hz
