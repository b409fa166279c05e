// Snapshot state I/O (sim/game/snapshot/state_io.h): every kind of member reads back exactly,
// short or damaged bytes fail the read, and the systems that declare their state come back with
// the same state hash and go on exactly as the originals.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <bit>
#include <cmath>
#include <limits>

#include "sim/core/rng.h"
#include "sim/game/game_rules.h"
#include "sim/game/snapshot/state_io.h"
#include "tests/game/snapshot_bytes.h"
#include "sim/game/tick_rate.h"
#include "sim/game/tick_scheduler.h"
#include "sim/game/tick_stats.h"
#include "tests/game/core_harness.h"
#include "tests/game/streaming_server.h"

namespace hz {
namespace {

enum class Shade : uint8_t { kLight, kDark = 200 };

struct Inner {
  int16_t a = 0;
  std::optional<std::string> label;
  template <class Io>
  void state_fields(Io& io) {
    io(a, label);
  }
  bool operator==(const Inner&) const = default;
};

struct EveryKind {
  bool flag = false;
  int32_t small = 0;
  int64_t wide = 0;
  uint64_t bits = 0;
  uint8_t byte = 0;
  Shade shade = Shade::kLight;
  float f = 0;
  double d = 0;
  std::string text;
  std::vector<std::string> words;
  std::deque<int64_t> queue;
  std::array<int32_t, 3> three{};
  std::map<int32_t, Inner> by_id;
  std::set<std::pair<int32_t, int32_t>> pairs;
  std::optional<double> maybe;
  template <class Io>
  void state_fields(Io& io) {
    io(flag, small, wide, bits, byte, shade, f, d, text, words, queue, three, by_id, pairs, maybe);
  }
};

// Compares floating point by bits, so NaN payloads and -0 count.
bool same_bits(const EveryKind& x, const EveryKind& y) {
  return x.flag == y.flag && x.small == y.small && x.wide == y.wide && x.bits == y.bits && x.byte == y.byte &&
         x.shade == y.shade && std::bit_cast<uint32_t>(x.f) == std::bit_cast<uint32_t>(y.f) &&
         std::bit_cast<uint64_t>(x.d) == std::bit_cast<uint64_t>(y.d) && x.text == y.text && x.words == y.words &&
         x.queue == y.queue && x.three == y.three && x.by_id == y.by_id && x.pairs == y.pairs &&
         x.maybe.has_value() == y.maybe.has_value() &&
         (!x.maybe || std::bit_cast<uint64_t>(*x.maybe) == std::bit_cast<uint64_t>(*y.maybe));
}

using testing::read_into;
using testing::state_bytes;

EveryKind sample() {
  EveryKind v;
  v.flag = true;
  v.small = std::numeric_limits<int32_t>::min();
  v.wide = -5'000'000'000'000;
  v.bits = std::numeric_limits<uint64_t>::max();
  v.byte = 255;
  v.shade = Shade::kDark;
  v.f = std::bit_cast<float>(0x7fc01234u);  // a NaN with a payload
  v.d = -0.0;
  v.text = std::string("nul\0inside", 10);
  v.words = {"", "two", std::string(300, 'x')};
  v.queue = {1, -1, std::numeric_limits<int64_t>::max()};
  v.three = {7, -8, 9};
  v.by_id = {{-3, Inner{-2, std::nullopt}}, {4, Inner{5, "five"}}};
  v.pairs = {{1, 2}, {-1, -2}};
  v.maybe = std::bit_cast<double>(0xfff0000000000001ull);  // a signalling NaN's bits
  return v;
}

TEST(StateIo, EveryKindOfMemberReadsBackExactly) {
  const EveryKind original = sample();
  EveryKind copy;
  ASSERT_TRUE(read_into(state_bytes(original), copy));
  EXPECT_TRUE(same_bits(original, copy));
}

TEST(StateIo, ReadingReplacesWhatWasThere) {
  EveryKind full = sample();
  ASSERT_TRUE(read_into(state_bytes(EveryKind{}), full));
  EXPECT_TRUE(same_bits(full, EveryKind{}));
}

TEST(StateIo, EveryShortPrefixAndTrailingBytesFailTheRead) {
  const Bytes bytes = state_bytes(sample());
  for (size_t n = 0; n < bytes.size(); ++n) {
    EveryKind v;
    EXPECT_FALSE(read_into(Bytes(bytes.begin(), bytes.begin() + static_cast<ptrdiff_t>(n)), v)) << n;
  }
  Bytes longer = bytes;
  longer.push_back(0);
  EveryKind v;
  EXPECT_FALSE(read_into(longer, v));
}

TEST(StateIo, ANarrowMemberRefusesAValueOutsideItsType) {
  StateWriter w;
  w(int64_t{70000});
  const Bytes bytes = w.take();
  int16_t narrow = 0;
  EXPECT_FALSE(read_into(bytes, narrow));
}

TEST(StateIo, AHugeCountFailsWithoutAllocating) {
  StateWriter w;
  w(int64_t{1} << 60);  // read as the size of the vector below
  std::vector<int64_t> v;
  EXPECT_FALSE(read_into(w.take(), v));
  EXPECT_TRUE(v.empty());
}

RC_GTEST_PROP(StateIo, RandomBytesNeverCrashTheReader, (std::vector<uint8_t> bytes)) {
  EveryKind v;
  (void)read_into(bytes, v);  // fails or succeeds; must not crash, hang or allocate wildly
}

RC_GTEST_PROP(StateIo, RandomValuesReadBackExactly,
              (bool flag, int32_t small, int64_t wide, uint64_t bits, std::string text,
               std::vector<std::string> words, std::vector<int64_t> queue, std::map<int32_t, int16_t> ids)) {
  EveryKind v;
  v.flag = flag, v.small = small, v.wide = wide, v.bits = bits, v.text = text, v.words = words;
  v.queue.assign(queue.begin(), queue.end());
  for (auto [id, a] : ids) v.by_id[id] = Inner{a, std::to_string(a)};
  v.f = std::bit_cast<float>(static_cast<uint32_t>(bits));
  v.d = std::bit_cast<double>(bits);
  EveryKind copy;
  RC_ASSERT(read_into(state_bytes(v), copy));
  RC_ASSERT(same_bits(v, copy));
}

// --- the systems that declare their state ---

template <class T>
void snapshot_into(const T& from, T& to) {
  ASSERT_TRUE(read_into(state_bytes(from), to));
}

TEST(StateIo, TheRandomStreamContinuesWhereItWas) {
  Rng a(42);
  for (int i = 0; i < 5; ++i) a.next_u64();
  Rng b(7);
  snapshot_into(a, b);
  EXPECT_EQ(a.state_hash(), b.state_hash());
  for (int i = 0; i < 100; ++i) ASSERT_EQ(a.next_u64(), b.next_u64());
}

struct QuietRateListener final : TickRateListener {
  void on_ticking_state(float, bool) override {}
  void on_ticking_step(int) override {}
  void on_sprint_report(int, const std::string&) override {}
  void on_tick_rate_changed() override {}
};

TEST(StateIo, TheTickRateSprintAndTheScheduleComeBackWithTheirHashes) {
  testing::LoopClock clock;
  QuietRateListener listener;
  TickRateManager rate(clock, listener);
  rate.set_tick_rate(37.5f);
  rate.request_game_to_sprint(50);
  TickScheduler schedule;
  schedule.start(clock.now);
  for (int i = 0; i < 7; ++i) {
    clock.reads = 0, clock.tick_duration = 3 * testing::kMs;
    schedule.begin_tick(clock, rate);
    rate.tick();
    rate.check_should_sprint_this_tick();
    rate.end_tick_work();
  }
  TickRateManager rate_copy(clock, listener);
  TickScheduler schedule_copy;
  snapshot_into(rate, rate_copy);
  snapshot_into(schedule, schedule_copy);
  EXPECT_EQ(rate.hash(), rate_copy.hash());
  EXPECT_EQ(schedule.hash(), schedule_copy.hash());
  EXPECT_TRUE(rate_copy.is_sprinting());
  EXPECT_EQ(rate_copy.tick_rate(), 37.5f);
  for (int i = 0; i < 60; ++i) {
    ASSERT_EQ(rate.check_should_sprint_this_tick(), rate_copy.check_should_sprint_this_tick()) << i;
    rate.end_tick_work(), rate_copy.end_tick_work();
    ASSERT_EQ(rate.hash(), rate_copy.hash()) << i;
  }
}

TEST(StateIo, TickStatisticsAndGameRulesComeBackWithTheirHashes) {
  TickStats stats;
  for (int64_t tick = 1; tick <= 130; ++tick) stats.record(tick, tick * 1'000 + 17);
  TickStats stats_copy;
  snapshot_into(stats, stats_copy);
  EXPECT_EQ(stats.hash(), stats_copy.hash());
  EXPECT_EQ(stats.sorted(), stats_copy.sorted());
  EXPECT_EQ(stats.average_nanos(130), stats_copy.average_nanos(130));

  GameRules rules;
  rules.set(*rules.find("respawn_radius"), 3);
  rules.set(*rules.find("advance_time"), 0);
  GameRules rules_copy;
  snapshot_into(rules, rules_copy);
  EXPECT_EQ(rules.hash(), rules_copy.hash());
  EXPECT_EQ(rules_copy.get("respawn_radius"), 3);
  EXPECT_FALSE(rules_copy.get_bool("advance_time"));
}

// --- the core's parts ---

std::map<std::string_view, uint64_t> snapshot_part_hashes(const Core& core) {
  std::map<std::string_view, uint64_t> out;
  for (const Core::StatePart& part : core.state_parts())
    out[part.name] = part.hash;
  return out;
}

TEST(CoreSnapshot, TheDeclaredPartsComeBackWithTheirHashes) {
  testing::StreamingServer a{2};
  a.prepare_spawn();
  for (const char* line : {"gamerule respawn_radius 3", "tick rate 30", "weather thunder", "time add 5000"})
    a.pass({ConsoleLine{line}});
  a.join(1, "Alice", 2);
  for (int i = 0; i < 120; ++i) a.pass();
  for (const char* line : {"op Alice", "ban-ip 10.1.2.3", "whitelist add Alice", "kill Alice"}) a.pass({ConsoleLine{line}});
  for (int i = 0; i < 3; ++i) a.h.iterate(3 * testing::kMs);  // ticks that took time, for the statistics

  testing::StreamingServer b{2};
  const auto wanted = snapshot_part_hashes(a.h.core);
  const auto before = snapshot_part_hashes(b.h.core);
  for (std::string_view differs : {"core", "tick_rate", "game_rules", "time", "random", "tick_stats", "digging",
                                   "access", "player_saves", "survival", "inventory", "movement", "sessions",
                                   "tracker"})
    EXPECT_NE(before.at(differs), wanted.at(differs)) << differs;  // so the restore below has work to do

  const Bytes snapshot = a.h.core.write_snapshot_parts();
  ASSERT_TRUE(b.h.core.read_snapshot_parts(snapshot));
  EXPECT_EQ(snapshot_part_hashes(b.h.core), wanted);
  // Every declared member came back, hashed or not: the restored core writes the same bytes.
  EXPECT_EQ(b.h.core.write_snapshot_parts(), snapshot);
  EXPECT_EQ(b.h.core.tick_count(), a.h.core.tick_count());
  EXPECT_EQ(b.h.core.game_rules().get("respawn_radius"), 3);
}

TEST(CoreSnapshot, ShortOrLongSnapshotsAreRefused) {
  testing::StreamingServer a{2};
  for (int i = 0; i < 30; ++i) a.pass();
  const Bytes bytes = a.h.core.write_snapshot_parts();
  testing::StreamingServer b{2};
  for (size_t cut : {size_t{0}, size_t{1}, bytes.size() / 2, bytes.size() - 1})
    EXPECT_FALSE(b.h.core.read_snapshot_parts(std::span(bytes).first(cut))) << cut;
  Bytes longer = bytes;
  longer.push_back(1);
  EXPECT_FALSE(b.h.core.read_snapshot_parts(longer));
  EXPECT_TRUE(b.h.core.read_snapshot_parts(bytes));
}

}  // namespace
}  // namespace hz
