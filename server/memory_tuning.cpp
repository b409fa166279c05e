#include "server/memory_tuning.h"

#include <malloc.h>

namespace hz {

void keep_large_blocks_mapped() {
  // Blocks under 32 MiB (glibc's largest mmap threshold) come from the arenas, and an arena's
  // free top is trimmed only beyond 64 MiB. Both calls only tune: failure changes nothing else.
  mallopt(M_MMAP_THRESHOLD, 32 << 20);
  mallopt(M_TRIM_THRESHOLD, 64 << 20);
}

}  // namespace hz
