// The hasJoined answer is {"id":"<32 hex>","name":"...","properties":[{"name","value","signature"?}]}.
#include "server/auth/session_server.h"

#include "sim/core/json_value.h"

namespace hz::auth {
namespace {

std::optional<uint64_t> hex64(std::string_view text) {
  if (text.size() != 16) return std::nullopt;
  uint64_t v = 0;
  for (char ch : text) {
    int d;
    if (ch >= '0' && ch <= '9') d = ch - '0';
    else if (ch >= 'a' && ch <= 'f') d = ch - 'a' + 10;
    else if (ch >= 'A' && ch <= 'F') d = ch - 'A' + 10;
    else return std::nullopt;
    v = v << 4 | static_cast<uint64_t>(d);
  }
  return v;
}

SessionAnswer refused(ConnId conn, SessionOutcome outcome) {
  SessionAnswer a;
  a.conn = conn;
  a.outcome = outcome;
  return a;
}

}  // namespace

Result<HttpUrl> parse_http_url(std::string_view url) {
  HttpUrl out;
  if (url.starts_with("https://")) {
    url.remove_prefix(8);
  } else if (url.starts_with("http://")) {
    out.tls = false;
    url.remove_prefix(7);
  } else {
    return Error{"the URL must start with http:// or https://"};
  }
  size_t slash = url.find('/');
  std::string_view authority = url.substr(0, slash);
  out.target = slash == std::string_view::npos ? "/" : std::string(url.substr(slash));
  size_t colon = authority.rfind(':');
  if (colon != std::string_view::npos && authority.find(']', colon) == std::string_view::npos) {
    out.host = std::string(authority.substr(0, colon));
    out.port = std::string(authority.substr(colon + 1));
    if (out.port.empty() || out.port.find_first_not_of("0123456789") != std::string::npos)
      return Error{"the URL's port is not a number"};
  } else {
    out.host = std::string(authority);
    out.port = out.tls ? "443" : "80";
  }
  if (out.host.size() > 2 && out.host.front() == '[' && out.host.back() == ']')
    out.host = out.host.substr(1, out.host.size() - 2);
  if (out.host.empty()) return Error{"the URL has no host"};
  return out;
}

std::string url_escape(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char ch : text) {
    if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '-' || ch == '_' ||
        ch == '.' || ch == '~') {
      out.push_back(static_cast<char>(ch));
    } else {
      out += '%';
      out += kHex[ch >> 4];
      out += kHex[ch & 15];
    }
  }
  return out;
}

std::string has_joined_url(std::string_view base, std::string_view username, std::string_view server_id,
                           const std::optional<std::string>& ip) {
  std::string url(base);
  while (!url.empty() && url.back() == '/') url.pop_back();
  url += "/session/minecraft/hasJoined?username=" + url_escape(username) + "&serverId=" + url_escape(server_id);
  if (ip) url += "&ip=" + url_escape(*ip);
  return url;
}

SessionAnswer read_has_joined(ConnId conn, int http_status, std::string_view body) {
  if (http_status == 204) return refused(conn, SessionOutcome::kUnverified);
  if (http_status != 200) return refused(conn, SessionOutcome::kUnreachable);
  auto parsed = parse_json(body);
  if (!parsed.value || !parsed.value->object()) return refused(conn, SessionOutcome::kUnreachable);
  const JsonValue& root = *parsed.value;
  const JsonValue* id = root.get("id");
  const JsonValue* name = root.get("name");
  if (!id || !id->string() || !name || !name->string()) return refused(conn, SessionOutcome::kUnverified);
  std::string hex;
  for (char ch : *id->string())
    if (ch != '-') hex.push_back(ch);
  auto most = hex.size() == 32 ? hex64(std::string_view(hex).substr(0, 16)) : std::nullopt;
  auto least = hex.size() == 32 ? hex64(std::string_view(hex).substr(16)) : std::nullopt;
  if (!most || !least) return refused(conn, SessionOutcome::kUnreachable);
  SessionAnswer a;
  a.conn = conn;
  a.outcome = SessionOutcome::kVerified;
  a.id_most = *most;
  a.id_least = *least;
  a.name = *name->string();
  if (const JsonValue* props = root.get("properties"); props && props->array()) {
    for (const JsonValue& p : *props->array()) {
      const JsonValue* pn = p.get("name");
      const JsonValue* pv = p.get("value");
      if (!pn || !pn->string() || !pv || !pv->string()) return refused(conn, SessionOutcome::kUnreachable);
      SessionProfileProperty out{*pn->string(), *pv->string(), false, ""};
      if (const JsonValue* sig = p.get("signature"); sig && sig->string()) {
        out.has_signature = true;
        out.signature = *sig->string();
      }
      a.properties.push_back(std::move(out));
    }
  }
  return a;
}

}  // namespace hz::auth
