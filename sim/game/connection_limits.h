// What one client connection may cost the server: vanilla's timeouts and a packet-rate limit
// modelled on Paper's. The shell's byte bounds (reading, writing) are in server/network.h.
#pragma once

#include <cstdint>

namespace hz::connection_limits {

// Vanilla's ReadTimeoutHandler(30): a connection that sends nothing for 30 s is dropped.
inline constexpr int64_t kReadTimeoutMillis = 30'000;
// ServerLoginPacketListenerImpl: a login still unfinished after 600 ticks is refused.
inline constexpr int kLoginTimeoutTicks = 600;
// ServerCommonPacketListenerImpl: a keep-alive every 15 s; one unanswered by the next is a timeout.
inline constexpr int64_t kKeepAliveIntervalMillis = 15'000;
// ServerCommonPacketListenerImpl.checkIfClosed: a listener that sent its terminal packet (the
// server's finish_configuration) sends no more keep-alives; still there this long after, the
// connection times out (checked when a keep-alive would be due).
inline constexpr int64_t kClosedListenerTimeoutMillis = 15'000;
// Paper's packet limiter ("all-packets"): the rate is the packets received in the last 7 s
// divided by 7; above the limit (server.properties horizon-packet-rate-limit, default 500) the
// client is kicked with disconnect.exceeded_packet_rate. 0 turns the limit off.
inline constexpr int64_t kPacketRateIntervalMillis = 7'000;
inline constexpr int kDefaultMaxPacketRate = 500;

}  // namespace hz::connection_limits
