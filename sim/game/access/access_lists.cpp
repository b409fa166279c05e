#include "sim/game/access/access_lists.h"

#include <cctype>

#include "sim/core/hash.h"
#include "sim/core/server_files.h"
#include "sim/game/core_config.h"

namespace hz {

namespace {

// PlayerList.BAN_DATE_FORMAT ("yyyy-MM-dd 'at' HH:mm:ss z"), in UTC like the list files' dates.
std::string login_ban_date(int64_t unix_millis) {
  std::string date = format_ban_date(unix_millis);  // "yyyy-MM-dd HH:mm:ss +0000"
  return date.substr(0, 10) + " at " + date.substr(11, 8) + " UTC";
}

// A refusal naming the ban's reason, with its expiry when it has one (vanilla's two components).
TextComponent ban_refusal(const char* reason_key, const char* expiry_key, const BanDetails& ban) {
  TextComponent text = TextComponent::translatable(reason_key, {TextComponent::plain(ban.reason)});
  if (auto expires = parse_ban_date(ban.expires))
    text.append(TextComponent::translatable(expiry_key, {TextComponent::plain(login_ban_date(*expires))}));
  return text;
}

template <class List>
List decoded_or_empty(Result<List> decoded, const char* what, ServerLog& log, bool& unreadable) {
  if (decoded) return std::move(*decoded);
  log.log(LogLevel::kWarn, std::string("Failed to load ") + what + ": " + decoded.error());
  unreadable = true;
  return List{};
}

}  // namespace

AccessLists::AccessLists(const CoreConfig& config, EffectSink& effects, ServerLog& log, Clock& clock)
    : effects_(effects),
      log_(log),
      clock_(clock),
      op_permission_level_(config.properties.op_permission_level),
      whitelist_enabled_(config.properties.white_list),
      enforce_whitelist_(config.properties.enforce_whitelist) {
  // A "created" date that does not parse falls back to the epoch rather than reading the clock at
  // construction, which would add a clock read to every start.
  const std::string fallback_date = format_ban_date(0);
  player_bans_ = decoded_or_empty(decode_player_bans(config.banned_players_json, fallback_date), "user banlist", log,
                                  player_bans_unreadable_);
  ip_bans_ = decoded_or_empty(decode_ip_bans(config.banned_ips_json, fallback_date), "ip banlist", log,
                              ip_bans_unreadable_);
  ops_ = OpList(decoded_or_empty(decode_ops(config.ops_json, op_permission_level_), "operators list", log,
                                 ops_unreadable_));
  whitelist_ = decoded_or_empty(decode_whitelist(config.whitelist_json), "white-list", log, whitelist_unreadable_);
  whitelist_file_absent_ = config.whitelist_json.empty();
}

void AccessLists::write_files_at_start() {
  if (!player_bans_unreadable_) save_player_bans();
  if (!ip_bans_unreadable_) save_ip_bans();
  if (!ops_unreadable_) save_ops();
  if (whitelist_file_absent_) save_whitelist();
}

std::optional<TextComponent> AccessLists::login_refusal(const Uuid& uuid, std::string_view ip, int players_online,
                                                        int max_players) {
  if (is_banned(uuid))
    return ban_refusal("multiplayer.disconnect.banned.reason", "multiplayer.disconnect.banned.expiration",
                       player_bans_.at(uuid).details);
  if (!is_whitelisted(uuid)) return TextComponent::translatable("multiplayer.disconnect.not_whitelisted");
  const std::string address(ip);
  if (is_ip_banned(address))
    return ban_refusal("multiplayer.disconnect.banned_ip.reason", "multiplayer.disconnect.banned_ip.expiration",
                       ip_bans_.at(address));
  if (players_online >= max_players && !ops_.bypasses_player_limit(uuid))
    return TextComponent::translatable("multiplayer.disconnect.server_full");
  return std::nullopt;
}

bool AccessLists::add_op(const Uuid& uuid, const std::string& name) {
  // OpCommand keeps an existing entry's bypass flag off: a new ServerOpListEntry at the server's
  // operator level, bypassing the limit only if the player already could.
  OpEntry entry{name, op_permission_level_, ops_.bypasses_player_limit(uuid)};
  if (ops_.contains(uuid)) return false;
  ops_.add(uuid, entry);
  save_ops();
  return true;
}

bool AccessLists::remove_op(const Uuid& uuid) {
  if (!ops_.remove(uuid)) return false;
  save_ops();
  return true;
}

void AccessLists::set_whitelist_enabled(bool on) {
  whitelist_enabled_ = on;
  write(kServerPropertiesFile, std::string("white-list=") + (on ? "true" : "false") + "\n");
}

bool AccessLists::is_whitelisted(const Uuid& uuid) const {
  return !whitelist_enabled_ || whitelist_.contains(uuid) || ops_.contains(uuid);
}

bool AccessLists::add_to_whitelist(const Uuid& uuid, const std::string& name) {
  if (whitelist_.contains(uuid)) return false;
  whitelist_[uuid] = name;
  save_whitelist();
  return true;
}

bool AccessLists::remove_from_whitelist(const Uuid& uuid) {
  if (whitelist_.erase(uuid) == 0) return false;
  save_whitelist();
  return true;
}

void AccessLists::reload_whitelist(const CommandSource& requester) {
  const JobId job = next_read_++;
  reads_[job] = requester.answered_later();
  const std::string name = kWhitelistFile;
  effects_.emit(SubmitJob{job, kServerFileReadJobKind, Bytes(name.begin(), name.end())});
}

bool AccessLists::on_job_completed(const JobCompleted& done) {
  auto it = reads_.find(done.job);
  if (it == reads_.end()) return false;
  const CommandSource requester = std::move(it->second);
  reads_.erase(it);
  // Vanilla's load clears the list before reading: an unreadable file leaves it empty.
  const std::string text = decode_server_file_result(done.result).value_or("");
  whitelist_unreadable_ = false;
  whitelist_ = decoded_or_empty(decode_whitelist(text), "white-list", log_, whitelist_unreadable_);
  if (on_whitelist_reloaded_) on_whitelist_reloaded_(requester);
  return true;
}

bool AccessLists::expired(const BanDetails& ban) {
  auto expires = parse_ban_date(ban.expires);
  return expires && *expires < clock_.wall_millis();
}

bool AccessLists::is_banned(const Uuid& uuid) {
  auto it = player_bans_.find(uuid);
  if (it == player_bans_.end()) return false;
  if (!expired(it->second.details)) return true;
  player_bans_.erase(it);  // vanilla drops it from memory; the file changes with the next save
  return false;
}

bool AccessLists::ban_player(const Uuid& uuid, const std::string& name, const std::string& source,
                             const std::optional<std::string>& reason) {
  if (is_banned(uuid)) return false;
  BanDetails details;
  details.created = now_text();
  details.source = source;
  if (reason) details.reason = *reason;
  player_bans_[uuid] = PlayerBan{name, details};
  save_player_bans();
  return true;
}

bool AccessLists::pardon_player(const Uuid& uuid) {
  if (player_bans_.erase(uuid) == 0) return false;
  save_player_bans();
  return true;
}

bool AccessLists::is_ip_banned(const std::string& ip) {
  auto it = ip_bans_.find(ip);
  if (it == ip_bans_.end()) return false;
  if (!expired(it->second)) return true;
  ip_bans_.erase(it);
  return false;
}

bool AccessLists::ban_ip(const std::string& ip, const std::string& source, const std::optional<std::string>& reason) {
  if (is_ip_banned(ip)) return false;
  BanDetails details;
  details.created = now_text();
  details.source = source;
  if (reason) details.reason = *reason;
  ip_bans_[ip] = details;
  save_ip_bans();
  return true;
}

bool AccessLists::pardon_ip(const std::string& ip) {
  if (ip_bans_.erase(ip) == 0) return false;
  save_ip_bans();
  return true;
}

std::string AccessLists::now_text() { return format_ban_date(clock_.wall_millis()); }

void AccessLists::save_ops() {
  ops_unreadable_ = false;
  write(kOpsFile, encode_ops(ops_.entries()));
}
void AccessLists::save_whitelist() {
  whitelist_unreadable_ = false;
  whitelist_file_absent_ = false;
  write(kWhitelistFile, encode_whitelist(whitelist_));
}
void AccessLists::save_player_bans() {
  player_bans_unreadable_ = false;
  write(kBannedPlayersFile, encode_player_bans(player_bans_));
}
void AccessLists::save_ip_bans() {
  ip_bans_unreadable_ = false;
  write(kBannedIpsFile, encode_ip_bans(ip_bans_));
}

void AccessLists::write(const char* file, const std::string& text) {
  effects_.emit(StorageWrite{file, Bytes(text.begin(), text.end()), false, StorageFolder::kServer});
}

uint64_t AccessLists::hash() const {
  Hasher h;
  h.str(encode_ops(ops_.entries()));
  h.str(encode_whitelist(whitelist_));
  h.str(encode_player_bans(player_bans_));
  h.str(encode_ip_bans(ip_bans_));
  h.u64(whitelist_enabled_), h.u64(enforce_whitelist_);
  h.u64(ops_unreadable_), h.u64(whitelist_unreadable_), h.u64(player_bans_unreadable_), h.u64(ip_bans_unreadable_);
  h.u64(whitelist_file_absent_), h.u64(next_read_), h.u64(reads_.size());
  for (const auto& [job, requester] : reads_) {
    h.u64(job), h.str(requester.name), h.i64(requester.permission_level), h.u64(requester.inform_admins);
    h.i64(requester.player ? static_cast<int64_t>(*requester.player) : -1);
  }
  return h.digest();
}

std::string address_without_port(std::string_view remote) {
  if (!remote.empty() && remote.front() == '[') {
    size_t close = remote.find(']');
    return std::string(close == std::string_view::npos ? remote.substr(1) : remote.substr(1, close - 1));
  }
  // The shell writes "address:port"; an IPv6 address has colons of its own, the port is after the last.
  size_t colon = remote.rfind(':');
  return std::string(colon == std::string_view::npos ? remote : remote.substr(0, colon));
}

bool is_ipv4_address(std::string_view text) {
  int parts = 0;
  size_t pos = 0;
  while (true) {
    size_t end = text.find('.', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view part = text.substr(pos, end - pos);
    if (part.empty() || part.size() > 3) return false;
    int value = 0;
    for (char c : part) {
      if (c < '0' || c > '9') return false;
      value = value * 10 + (c - '0');
    }
    if (value > 255) return false;
    ++parts;
    if (end == text.size()) return parts == 4;
    if (parts == 4) return false;
    pos = end + 1;
  }
}

namespace {

// Groups of 1-4 hex digits separated by single colons; a dotted IPv4 tail counts as two groups.
std::optional<int> ipv6_groups(std::string_view text, bool ipv4_tail_allowed) {
  if (text.empty()) return 0;
  int groups = 0;
  size_t pos = 0;
  while (true) {
    size_t end = text.find(':', pos);
    if (end == std::string_view::npos) end = text.size();
    std::string_view group = text.substr(pos, end - pos);
    if (end == text.size() && ipv4_tail_allowed && group.find('.') != std::string_view::npos)
      return is_ipv4_address(group) ? std::optional<int>(groups + 2) : std::nullopt;
    if (group.empty() || group.size() > 4) return std::nullopt;
    for (char c : group)
      if (!std::isxdigit(static_cast<unsigned char>(c))) return std::nullopt;
    ++groups;
    if (end == text.size()) return groups;
    pos = end + 1;
  }
}

}  // namespace

bool is_ipv6_address(std::string_view text) {
  const size_t gap = text.find("::");
  if (gap == std::string_view::npos) {
    auto groups = ipv6_groups(text, true);
    return groups && *groups == 8;
  }
  if (text.find("::", gap + 1) != std::string_view::npos) return false;
  auto head = ipv6_groups(text.substr(0, gap), false);
  auto tail = ipv6_groups(text.substr(gap + 2), true);
  return head && tail && *head + *tail <= 7;
}

bool is_ip_address(std::string_view text) { return is_ipv4_address(text) || is_ipv6_address(text); }

}  // namespace hz
