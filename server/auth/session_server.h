// The session server's side of an online-mode login, without sockets: the hasJoined URL the
// shell asks and the answer read into the SessionAnswer input the core gets.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "sim/core/inputs.h"
#include "sim/core/result.h"

namespace hz::auth {

// A URL split into what an HTTP client needs. Only http and https are accepted.
struct HttpUrl {
  bool tls = true;
  std::string host;
  std::string port;    // "443"/"80" when the URL gives none
  std::string target;  // path and query, at least "/"
};
Result<HttpUrl> parse_http_url(std::string_view url);

// `base` is horizon-session-server (no trailing slash needed); `ip` is given only when
// prevent-proxy-connections is true, as vanilla does.
std::string has_joined_url(std::string_view base, std::string_view username, std::string_view server_id,
                           const std::optional<std::string>& ip);

// Query-string escaping (RFC 3986 unreserved characters stay as they are).
std::string url_escape(std::string_view text);

// The answer to hasJoined: HTTP 200 with a profile is kVerified, 204 (or 200 without an id) is
// kUnverified, anything else or a body that does not read is kUnreachable (vanilla treats a
// failed request as "servers down").
SessionAnswer read_has_joined(ConnId conn, int http_status, std::string_view body);

}  // namespace hz::auth
