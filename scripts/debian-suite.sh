#!/bin/bash
# debian-suite.sh SERIES: the Debian suite whose linux-source-SERIES the
# fixtures take ("host" for the series Debian 12 itself ships, installed
# by apt into /usr/src; other suites are reached by scripts/fetch-deb.sh
# without touching the host).
# debian-suite.sh --native SERIES: the suite whose own kernel is of SERIES,
# whose *-dkms packages build for it (Debian 12's 6.12 is a backport:
# bookworm's dkms packages predate it).
# The one table of series and suites.
set -euo pipefail
native=
[ "${1:-}" != --native ] || { native=1; shift; }
[ $# -eq 1 ] || { echo "usage: $0 [--native] SERIES" >&2; exit 2; }
case "$1" in
    6.1) echo host ;;
    6.12) if [ -n "$native" ]; then echo trixie; else echo host; fi ;;
    7.2) echo forky ;;
    5.10) echo bullseye ;;
    *) echo "debian-suite: no Debian suite known for series $1" >&2; exit 2 ;;
esac
