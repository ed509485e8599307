#!/bin/bash
# mktree.sh DEST [split]: the quick tier's tree, tests/data/tree, made
# writable in DEST (ft_data_tree of tests/lib/faketree.sh says how).
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/../lib/lib.sh"
. "$KBP_TESTS_DIR/lib/faketree.sh"
ft_data_tree "$@"
