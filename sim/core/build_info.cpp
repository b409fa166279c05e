#include "sim/core/build_info.h"

namespace hz {

const char* build_id() { return HZ_BUILD_ID; }

}  // namespace hz
