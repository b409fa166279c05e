// Player files in the running game (vanilla's PlayerDataStorage as PlayerList uses it): a joining
// player's file is read through a storage job during configuration and handed to the join; every
// player's file is written when they leave and at every save (docs/rules/player-data.md).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "sim/core/effects.h"
#include "sim/core/inputs.h"
#include "sim/game/player_data.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class PlayerSaves final : public PlayerStorage, public PlayerListener {
 public:
  // Job ids of player reads start here, far above the chunk map's own counter, so that the two
  // never meet and a result finds its owner by id alone.
  static constexpr JobId kFirstJobId = JobId{1} << 56;

  PlayerSaves(EffectSink& effects, ServerLog& log);

  // PlayerStorage
  void begin_load(ConnId conn, const Uuid& uuid, const std::string& name) override;
  bool load_finished(ConnId conn) const override;
  const SavedPlayer* loaded(ConnId conn) const override;
  void forget(ConnId conn) override;

  // A job result the core routed here; false when it was not a player read.
  bool on_job_completed(const JobCompleted& done);
  // PlayerList.saveAll: every player's file, in join order.
  void save_all(const PlayerConnections& players);
  // PlayerDataStorage.save: the player's file as a whole-file write.
  void save(const Player& player);

  // PlayerListener: the loaded file becomes what later saves start from; leaving saves.
  void on_join(Player& player) override;
  void on_leave(Player& player) override;
  void on_game_mode_changed(Player& player) override;

  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(next_job_, reads_, loads_, kept_);
  }

 private:
  struct Load {
    Uuid uuid;
    std::string name;
    bool finished = false;
    std::optional<nbt::Compound> root;
    std::optional<SavedPlayer> saved;
    uint64_t digest = 0;  // of the bytes read, for the state hash
    template <class Io>
    void state_fields(Io& io) {
      io(uuid, name, finished, root, saved, digest);
    }
  };
  // What a joined player's saves carry over from the file they were loaded from.
  struct Kept {
    nbt::Compound root;
    std::map<int, nbt::Compound> item_tags;
    std::optional<GameMode> previous_game_mode;
    GameMode game_mode = GameMode::kSurvival;
    uint64_t digest = 0;
    template <class Io>
    void state_fields(Io& io) {
      io(root, item_tags, previous_game_mode, game_mode, digest);
    }
  };

  void finish_load(Load& load, const Bytes& result);

  EffectSink& effects_;
  ServerLog& log_;
  JobId next_job_ = kFirstJobId;
  std::map<JobId, ConnId> reads_;
  std::map<ConnId, Load> loads_;
  std::map<ConnId, Kept> kept_;
};

}  // namespace hz
