#include "server/thread_name.h"

#include <pthread.h>

namespace hz {

void name_this_thread(const std::string& name) {
  // The main thread keeps the process's name: renaming it would rename the process in ps.
  pthread_setname_np(pthread_self(), name.substr(0, 15).c_str());
}

}  // namespace hz
