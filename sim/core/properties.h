// server.properties: vanilla's keys, defaults and file syntax (java.util.Properties), parsed into
// typed settings. A bad value is refused with an error naming the key and the value.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace hz {

enum class GameMode : uint8_t { kSurvival = 0, kCreative = 1, kAdventure = 2, kSpectator = 3 };
enum class Difficulty : uint8_t { kPeaceful = 0, kEasy = 1, kNormal = 2, kHard = 3 };
// Who tells the server a player's identity and address (docs/operations.md, proxy forwarding).
enum class ProxyForwarding : uint8_t { kNone, kVelocity, kBungeeCord };

const char* game_mode_name(GameMode mode);  // "survival", ...
std::optional<GameMode> parse_game_mode(std::string_view text);  // name or 0-3

struct ServerProperties {
  // Vanilla keys (only those Horizon reads are typed; all keys are kept in `raw`).
  bool accepts_transfers = false;
  bool allow_flight = false;
  Difficulty difficulty = Difficulty::kEasy;
  bool broadcast_rcon_to_ops = true;  // RCON commands' broadcast replies reach operators and the log
  bool enable_query = false;  // the GameSpy 4 query listener (UDP)
  bool enable_rcon = false;   // the RCON listener (TCP, rcon.port)
  bool enable_status = true;
  bool enforce_secure_profile = true;
  bool enforce_whitelist = false;  // whitelist on/reload kicks players no longer listed
  int entity_broadcast_range_percentage = 100;  // clamped 10..1000 like vanilla
  GameMode gamemode = GameMode::kSurvival;
  bool hardcore = false;
  bool hide_online_players = false;
  std::string level_name = "world";
  std::string level_seed;  // "" = random (chosen by the shell, recorded)
  bool log_ips = true;
  int max_chained_neighbor_updates = 1000000;  // < 0: no limit
  int max_players = 20;
  int64_t max_tick_time = 60000;  // ms; <= 0 disables the watchdog
  std::string motd = "A Minecraft Server";
  int network_compression_threshold = 256;
  bool online_mode = true;
  bool prevent_proxy_connections = false;  // online mode: hasJoined also gets the player's address
  int op_permission_level = 4;
  int pause_when_empty_seconds = 60;
  int query_port = 25565;  // query.port (UDP)
  std::string rcon_password;  // rcon.password: RCON stays off while it is empty
  int rcon_port = 25575;      // rcon.port (TCP)
  int player_idle_timeout = 0;
  std::string server_ip;
  int server_port = 25565;
  int simulation_distance = 10;
  std::string region_file_compression = "deflate";  // "deflate", "none" or "lz4"
  int spawn_protection = 16;
  bool sync_chunk_writes = true;
  int view_distance = 10;
  bool white_list = false;
  // Horizon's own keys.
  bool record_trace = false;          // horizon-record-trace
  bool record_packet_notes = true;    // horizon-record-packet-notes: each sent packet noted in traces
  std::string trace_dir = "traces";   // horizon-trace-dir
  int worker_threads = 0;             // horizon-worker-threads (0 = cores - 1, at least 1)
  int packet_rate_limit = 500;        // horizon-packet-rate-limit: packets/s over 7 s (0 = off)
  int metrics_port = 0;               // horizon-metrics-port: Prometheus text over HTTP (0 = off)
  ProxyForwarding proxy_forwarding = ProxyForwarding::kNone;  // horizon-proxy-forwarding
  std::string proxy_secret;           // horizon-proxy-secret: Velocity's forwarding secret, or BungeeGuard's token
  // horizon-session-server: where online mode asks hasJoined (http:// allowed for local stand-ins).
  std::string session_server = "https://sessionserver.mojang.com";

  // Every key/value as read (or defaulted), sorted by key, for writing back and trace headers.
  std::map<std::string, std::string> raw;
};

struct PropertiesError {
  std::string key;
  std::string value;
  std::string message;  // "Invalid value 'abc' for server.properties key 'server-port': expected an integer"
};

// Parses file text. Missing keys take vanilla's defaults; unknown keys are kept and ignored.
// Returns the first bad value as an error.
struct PropertiesResult {
  std::optional<ServerProperties> properties;
  std::optional<PropertiesError> error;
};
PropertiesResult parse_server_properties(std::string_view text);

// The file vanilla would write for these properties (comment header, sorted key=value lines).
std::string write_server_properties(const ServerProperties& props, std::string_view date_comment);

// key=value lines, escaped as java.util.Properties stores them (control characters as \uXXXX),
// so parse_properties_text reads back exactly these pairs. The one properties writer.
std::string write_properties_text(const std::map<std::string, std::string>& pairs);

// Java's WorldOptions.parseSeed: a long if the text is one, else String.hashCode of it.
std::optional<int64_t> parse_level_seed(std::string_view text);

// Splits java.util.Properties text into key/value pairs (escapes, continuations, comments).
std::map<std::string, std::string> parse_properties_text(std::string_view text);

}  // namespace hz
