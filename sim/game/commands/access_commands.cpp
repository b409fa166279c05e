// Operators, the whitelist and bans: /op, /deop, /whitelist, /ban, /ban-ip, /pardon, /pardon-ip,
// /banlist, /kick, and /save-on and /save-off, with vanilla's texts (docs/rules/operators-and-bans.md).
#include "sim/game/access/access_lists.h"
#include "sim/game/commands/command_table.h"
#include "sim/game/player_identity.h"
#include "sim/protocol/text.h"

namespace hz {

namespace {

// A player named in a command: online under that name, else (offline mode) the profile the name
// would log in with.
struct Profile {
  Uuid uuid;
  std::string name;
  std::optional<ConnId> online;
};

std::optional<Profile> resolve_profile(CommandHost& host, const CommandSource& source, const std::string& name,
                                       CommandReader& reader, size_t start, std::optional<CommandError>& error) {
  if (name == "@s" && source.player) return Profile{host.player_uuid(*source.player), host.player_name(*source.player), source.player};
  if (auto online = host.find_player(name)) return Profile{host.player_uuid(*online), host.player_name(*online), online};
  if (is_valid_player_name(name)) return Profile{offline_player_uuid(name), name, std::nullopt};
  reader.set_cursor(start);
  error = CommandError{"That player does not exist", command_context(reader.input(), start + name.size())};
  return std::nullopt;
}

// Reads the one target word of a profile command.
std::optional<Profile> read_profile(CommandHost& host, const CommandSource& source, CommandReader& reader,
                                    std::optional<CommandError>& error) {
  const size_t start = reader.cursor();
  std::string name = reader.read_word();
  if (name.empty()) {
    error = incomplete_command(reader);
    return std::nullopt;
  }
  return resolve_profile(host, source, name, reader, start, error);
}

// A greedy message argument after the targets (ban and kick reasons); nothing when absent.
std::optional<std::string> read_reason(CommandReader& reader) {
  if (!reader.skip_separator() || reader.at_end()) return std::nullopt;
  return std::string(reader.remaining());
}

std::string reason_or_default(const std::optional<std::string>& reason) {
  return reason ? *reason : AccessLists::kDefaultBanReason;
}

template <class Names>
std::string join_names(const Names& names) {
  std::string joined;
  for (const std::string& n : names) joined += (joined.empty() ? "" : ", ") + n;
  return joined;
}

int whitelist_toggle(CommandHost& host, const CommandSource& source, bool on) {
  AccessLists& lists = host.access_lists();
  if (lists.whitelist_enabled() == on) {
    host.send_failure(source, on ? "Whitelist is already turned on" : "Whitelist is already turned off");
    return 0;
  }
  lists.set_whitelist_enabled(on);
  host.send_success(source, on ? "Whitelist is now turned on" : "Whitelist is now turned off", true);
  if (on) host.kick_unlisted_players();
  return 1;
}

int whitelist_list(CommandHost& host, const CommandSource& source) {
  const WhitelistEntries& entries = host.access_lists().whitelist();
  if (entries.empty()) {
    host.send_success(source, "There are no whitelisted players", false);
    return 0;
  }
  std::vector<std::string> names;
  for (const auto& [uuid, name] : entries) names.push_back(name);
  host.send_success(source,
                    "There are " + std::to_string(names.size()) + " whitelisted player(s): " + join_names(names), false);
  return static_cast<int>(names.size());
}

int whitelist_change(CommandHost& host, const CommandSource& source, CommandReader& reader,
                     std::optional<CommandError>& error, bool add) {
  auto profile = read_profile(host, source, reader, error);
  if (!profile) return 0;
  if ((error = expect_end(reader))) return 0;
  AccessLists& lists = host.access_lists();
  bool changed = add ? lists.add_to_whitelist(profile->uuid, profile->name) : lists.remove_from_whitelist(profile->uuid);
  if (!changed) {
    host.send_failure(source, add ? "Player is already whitelisted" : "Player is not whitelisted");
    return 0;
  }
  host.send_success(source, (add ? "Added " : "Removed ") + profile->name + (add ? " to" : " from") + " the whitelist",
                    true);
  if (!add) host.kick_unlisted_players();
  return 1;
}

// Bans an address (ban-ip's second half): the entry, the texts, and the players it disconnects.
int ban_address(CommandHost& host, const CommandSource& source, const std::string& ip,
                const std::optional<std::string>& reason) {
  AccessLists& lists = host.access_lists();
  if (lists.is_ip_banned(ip)) {
    host.send_failure(source, "Nothing changed. That IP is already banned");
    return 0;
  }
  std::vector<ConnId> affected;
  std::vector<std::string> names;
  for (const std::string& name : host.online_player_names()) {
    auto id = host.find_player(name);
    if (id && host.player_address(*id) == ip) affected.push_back(*id), names.push_back(name);
  }
  lists.ban_ip(ip, source.name, reason);
  host.send_success(source, "Banned IP " + ip + ": " + reason_or_default(reason), true);
  if (!affected.empty())
    host.send_success(source,
                      "This ban affects " + std::to_string(affected.size()) + " player(s): " + join_names(names), true);
  for (ConnId id : affected) host.kick_player(id, TextComponent::translatable("multiplayer.disconnect.ip_banned"));
  return static_cast<int>(affected.size());
}

void show_ban(CommandHost& host, const CommandSource& source, const std::string& who, const BanDetails& ban) {
  host.send_success(source, who + " was banned by " + ban.source + ": " + ban.reason, false);
}

}  // namespace

int run_op_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                   std::optional<CommandError>& error) {
  auto profile = read_profile(host, source, reader, error);
  if (!profile || (error = expect_end(reader))) return 0;
  if (!host.access_lists().add_op(profile->uuid, profile->name)) {
    host.send_failure(source, "Nothing changed. The player already is an operator");
    return 0;
  }
  host.refresh_permission_levels();
  host.send_success(source, "Made " + profile->name + " a server operator", true);
  return 1;
}

