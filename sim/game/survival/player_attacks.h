// A player's melee attacks (docs/rules/combat.md §1-2): the attack packet's checks, the attack
// strength each player charges, and Player.attack's hit on a mob or on another player.
#pragma once

#include <cstdint>
#include <functional>
#include <map>

#include "sim/game/mobs/combat_rules.h"
#include "sim/game/mobs/mobs.h"
#include "sim/game/ports.h"
#include "sim/game/sessions.h"

namespace hz {

class PlayerAttacks final : public PlayerListener, public PlayerLifeObserver {
 public:
  // Player.attack's food exhaustion for a hit that lands.
  static constexpr float kAttackExhaustion = 0.1f;

  PlayerAttacks(PlayerConnections& connections, Mobs& mobs, PlayerDamage& damage, FoodExhaustion& exhaustion,
                const ClientLoading& loading);

  // What movement knows of the attacker: whether it sprints (a sprinting full-strength hit knocks
  // back more), and ending the sprint after such a hit (Player.causeExtraKnockback).
  void set_sprinting(std::function<bool(ConnId)> sprinting, std::function<void(ConnId)> stop_sprinting) {
    sprinting_ = std::move(sprinting);
    stop_sprinting_ = std::move(stop_sprinting);
  }
  // ServerPlayer.getKnownMovement (movement keeps it from the accepted moves): a sword sweeps only
  // at walking pace.
  void set_known_movement(std::function<Vec3(ConnId)> known) { known_movement_ = std::move(known); }
  // Entities no one may attack (item entities, experience orbs): an attack on one disconnects.
  void set_unattackable(std::function<bool(int32_t)> unattackable) { unattackable_ = std::move(unattackable); }
  // What a hit costs the weapon (optional).
  void set_item_wear(ItemWear* wear) { wear_ = wear; }
  // Where the attack sounds go (docs/rules/sounds.md §3); unheard without it.
  void set_sounds(LevelSounds* sounds) { sounds_ = sounds; }

  // PlayerListener
  void on_join(Player& player) override;
  // A respawn makes a new player entity, whose charge starts afresh.
  void on_player_respawned(Player& player) override;
  void on_leave(Player& player) override;
  void on_attack(Player& player, int32_t entity_id) override;
  // ServerPlayer.swing resets the attack strength: a swing at the air or at a block leaves the
  // next attack weak.
  void on_swing(Player& player, int32_t hand) override;
  // Player.tick for each player in join order: the ticker counts up, and a new item in the main
  // hand starts it again.
  void tick() override;

  // Ticks since the player's last attack, swing or item change (attackStrengthTicker).
  int attack_strength_ticker(ConnId conn) const;
  uint64_t hash() const;
  template <class Io>
  void state_fields(Io& io) {
    io(charges_);
  }

 private:
  struct Charge {
    int ticker = 0;
    int32_t last_item = 0;  // lastItemInMainHand's item (0, air, for an empty hand)
    template <class Io>
    void state_fields(Io& io) {
      io(ticker, last_item);
    }
  };
  // A player's box in its pose (standing or crouching).
  static Aabb player_box(const Player& player);
  // handleAttack's reach: the eyes within the interaction range plus the server's tolerance.
  static bool within_reach(const Player& player, const Aabb& target);
  // Player.attack after the checks; true when the hit landed.
  bool attack(Player& player, Charge& charge, Mob* mob, Player* victim);
  // doSweepAttack: the living entities beside the target (not the attacker, not the target, not
  // spectators) within 3 blocks of the attacker take 1 damage scaled by the attack strength and a
  // push along the attacker's look; mobs in id order, then players in join order.
  void sweep(const Player& player, const Aabb& target_box, float strength, const Mob* mob, const Player* victim);
  // EnchantmentHelper.doPostAttackEffects for the mob or player the weapon hurt: Fire Aspect sets
  // it alight (docs/rules/burning.md §4).
  void post_attack_effects(const Player& player, Mob* mob, const Player* victim);
  void play_sound(const Player& player, int32_t sound);

  PlayerConnections& connections_;
  Mobs& mobs_;
  PlayerDamage& damage_;
  FoodExhaustion& exhaustion_;
  ItemWear* wear_ = nullptr;
  LevelSounds* sounds_ = nullptr;
  const ClientLoading& loading_;
  std::function<bool(ConnId)> sprinting_;
  std::function<void(ConnId)> stop_sprinting_;
  std::function<bool(int32_t)> unattackable_;
  std::function<Vec3(ConnId)> known_movement_;
  std::map<ConnId, Charge> charges_;
};

}  // namespace hz
