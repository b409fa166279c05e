#include "replay/format/trace_walker.h"

namespace hz {

void TraceWalker::walk(const std::function<void(const WalkedRecord&)>& visit) {
  if (!header()) return;
  next_pass_ = header()->first_iteration;
  while (auto frame = reader_.next_frame()) {
    for (Record& r : frame->records) {
      pass_.push_back(std::move(r));
      if (ends_pass(pass_.back())) flush_pass(visit);
    }
  }
  flush_pass(visit);
}

void TraceWalker::flush_pass(const std::function<void(const WalkedRecord&)>& visit) {
  for (const Record& r : pass_)
    if (auto* c = std::get_if<CompressionRecord>(&r)) tracker_.note_compression(c->conn, c->threshold);
  for (const Record& r : pass_) {
    WalkedRecord w;
    w.pass = next_pass_;
    w.record = &r;
    if (auto input = record_as_input(r)) {
      const ConnectionTracker::Connection* before = nullptr;
      if (auto* b = std::get_if<BytesReceived>(&r)) before = tracker_.find(b->conn);
      bool had_error = before && before->error;
      w.inbound = tracker_.feed(*input);
      if (auto* b = std::get_if<BytesReceived>(&r)) {
        const auto* after = tracker_.find(b->conn);
        if (!had_error && after && after->error) w.framing_error = after->error;
      }
    } else if (auto* out = std::get_if<OutboundRecord>(&r)) {
      w.state = tracker_.outbound_state(out->conn, out->packet_id);
    }
    visit(w);
  }
  bool iteration = !pass_.empty() && std::holds_alternative<IterationEndRecord>(pass_.back());
  if (iteration) ++next_pass_;
  tracker_.end_pass();
  pass_.clear();
}

}  // namespace hz
