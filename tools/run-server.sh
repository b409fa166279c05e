#!/usr/bin/env bash
# Newcomer's first command: installs what is missing, builds in Release and starts
# horizon-server in ./run with the embedded default configuration (offline, seed 12345).
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
"$here/tools/install-deps.sh"
"$here/tools/build.sh" release
mkdir -p "$here/run"
if [ ! -f "$here/run/server.properties" ]; then
  cp "$here/tools/default-server.properties" "$here/run/server.properties"
fi
cd "$here/run"
exec "$here/build/server/horizon-server" --nogui "$@"
