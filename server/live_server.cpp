#include "server/live_server.h"

#include <csignal>
#include <random>
#include <thread>

#include "replay/recorder/live_recording.h"
#include "server/auth/online_login.h"
#include "server/console.h"
#include "server/crash_report.h"
#include "server/files.h"
#include "server/inbox.h"
#include "server/jobs/job_router.h"
#include "server/storage/level_files.h"
#include "server/storage/region_storage.h"
#include "server/logger.h"
#include "server/network.h"
#include "server/ops_endpoints.h"
#include "server/server_folder_files.h"
#include "server/system_clock.h"
#include "server/watchdog.h"
#include "server/world_fingerprint.h"
#include "sim/core/check.h"
#include "sim/core/effect_buffer.h"
#include "sim/core/java_format.h"
#include "sim/core/server_files.h"
#include "sim/data/catalog.h"
#include "sim/game/access/access_lists.h"
#include "sim/game/core.h"
#include "sim/game/world/world_streaming.h"

namespace hz {

namespace {

std::atomic<bool> g_signal_stop{false};

void on_signal(int) { g_signal_stop.store(true); }

std::string date_comment() {
  std::time_t t = std::time(nullptr);
  std::tm tm{};
  localtime_r(&t, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, "%a %b %d %H:%M:%S %Z %Y", &tm);
  return buf;
}

std::filesystem::path properties_path(const LaunchOptions& options) {
  return options.properties_file.empty() ? options.folder / "server.properties" : options.properties_file;
}

std::optional<ServerProperties> load_properties(const LaunchOptions& options, Logger& logger) {
  const std::filesystem::path file = properties_path(options);
  auto text = read_text_file(file);
  auto parsed = parse_server_properties(text.value_or(""));
  if (!parsed.properties) {
    logger.error("Failed to load properties from file: " + file.string());
    logger.error(parsed.error->message);
    return std::nullopt;
  }
  ServerProperties props = *parsed.properties;
  if (!text) {
    // Horizon's one default that differs from vanilla: a new server starts offline, so a first
    // start needs no session server (set online-mode=true to authenticate players).
    props.online_mode = false;
    props.raw["online-mode"] = "false";
  }
  // Vanilla writes the file back on every start: keys it lacked appear with their defaults.
  std::string out = write_server_properties(props, date_comment());
  if (auto err = write_file_atomically(file, std::span(reinterpret_cast<const uint8_t*>(out.data()), out.size()), false))
    logger.warn("Failed to save " + file.string() + ": " + *err);
  if (options.port) props.server_port = *options.port;
  if (options.world) props.level_name = *options.world;
  if (options.record_trace) props.record_trace = *options.record_trace;
  return props;
}

class LiveLoop {
 public:
  LiveLoop(Core& core, Inbox& inbox, Network& network, Logger& logger, EffectBuffer& effects,
           ServerThreadState& state, JobRouter& jobs, ServerFolder files)
      : core_(core), inbox_(inbox), network_(network), logger_(logger), effects_(effects), state_(state), jobs_(jobs),
        files_(std::move(files)) {}

  // Hands every pass to the trace recorder as well (when recording).
  void record_with(Recorder* recorder) { recorder_ = recorder; }
  // Posts a status snapshot after every pass for the query and metrics listeners.
  void publish_status_to(StatusPublisher* publisher) { publisher_ = publisher; }
  // Where RCON commands' output goes (the RCON listener's waiting clients).
  void answer_rcon_with(OpsEndpoints* endpoints) { rcon_ = endpoints; }
  // Online mode: who opens encryption responses and asks the session server.
  void log_in_online_with(auth::OnlineLogin* online) { online_ = online; }

  void run() {
    while (!core_.stop_requested() && !g_signal_stop.load()) pass();
  }

  // Passes until the spawn area is loaded (generation jobs run meanwhile), with vanilla's
  // progress lines every half second.
  void prepare_spawn_area() {
    SteadyClock clock;
    int64_t next_log = clock.now_nanos() + 500'000'000;
    while (!g_signal_stop.load()) {
      auto [ready, total] = core_.world().spawn_area_progress();
      if (ready == total) return;
      if (clock.now_nanos() > next_log) {
        next_log += 500'000'000;
        logger_.info("Preparing spawn area: " + std::to_string(ready * 100 / total) + "%");
      }
      pass();
    }
  }

