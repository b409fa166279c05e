// Who may join and who may command: operators, the whitelist and the player and IP bans (vanilla's
// PlayerList lists), the login checks in vanilla's order, and the list files written on every
// change (StorageWrite in the server folder). The core never reads files: the lists start from
// the texts in CoreConfig, and `whitelist reload` asks the shell to read whitelist.json.
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "sim/core/clock.h"
#include "sim/core/effects.h"
#include "sim/core/inputs.h"
#include "sim/game/access/list_files.h"
#include "sim/game/commands/command_host.h"
#include "sim/game/player_identity.h"
#include "sim/game/ports.h"
#include "sim/protocol/text.h"

namespace hz {

struct CoreConfig;

inline constexpr const char* kOpsFile = "ops.json";
inline constexpr const char* kWhitelistFile = "whitelist.json";
inline constexpr const char* kBannedPlayersFile = "banned-players.json";
inline constexpr const char* kBannedIpsFile = "banned-ips.json";
// A StorageWrite to this server-folder file carries only the keys to change, as properties text;
// the shell merges them into the server's properties file.
inline constexpr const char* kServerPropertiesFile = "server.properties";

class AccessLists {
 public:
  AccessLists(const CoreConfig& config, EffectSink& effects, ServerLog& log, Clock& clock);

  // What vanilla's DedicatedPlayerList does at start: the ban lists and ops.json are written back
  // (normalised), whitelist.json only when it did not exist. A list that did not parse is left
  // alone on disk until it changes, so a typo never loses the file.
  void write_files_at_start();

  // Vanilla's PlayerList.canPlayerLogin: banned, not whitelisted, IP banned, full, in that order.
  // Null when the player may join. `ip` is the address without the port.
  std::optional<TextComponent> login_refusal(const Uuid& uuid, std::string_view ip, int players_online,
                                             int max_players);

  // Operators.
  const OpList& ops() const { return ops_; }
  bool add_op(const Uuid& uuid, const std::string& name);  // at op-permission-level, like /op
  bool remove_op(const Uuid& uuid);

  // The whitelist (white-list, enforce-whitelist).
  bool whitelist_enabled() const { return whitelist_enabled_; }
  // Also asks the shell to store white-list=<on> in server.properties, as vanilla does.
  void set_whitelist_enabled(bool on);
  bool enforce_whitelist() const { return enforce_whitelist_; }
  // Vanilla's isWhiteListed: the whitelist is off, or the player is listed or an operator.
  bool is_whitelisted(const Uuid& uuid) const;
  const WhitelistEntries& whitelist() const { return whitelist_; }
  bool add_to_whitelist(const Uuid& uuid, const std::string& name);
  bool remove_from_whitelist(const Uuid& uuid);
  // What runs once a reload's new list is in place, told who asked (set once, by the core).
  void set_on_whitelist_reloaded(std::function<void(const CommandSource&)> reloaded) {
    on_whitelist_reloaded_ = std::move(reloaded);
  }
  // Asks the shell for whitelist.json on behalf of `requester`. The request is kept as data
  // (it is part of a snapshot); an RCON requester's reply has gone by the time the file is read,
  // so the reload's reply goes to the log instead.
  void reload_whitelist(const CommandSource& requester);
  // A JobCompleted for one of this system's reads; false when the job is someone else's.
  bool on_job_completed(const JobCompleted& done);

  template <class Io>
  void state_fields(Io& io) {
    io(ops_, whitelist_, player_bans_, ip_bans_, whitelist_enabled_, enforce_whitelist_, ops_unreadable_,
       whitelist_unreadable_, player_bans_unreadable_, ip_bans_unreadable_, whitelist_file_absent_, reads_, next_read_);
  }

  // Player bans. Expired bans are dropped when looked at, as vanilla's StoredUserList.get does.
  const PlayerBanEntries& player_bans() const { return player_bans_; }
  bool is_banned(const Uuid& uuid);
  bool ban_player(const Uuid& uuid, const std::string& name, const std::string& source,
                  const std::optional<std::string>& reason);
  bool pardon_player(const Uuid& uuid);

  // IP bans.
  const IpBanEntries& ip_bans() const { return ip_bans_; }
  bool is_ip_banned(const std::string& ip);
  bool ban_ip(const std::string& ip, const std::string& source, const std::optional<std::string>& reason);
  bool pardon_ip(const std::string& ip);

  // The text vanilla shows for a ban's reason ("Banned by an operator." when none was given).
  static constexpr const char* kDefaultBanReason = "Banned by an operator.";

  uint64_t hash() const;

 private:
  void save_ops();
  void save_whitelist();
  void save_player_bans();
  void save_ip_bans();
  void write(const char* file, const std::string& text);
  // Reads the wall clock once: the "created" date of a new ban.
  std::string now_text();
  bool expired(const BanDetails& ban);

  EffectSink& effects_;
  ServerLog& log_;
  Clock& clock_;
  int op_permission_level_;
  OpList ops_;
  WhitelistEntries whitelist_;
  PlayerBanEntries player_bans_;
  IpBanEntries ip_bans_;
  bool whitelist_enabled_;
  bool enforce_whitelist_;
  // Lists whose file did not parse at start: not written back until they change.
  bool ops_unreadable_ = false, whitelist_unreadable_ = false, player_bans_unreadable_ = false,
       ip_bans_unreadable_ = false;
  bool whitelist_file_absent_ = false;
  std::function<void(const CommandSource&)> on_whitelist_reloaded_;
  // whitelist.json reads in flight (job id -> who asked). Ids from a range the world's jobs never
  // reach.
  std::map<JobId, CommandSource> reads_;
  JobId next_read_ = JobId{1} << 62;
};

// The address part of a connection's remote text ("1.2.3.4:5678" -> "1.2.3.4", "[::1]:5" -> "::1").
std::string address_without_port(std::string_view remote);
// A dotted IPv4 address (four numbers 0-255), an IPv6 address (with :: and an IPv4 tail allowed),
// or either: what ban-ip and pardon-ip accept as an address (Guava's InetAddresses.isInetAddress).
bool is_ipv4_address(std::string_view text);
bool is_ipv6_address(std::string_view text);
bool is_ip_address(std::string_view text);

}  // namespace hz
