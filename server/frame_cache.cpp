#include "server/frame_cache.h"

namespace hz {

SharedBytes FrameCache::frame(const SharedBytes& body, int32_t threshold, FrameEncoder& encoder, std::string& error) {
  const auto key = std::make_pair(body.get(), threshold);
  {
    std::lock_guard lock(mutex_);
    auto it = entries_.find(key);
    if (it != entries_.end() && it->second.body.lock() == body) return it->second.frame;
  }
  Bytes frame;  // built outside the lock: compression is the slow part
  if (Status s = encoder.append(*body, threshold, frame); !s) {
    error = s.error();
    return nullptr;
  }
  SharedBytes shared = share(std::move(frame));
  std::lock_guard lock(mutex_);
  entries_.insert_or_assign(key, Entry{body, shared});
  if (++inserted_since_sweep_ >= kSweepEvery) sweep();
  return shared;
}

void FrameCache::sweep() {
  inserted_since_sweep_ = 0;
  std::erase_if(entries_, [](const auto& entry) { return entry.second.body.expired(); });
}

size_t FrameCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

}  // namespace hz
