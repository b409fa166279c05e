// All bots of one run: joins them one per interval, ticks them 20 times a second, opens the
// measurement window after the warm-up, prints progress lines and stops after the duration.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tools/bots/asio.h"
#include "tools/bots/bot.h"
#include "tools/bots/counters.h"

namespace hz::bots {

// The whole fleet at one moment, for progress lines and the summary's time series.
struct Sample {
  double t = 0;
  int in_play = 0;
  int closed = 0;
  Counters totals;
};

class Fleet {
 public:
  Fleet(boost::asio::io_context& io, BotContext& context);

  // Runs until the duration has passed or a signal arrives.
  void run();

  const std::vector<std::unique_ptr<Bot>>& bots() const { return bots_; }
  const BotContext& context() const { return context_; }
  std::optional<double> window_start_s() const { return window_start_s_; }
  // Per bot, its counters when the window opened (zeros for bots that joined later).
  const std::vector<Counters>& window_base() const { return window_base_; }
  double end_s() const { return end_s_; }
  const std::string& ended_by() const { return ended_by_; }
  // Per bot, its phase just before the run closed every connection.
  const std::vector<Phase>& end_phases() const { return end_phases_; }
  const std::vector<Sample>& samples() const { return samples_; }
  Sample sample_now() const;

 private:
  void schedule_join(size_t next);
  void schedule_tick();
  void schedule_progress();
  void open_window();
  void print_progress(const Sample& now, const Sample& before) const;
  void finish(const std::string& why);
  double now_s() const;

  boost::asio::io_context& io_;
  BotContext& context_;
  std::vector<std::unique_ptr<Bot>> bots_;
  boost::asio::steady_timer join_timer_;
  boost::asio::steady_timer tick_timer_;
  boost::asio::steady_timer progress_timer_;
  boost::asio::steady_timer window_timer_;
  boost::asio::steady_timer end_timer_;
  boost::asio::signal_set signals_;
  Clock::time_point next_tick_;
  std::optional<double> window_start_s_;
  std::vector<Counters> window_base_;
  std::vector<Sample> samples_;
  double end_s_ = 0;
  std::string ended_by_;
  std::vector<Phase> end_phases_;
  bool finished_ = false;
};

}  // namespace hz::bots
