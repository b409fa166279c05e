// Builds the StatusSnapshot from the core on the server thread after each pass and posts it on
// the StatusBoard the query and metrics listeners read.
#pragma once

#include <cstdint>

#include "server/status/status_board.h"
#include "server/status/tps_window.h"

namespace hz {

class Core;

class StatusPublisher {
 public:
  StatusPublisher(StatusBoard& board, int port) : board_(board), port_(port) {}

  // Server thread only: `now_nanos` from the steady clock, `inputs_in_pass` the pass's input count.
  void publish(Core& core, int64_t now_nanos, int inputs_in_pass);

 private:
  StatusBoard& board_;
  int port_;
  TpsWindow tps_;
};

}  // namespace hz
