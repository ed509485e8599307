#!/bin/bash
# debian-suite.sh SERIES: the Debian suite whose linux-source-SERIES the
# fixtures take ("host" for the series Debian 12 itself ships, installed
# by apt into /usr/src; other suites are reached by scripts/fetch-deb.sh
# without touching the host). The one table of series and suites.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 SERIES" >&2; exit 2; }
case "$1" in
    6.1|6.12) echo host ;;
    7.2) echo forky ;;
    5.10) echo bullseye ;;
    *) echo "debian-suite: no Debian suite known for series $1" >&2; exit 2 ;;
esac