  // One loop pass: the inputs that arrived, the core's iteration, its effects, the wait.
  void pass() {
    SteadyClock wait_clock;
    std::vector<Input> inputs = inbox_.take();
    state_.inputs_in_pass.store(static_cast<int>(inputs.size()));
    std::map<ConnId, size_t> received = Network::received_bytes(inputs);
    state_.phase.store("ticking");
    run_recorded_iteration(core_, std::move(inputs), recorder_);
    network_.release(received);
    state_.phase.store("carrying out effects");
    carry_out_effects();
    state_.tick_count.store(core_.tick_count());
    state_.next_tick_nanos.store(core_.next_tick_nanos());
    state_.milliseconds_per_tick.store(core_.tick_rate().milliseconds_per_tick());
    if (publisher_) publisher_->publish(core_, wait_clock.now_nanos(), state_.inputs_in_pass.load());
    state_.phase.store("waiting for the next tick");
    wait_until(wait_clock, core_.next_tick_nanos());
  }

  void carry_out_effects() {
    std::vector<Effect> connection_effects;
    for (Effect& e : effects_.effects) {
      if (auto* log = std::get_if<LogLine>(&e)) {
        logger_.log("Server thread", log->level, log->text);
      } else if (std::holds_alternative<SendPacket>(e) || std::holds_alternative<EnableCompression>(e) ||
                 std::holds_alternative<CloseConnection>(e)) {
        connection_effects.push_back(std::move(e));
      } else if (auto* job = std::get_if<SubmitJob>(&e)) {
        if (job->kind == kServerFileReadJobKind) read_server_file(*job);
        else jobs_.submit(std::move(*job));
      } else if (auto* write = std::get_if<StorageWrite>(&e)) {
        if (write->folder == StorageFolder::kServer) write_server_file(*write);
        else jobs_.write_file(std::move(*write));
      } else if (auto* reply = std::get_if<RconReply>(&e)) {
        if (rcon_) rcon_->answer_rcon(std::move(*reply));
      } else if (auto* finish = std::get_if<FinishEncryption>(&e)) {
        if (!online_) continue;
        if (auto secret = online_->finish(*finish)) {
          // What the core sent before this effect leaves in plaintext; everything after, encrypted.
          network_.deliver(connection_effects);
          connection_effects.clear();
          network_.start_encryption(finish->conn, std::move(*secret));
        }
      }
    }
    effects_.effects.clear();
    if (!connection_effects.empty()) network_.deliver(connection_effects);
  }

 private:
  // The server folder's small files (ops.json, whitelist.json, the ban lists, keys of
  // server.properties) are read and written on the server thread, as vanilla does; they are a
  // few kilobytes.
  void read_server_file(const SubmitJob& job) {
    inbox_.push(JobCompleted{job.job, read_server_folder_file(files_, job.request)});
  }

  void write_server_file(const StorageWrite& write) {
    if (Status s = write_server_folder_file(files_, write, date_comment()); !s)
      logger_.warn("Could not save " + write.path + ": " + s.error());
  }

  // Vanilla parks the server thread until the next tick; inputs that arrive meanwhile wait for
  // the next pass. Sleep in short steps so a signal is noticed promptly.
  void wait_until(SteadyClock& clock, int64_t deadline) {
    for (;;) {
      int64_t left = deadline - clock.now_nanos();
      if (left <= 0 || g_signal_stop.load()) return;
      std::this_thread::sleep_for(std::chrono::nanoseconds(std::min<int64_t>(left, 50'000'000)));
    }
  }

