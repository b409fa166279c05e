// The metrics endpoint's HTTP/1.1: reads a request head's request line and answers it whole
// (status, headers, body, then the connection closes). Only GET and HEAD of /metrics succeed.
#pragma once

#include <functional>
#include <string>
#include <string_view>

namespace hz {

// A request head larger than this is refused (400) without reading further.
inline constexpr size_t kMaxHttpHeadBytes = 8192;

// `head` is the request up to and including the blank line; `metrics_body` is called only for
// a request that gets the metrics.
std::string http_answer(std::string_view head, const std::function<std::string()>& metrics_body);

}  // namespace hz
