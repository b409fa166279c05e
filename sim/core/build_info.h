// The build's identity (the commit it was built from), for trace headers and crash reports.
// Defined in one source file so a new commit recompiles only that file.
#pragma once

namespace hz {

const char* build_id();

}  // namespace hz