  Core& core_;
  Inbox& inbox_;
  Network& network_;
  Logger& logger_;
  EffectBuffer& effects_;
  ServerThreadState& state_;
  Recorder* recorder_ = nullptr;
  StatusPublisher* publisher_ = nullptr;
  OpsEndpoints* rcon_ = nullptr;
  auth::OnlineLogin* online_ = nullptr;
  JobRouter& jobs_;
  ServerFolder files_;
};

}  // namespace

int run_live_server(const LaunchOptions& options) {
  SteadyClock clock;
  int64_t start_nanos = clock.now_nanos();
  std::error_code ec;
  std::filesystem::create_directories(options.folder, ec);
  Logger logger(options.folder);
  install_invariant_crash_handler(options.folder, logger);
  // The handler refers to `logger`: restore the default before it goes away.
  struct DefaultHandlerOnExit {
    ~DefaultHandlerOnExit() { set_check_failure_handler(nullptr); }
  } restore_default_handler;
  logger.info("Starting minecraft server version " + std::string(kVersionName));
  logger.info("Loading properties");
  auto props = load_properties(options, logger);
  if (!props) return 1;
  if (props->online_mode && props->proxy_forwarding != ProxyForwarding::kNone) {
    logger.error("online-mode=true and horizon-proxy-forwarding cannot be used together: behind a proxy the "
                 "proxy authenticates players. Set online-mode=false, or horizon-proxy-forwarding=none.");
    return 1;
  }
  std::optional<auth::ServerKey> server_key;
  if (props->online_mode) {
    logger.info("Generating keypair");
    auto key = auth::ServerKey::generate();
    if (!key) {
      logger.error("Failed to generate the server's key pair: " + key.error());
      return 1;
    }
    server_key = std::move(*key);
  }
  if (props->proxy_forwarding == ProxyForwarding::kVelocity && props->proxy_secret.empty()) {
    logger.error("horizon-proxy-forwarding=velocity needs horizon-proxy-secret: set it to the secret in "
                 "Velocity's forwarding.secret file.");
    return 1;
  }
  if (props->proxy_forwarding != ProxyForwarding::kNone)
    logger.info(std::string("Player identities and addresses are taken from a ") +
                (props->proxy_forwarding == ProxyForwarding::kVelocity ? "Velocity" : "BungeeCord") +
                " proxy: only the proxy should be able to reach this port.");
  logger.info(std::string("Default game type: ") + [&] {
    std::string name = game_mode_name(props->gamemode);
    for (char& c : name) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return name;
  }());

  CoreConfig config;
  config.properties = *props;
  if (auto seed = parse_level_seed(props->level_seed)) {
    config.world_seed = *seed;
  } else {
    std::random_device device;  // the shell's choice; the core only ever sees the number
    config.world_seed = static_cast<int64_t>((static_cast<uint64_t>(device()) << 32) | device());
  }
  // An existing world keeps its own seed (26.1 stores it in world_gen_settings.dat).
  const std::filesystem::path world = options.folder / props->level_name;
  std::filesystem::create_directories(world, ec);
  auto lock = SessionLock::acquire(world);
  if (!lock) {
    logger.error("Failed to start the minecraft server: " + lock.error());
    return 1;
  }
  RecordedWorld recorded_world;
  if (props->record_trace) {  // before anything is read or restored: the world as it was found
    auto fingerprint = world_fingerprint(world);
    if (!fingerprint) {
      logger.error("Failed to fingerprint the world for the trace: " + fingerprint.error());
      return 1;
    }
    recorded_world.files_hash = *fingerprint;
  }
  auto level = load_level(world);
  if (!level) {
    logger.error("Failed to load the level \"" + props->level_name + "\": " + level.error());
    return 1;
  }
  if (*level) recorded_world.origin = WorldOrigin::kLoaded;
  if (*level) {
    for (const std::string& note : (*level)->notes) logger.warn(note);
    if (auto bytes = read_binary_file(world / anvil::kWorldGenSettingsPath)) {
      auto settings = anvil::decode_world_gen_settings(*bytes);
      if (settings) config.world_seed = settings->seed;
      else logger.warn("Ignoring world_gen_settings.dat: " + settings.error());
    }
    std::vector<std::string> time_notes;
    config.level_time = load_level_time(world, (*level)->level.time, time_notes);
    for (const std::string& note : time_notes) logger.warn(note);
  }
  // The list files as found ("" when absent); the core writes them back through StorageWrite.
  config.ops_json = read_text_file(options.folder / kOpsFile).value_or("");
  config.whitelist_json = read_text_file(options.folder / kWhitelistFile).value_or("");
  config.banned_players_json = read_text_file(options.folder / kBannedPlayersFile).value_or("");
  config.banned_ips_json = read_text_file(options.folder / kBannedIpsFile).value_or("");
  config.server_icon_png = read_binary_file(options.folder / "server-icon.png").value_or(Bytes{});
  if (server_key) config.server_public_key = server_key->public_der();

  Inbox inbox;
  RegionFilesOptions region_options;
  region_options.world_folder = world;
  region_options.sync_writes = props->sync_chunk_writes;
  // Validated when the file was read: one of deflate, none, lz4.
  if (auto codec = anvil::chunk_codec_from_option(props->region_file_compression)) region_options.codec = *codec;
  RegionStorage storage(
      region_options, [&inbox](JobCompleted done) { inbox.push(std::move(done)); },
      [&logger](LogLevel level, const std::string& text) { logger.log("IO-Worker", level, text); });
  storage.start();
  JobRouter jobs(
      inbox, resolve_worker_threads(props->worker_threads, std::thread::hardware_concurrency()),
      [&storage](SubmitJob job) { storage.submit(std::move(job)); },
      [&storage](StorageWrite write) { storage.write_file(std::move(write)); });
  Network network(inbox, logger);
  std::optional<auth::OnlineLogin> online;
  if (server_key) online.emplace(std::move(*server_key), *props, [&inbox](SessionAnswer a) { inbox.push(std::move(a)); });
  logger.info("Starting Minecraft server on " + (props->server_ip.empty() ? std::string("*") : props->server_ip) +
              ":" + std::to_string(props->server_port));
  if (auto err = network.listen(props->server_ip, props->server_port)) {
    logger.warn("**** FAILED TO BIND TO PORT!");
    logger.warn("The exception was: " + *err);
    logger.warn("Perhaps a server is already running on that port?");
    return 1;
  }
  logger.info("Preparing level \"" + props->level_name + "\"");

  EffectBuffer effects;
  LiveRecording recording(config, recorded_world, options.folder, clock, effects);
  if (!recording.error().empty()) {
    logger.error(recording.error());
    return 1;
  }
  if (recording.active()) logger.info(recording.message());
  config.digest_passes = recording.active();  // only a trace reads the passes' digests
  Core core(config, recording.core_clock(), recording.core_sink());
  ServerThreadState state;
  core.start();
  if (recording.active()) recording.recorder()->started();
  state.next_tick_nanos.store(core.next_tick_nanos());
  LiveLoop loop(core, inbox, network, logger, effects, state, jobs, ServerFolder{options.folder, properties_path(options)});
  loop.record_with(recording.recorder());
  OpsEndpoints endpoints(*props, network, inbox, logger);
  loop.publish_status_to(&endpoints.publisher());
  loop.answer_rcon_with(&endpoints);
  endpoints.watch_recorder(recording.recorder());
  if (online) loop.log_in_online_with(&*online);
  loop.carry_out_effects();
  logger.info("Selecting global world spawn...");
  int64_t prepare_start = clock.now_nanos();
  loop.prepare_spawn_area();
  logger.info("Time elapsed: " + std::to_string((clock.now_nanos() - prepare_start) / 1'000'000) + " ms");

  std::signal(SIGINT, on_signal);
  std::signal(SIGTERM, on_signal);
  network.start();
  Console console(inbox);
  console.start();
  Watchdog watchdog(state, logger, options.folder, props->max_tick_time, pthread_self());
  watchdog.start();
  endpoints.bind();  // before "Done": a request sent as soon as it is logged waits in the kernel
  logger.info("Done (" + java_fixed(static_cast<double>(clock.now_nanos() - start_nanos) / 1.0e9, 3) +
              "s)! For help, type \"help\"");
  endpoints.start();

  loop.run();

  state.next_tick_nanos.store(INT64_MAX / 2);  // saving is not a stuck tick
  logger.info("Stopping server");
  logger.info("Saving players");
  logger.info("Saving worlds");
  save_everything_recorded(core, recording.recorder());
  loop.carry_out_effects();
  storage.flush();
  storage.stop();
  endpoints.stop();
  network.stop();
  if (recording.active()) logger.info(recording.finish());
  logger.info("ThreadedAnvilChunkStorage: All dimensions are saved");
  return 0;
}

}  // namespace hz
