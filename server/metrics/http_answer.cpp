#include "server/metrics/http_answer.h"

namespace hz {

namespace {

std::string response(const char* status, std::string_view content_type, const std::string& body, bool with_body,
                     const char* extra_header = "") {
  std::string out = "HTTP/1.1 ";
  out += status;
  out += "\r\nContent-Type: ";
  out += content_type;
  out += "\r\nContent-Length: " + std::to_string(body.size());
  out += "\r\nConnection: close\r\n";
  out += extra_header;
  out += "\r\n";
  if (with_body) out += body;
  return out;
}

std::string plain(const char* status, const std::string& text, bool with_body, const char* extra_header = "") {
  return response(status, "text/plain; charset=utf-8", text + "\n", with_body, extra_header);
}

}  // namespace

std::string http_answer(std::string_view head, const std::function<std::string()>& metrics_body) {
  size_t end = head.find("\r\n");
  if (end == std::string_view::npos) end = head.find('\n');
  std::string_view line = head.substr(0, end);
  size_t sp1 = line.find(' ');
  size_t sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
  if (sp1 == std::string_view::npos || sp2 == std::string_view::npos || line.find(' ', sp2 + 1) != std::string_view::npos)
    return plain("400 Bad Request", "Bad request", true);
  std::string_view method = line.substr(0, sp1);
  std::string_view target = line.substr(sp1 + 1, sp2 - sp1 - 1);
  std::string_view version = line.substr(sp2 + 1);
  if (!version.starts_with("HTTP/1.") || target.empty())
    return plain("400 Bad Request", "Bad request", true);
  bool head_only = method == "HEAD";
  if (method != "GET" && !head_only)
    return plain("405 Method Not Allowed", "Only GET and HEAD", true, "Allow: GET, HEAD\r\n");
  std::string_view path = target.substr(0, target.find('?'));
  if (path != "/metrics") return plain("404 Not Found", "Metrics are at /metrics", !head_only);
  return response("200 OK", "text/plain; version=0.0.4; charset=utf-8", metrics_body(), !head_only);
}

}  // namespace hz
