// The one place horizon-parity includes Boost.Asio. Boost 1.74's Asio with C++20 on GCC 12 needs
// <utility> before its headers (std::exchange in awaitable.hpp).
#pragma once

#include <utility>

#include <boost/asio.hpp>
