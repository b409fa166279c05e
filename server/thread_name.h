// Names the calling thread as `top -H`, perf and gdb show it, so an operator can tell the server's
// threads apart. Linux keeps at most 15 characters; longer names are cut.
#pragma once

#include <string>

namespace hz {

void name_this_thread(const std::string& name);

}  // namespace hz
