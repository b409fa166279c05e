// A player's arm swing (LivingEntity.swing and updateSwingTime): whether a swing the client reports
// starts a new one, shown to the players who see it, and its progress each tick.
#pragma once

namespace hz {

struct ArmSwing {
  // SwingAnimation.DEFAULT's duration; no item or effect Horizon has changes it.
  static constexpr int kDuration = 6;

  bool swinging = false;
  int time = 0;  // swingTime

  // LivingEntity.swing: a swing starts unless one is in its first half; true when it does.
  bool start() {
    if (swinging && time < kDuration / 2 && time >= 0) return false;
    time = -1;
    swinging = true;
    return true;
  }
  // LivingEntity.updateSwingTime, once per player tick.
  void tick() {
    if (swinging && ++time >= kDuration) swinging = false;
    if (!swinging) time = 0;
  }

  template <class Io>
  void state_fields(Io& io) {
    io(swinging, time);
  }
};

}  // namespace hz
