// The fleet's timers: joins, client ticks, the measurement window, progress and the end.
#include "tools/bots/fleet.h"

#include <cinttypes>
#include <csignal>
#include <cstdio>

namespace hz::bots {

namespace asio = boost::asio;

namespace {

constexpr auto kClientTick = std::chrono::milliseconds(1000 / kMovesPerSecond);

Clock::duration seconds(double s) {
  return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
}

double per_second(uint64_t count, double seconds) { return seconds > 0 ? static_cast<double>(count) / seconds : 0.0; }

}  // namespace

Fleet::Fleet(asio::io_context& io, BotContext& context)
    : io_(io),
      context_(context),
      join_timer_(io),
      tick_timer_(io),
      progress_timer_(io),
      window_timer_(io),
      end_timer_(io),
      signals_(io, SIGINT, SIGTERM) {
  for (int i = 1; i <= context.options.bots; ++i) bots_.push_back(std::make_unique<Bot>(io, context, i));
  window_base_.resize(bots_.size());
}

double Fleet::now_s() const { return std::chrono::duration<double>(Clock::now() - context_.start).count(); }

Sample Fleet::sample_now() const {
  Sample s;
  s.t = now_s();
  for (const auto& bot : bots_) {
    if (bot->phase() == Phase::kPlay) ++s.in_play;
    if (bot->phase() == Phase::kClosed) ++s.closed;
    s.totals += bot->counters();
  }
  return s;
}

void Fleet::run() {
  const Options& o = context_.options;
  samples_.push_back(sample_now());
  schedule_join(0);
  next_tick_ = Clock::now();
  schedule_tick();
  schedule_progress();
  if (o.warmup_s <= 0) {
    open_window();
  } else {
    window_timer_.expires_at(context_.start + seconds(o.warmup_s));
    window_timer_.async_wait([this](const boost::system::error_code& ec) {
      if (!ec) open_window();
    });
  }
  if (o.duration_s > 0) {
    end_timer_.expires_at(context_.start + seconds(o.duration_s));
    end_timer_.async_wait([this](const boost::system::error_code& ec) {
      if (!ec) finish("duration");
    });
  }
  signals_.async_wait([this](const boost::system::error_code& ec, int) {
    if (!ec) finish("signal");
  });
  io_.run();
}

void Fleet::schedule_join(size_t next) {
  if (next >= bots_.size()) return;
  join_timer_.expires_at(context_.start + seconds(context_.options.join_interval_s * static_cast<double>(next)));
  join_timer_.async_wait([this, next](const boost::system::error_code& ec) {
    if (ec || finished_) return;
    bots_[next]->connect();
    schedule_join(next + 1);
  });
}

void Fleet::schedule_tick() {
  next_tick_ += kClientTick;
  // After a stall, carry on from now rather than sending a burst of catch-up moves.
  if (next_tick_ < Clock::now() - kClientTick) next_tick_ = Clock::now() + kClientTick;
  tick_timer_.expires_at(next_tick_);
  tick_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec || finished_) return;
    for (auto& bot : bots_) bot->tick();
    schedule_tick();
  });
}

void Fleet::schedule_progress() {
  progress_timer_.expires_at(context_.start + seconds(context_.options.progress_interval_s *
                                                      static_cast<double>(samples_.size())));
  progress_timer_.async_wait([this](const boost::system::error_code& ec) {
    if (ec || finished_) return;
    Sample now = sample_now();
    if (!context_.options.quiet) print_progress(now, samples_.back());
    samples_.push_back(now);
    schedule_progress();
  });
}

void Fleet::open_window() {
  window_start_s_ = now_s();
  for (size_t i = 0; i < bots_.size(); ++i) window_base_[i] = bots_[i]->counters();
}

void Fleet::print_progress(const Sample& now, const Sample& before) const {
  double span = now.t - before.t;
  Counters d = now.totals - before.totals;
  std::fprintf(stderr,
               "[%6.0fs] play %d/%zu closed %d | chunks %" PRIu64 " (%.1f/s) new %" PRIu64 " (%.1f/s) resent %" PRIu64
               " | pull-backs %" PRIu64 " | moves %.0f/s%s\n",
               now.t, now.in_play, bots_.size(), now.closed, now.totals.chunks, per_second(d.chunks, span),
               now.totals.new_chunks, per_second(d.new_chunks, span), now.totals.resent_chunks, now.totals.pullbacks,
               per_second(d.moves, span), window_start_s_ ? " | measuring" : " | warming up");
}

void Fleet::finish(const std::string& why) {
  if (finished_) return;
  finished_ = true;
  end_s_ = now_s();
  ended_by_ = why;
  samples_.push_back(sample_now());
  for (auto& bot : bots_) end_phases_.push_back(bot->phase());
  for (auto& bot : bots_) bot->close("the run ended");
  boost::system::error_code ignored;
  signals_.cancel(ignored);
  io_.stop();
}

}  // namespace hz::bots