int run_deop_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                     std::optional<CommandError>& error) {
  auto profile = read_profile(host, source, reader, error);
  if (!profile || (error = expect_end(reader))) return 0;
  if (!host.access_lists().remove_op(profile->uuid)) {
    host.send_failure(source, "Nothing changed. The player is not an operator");
    return 0;
  }
  host.refresh_permission_levels();
  host.send_success(source, "Made " + profile->name + " no longer a server operator", true);
  return 1;
}

int run_whitelist_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                          std::optional<CommandError>& error) {
  const size_t start = reader.cursor();
  const std::string action = reader.read_word();
  if (action == "add" || action == "remove") {
    if (!reader.skip_separator()) {
      error = incomplete_command(reader);
      return 0;
    }
    return whitelist_change(host, source, reader, error, action == "add");
  }
  if (action != "on" && action != "off" && action != "list" && action != "reload") {
    reader.set_cursor(start);
    error = reader.error_here(action.empty() ? "Unknown or incomplete command. See below for error"
                                             : "Incorrect argument for command");
    return 0;
  }
  if ((error = expect_end(reader))) return 0;
  if (action == "on" || action == "off") return whitelist_toggle(host, source, action == "on");
  if (action == "list") return whitelist_list(host, source);
  host.access_lists().reload_whitelist(source);
  return 1;
}

int run_ban_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                    std::optional<CommandError>& error) {
  auto profile = read_profile(host, source, reader, error);
  if (!profile) return 0;
  const std::optional<std::string> reason = read_reason(reader);
  if (!host.access_lists().ban_player(profile->uuid, profile->name, source.name, reason)) {
    host.send_failure(source, "Nothing changed. The player is already banned");
    return 0;
  }
  host.send_success(source, "Banned " + profile->name + ": " + reason_or_default(reason), true);
  if (profile->online) host.kick_player(*profile->online, TextComponent::translatable("multiplayer.disconnect.banned"));
  return 1;
}

