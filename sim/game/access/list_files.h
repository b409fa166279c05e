// Vanilla's four list files (ops.json, whitelist.json, banned-players.json, banned-ips.json):
// their entries, reading them from the text the shell hands in and writing them as vanilla does.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "sim/core/result.h"
#include "sim/protocol/wire.h"

namespace hz {

// ServerOpListEntry: a player and the permission level the list gives them.
struct OpEntry {
  std::string name;
  int level = 4;
  bool bypasses_player_limit = false;
  bool operator==(const OpEntry&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(name, level, bypasses_player_limit);
  }
};

// BanListEntry's fields. Dates are kept as the text vanilla writes ("2026-12-01 19:30:00 +0000"),
// so a file read and written again keeps its dates exactly.
struct BanDetails {
  std::string created;
  std::string source = "(Unknown)";
  std::string expires = "forever";
  std::string reason = "Banned by an operator.";
  bool operator==(const BanDetails&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(created, source, expires, reason);
  }
};

struct PlayerBan {
  std::string name;
  BanDetails details;
  bool operator==(const PlayerBan&) const = default;
  template <class Io>
  void state_fields(Io& io) {
    io(name, details);
  }
};

// Keyed by UUID (or IP): vanilla's lists are maps keyed the same way. Ordered so that the file
// written is a function of the entries.
using OpEntries = std::map<Uuid, OpEntry>;
using WhitelistEntries = std::map<Uuid, std::string>;  // uuid -> name
using PlayerBanEntries = std::map<Uuid, PlayerBan>;
using IpBanEntries = std::map<std::string, BanDetails>;  // ip -> ban

// Decoders: `file` names the file in error texts. Entries without a usable key (uuid or ip) are
// skipped, as vanilla skips entries whose user is null. A date vanilla cannot parse falls back as
// vanilla's does: "created" to `now_text`, "expires" to forever.
Result<OpEntries> decode_ops(std::string_view json, int default_level);
Result<WhitelistEntries> decode_whitelist(std::string_view json);
Result<PlayerBanEntries> decode_player_bans(std::string_view json, std::string_view now_text);
Result<IpBanEntries> decode_ip_bans(std::string_view json, std::string_view now_text);

// Encoders: Gson's pretty printing (two-space indent, HTML-safe escapes), fields in vanilla's order.
std::string encode_ops(const OpEntries& entries);
std::string encode_whitelist(const WhitelistEntries& entries);
std::string encode_player_bans(const PlayerBanEntries& entries);
std::string encode_ip_bans(const IpBanEntries& entries);

// BanListEntry.DATE_FORMAT ("yyyy-MM-dd HH:mm:ss Z"), in UTC: the core knows no time zone.
std::string format_ban_date(int64_t unix_millis);
// Unix milliseconds of a date in that format (any offset), or nothing if it does not parse.
std::optional<int64_t> parse_ban_date(std::string_view text);

// A string as Gson writes it: quoted, with \" \\ \t \b \n \r \f, other control characters and
// < > & = ' (Gson's HTML-safe default) as \uXXXX.
std::string gson_string(std::string_view utf8);

}  // namespace hz
