// Tunes the C library's allocator for Horizon's programs (the server, horizon-trace, horizon-sim):
// called first thing in main(), before any thread starts.
#pragma once

namespace hz {

// Keeps the pages of large freed blocks for the next allocation instead of handing them back to
// the system each time. Light volumes, chunk encodings and job buffers of a few megabytes come
// and go many times a second; returned and faulted in again, their pages cost several percent
// of a replay's CPU time. Retains at most 64 MiB of free memory per arena.
void keep_large_blocks_mapped();

}  // namespace hz