int run_ban_ip_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                       std::optional<CommandError>& error) {
  const std::string target = reader.read_word();
  if (target.empty()) {
    error = incomplete_command(reader);
    return 0;
  }
  const std::optional<std::string> reason = read_reason(reader);
  if (is_ip_address(target)) return ban_address(host, source, target, reason);
  if (auto player = host.find_player(target)) return ban_address(host, source, host.player_address(*player), reason);
  host.send_failure(source, "Invalid IP address or unknown player");
  return 0;
}

int run_pardon_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                       std::optional<CommandError>& error) {
  auto profile = read_profile(host, source, reader, error);
  if (!profile || (error = expect_end(reader))) return 0;
  if (!host.access_lists().pardon_player(profile->uuid)) {
    host.send_failure(source, "Nothing changed. The player isn't banned");
    return 0;
  }
  host.send_success(source, "Unbanned " + profile->name, true);
  return 1;
}

int run_pardon_ip_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                          std::optional<CommandError>& error) {
  const std::string target = reader.read_word();
  if (target.empty()) {
    error = incomplete_command(reader);
    return 0;
  }
  if ((error = expect_end(reader))) return 0;
  if (!is_ip_address(target)) {
    host.send_failure(source, "Invalid IP address");
    return 0;
  }
  if (!host.access_lists().pardon_ip(target)) {
    host.send_failure(source, "Nothing changed. That IP isn't banned");
    return 0;
  }
  host.send_success(source, "Unbanned IP " + target, true);
  return 1;
}

int run_banlist_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                        std::optional<CommandError>& error) {
  const size_t start = reader.cursor();
  const std::string which = reader.read_word();
  if (!which.empty() && which != "ips" && which != "players") {
    reader.set_cursor(start);
    error = reader.error_here("Incorrect argument for command");
    return 0;
  }
  if ((error = expect_end(reader))) return 0;
  const AccessLists& lists = host.access_lists();
  const bool players = which != "ips", ips = which != "players";
  const size_t count = (players ? lists.player_bans().size() : 0) + (ips ? lists.ip_bans().size() : 0);
  if (count == 0) {
    host.send_success(source, "There are no bans", false);
    return 0;
  }
  host.send_success(source, "There are " + std::to_string(count) + " ban(s):", false);
  if (players)
    for (const auto& [uuid, ban] : lists.player_bans()) show_ban(host, source, ban.name, ban.details);
  if (ips)
    for (const auto& [ip, ban] : lists.ip_bans()) show_ban(host, source, ip, ban);
  return static_cast<int>(count);
}

int run_kick_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                     std::optional<CommandError>& error) {
  const size_t start = reader.cursor();
  const std::string name = reader.read_word();
  if (name.empty()) {
    error = incomplete_command(reader);
    return 0;
  }
  std::optional<ConnId> target = name == "@s" ? source.player : host.find_player(name);
  if (!target) {
    error = CommandError{"No player was found", command_context(reader.input(), start + name.size())};
    return 0;
  }
  const std::optional<std::string> reason = read_reason(reader);
  const TextComponent text = reason ? TextComponent::plain(*reason)
                                    : TextComponent::translatable("multiplayer.disconnect.kicked");
  const std::string player = host.player_name(*target);
  host.kick_player(*target, text);
  host.send_success(source, "Kicked " + player + ": " + (reason ? *reason : "Kicked by an operator"), true);
  return 1;
}

int run_save_on_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                        std::optional<CommandError>& error) {
  if ((error = expect_end(reader))) return 0;
  if (host.saving_enabled()) {
    host.send_failure(source, "Saving is already turned on");
    return 0;
  }
  host.set_saving_enabled(true);
  host.send_success(source, "Automatic saving is now enabled", true);
  return 1;
}

int run_save_off_command(CommandHost& host, const CommandSource& source, CommandReader& reader,
                         std::optional<CommandError>& error) {
  if ((error = expect_end(reader))) return 0;
  if (!host.saving_enabled()) {
    host.send_failure(source, "Saving is already turned off");
    return 0;
  }
  host.set_saving_enabled(false);
  host.send_success(source, "Automatic saving is now disabled", true);
  return 1;
}

}  // namespace hz
