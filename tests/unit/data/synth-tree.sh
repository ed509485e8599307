#!/bin/bash
# Writes a small packed build directory (what pack would make of an x86_64
# kernel) with no kernel behind it: the files the shipped manifests require,
# host programs as shell stubs.
# Usage: synth-tree.sh DIR VERSION.PATCHLEVEL CONFIG_LINE...
#   synth-tree.sh /tmp/b 6.14 CONFIG_MODVERSIONS=y CONFIG_GENDWARFKSYMS=y
# Programs follow the config: genksyms for MODVERSIONS without
# GENDWARFKSYMS, gendwarfksyms for GENDWARFKSYMS; scripts/module-common.c
# from 6.12 on.
set -eu
. "$(dirname "$0")/../../lib/faketree.sh"
dir=$1 ver=$2
shift 2
mkdir -p "$dir"
cd "$dir"
put() { ft_put "$@"; }
prog() { ft_prog "$1"; }
has() { local sym=$1; shift; printf '%s\n' "$@" | grep -qx "$sym=y"; }
config=$(printf '%s\\n' CONFIG_X86=y CONFIG_64BIT=y CONFIG_MODULES=y "$@")

put Makefile "VERSION = ${ver%.*}\nPATCHLEVEL = ${ver#*.}\nSUBLEVEL = 0\n"
put GNUmakefile "# the installed-tree guard (manifests/files)\n"
put .config "#\n# Linux/x86_64 $ver.0 Kernel Configuration\n#\n$config"
put include/config/auto.conf "$config"
put include/config/kernel.release "$ver.0-synth\n"
put include/generated/autoconf.h "#define CONFIG_MODULES 1\n"
put include/generated/utsrelease.h "#define UTS_RELEASE \"$ver.0-synth\"\n"
put include/linux/module.h "/* module.h */\n"
put arch/x86/Makefile "# arch Makefile\n"
put arch/x86/include/asm/module.h "/* asm/module.h */\n"
put arch/x86/include/generated/asm/orc_hash.h "/* generated */\n"
put scripts/Makefile.build "# Makefile.build\n"
put scripts/module.lds "SECTIONS { }\n"
put scripts/mod/devicetable-offsets.h "/* offsets */\n"
put Module.symvers "0x4829a47e\tmemcpy\tvmlinux\tEXPORT_SYMBOL\t\n"
# fixdep as a real program of this machine: verify checks ELF programs' machine.
mkdir -p scripts/basic && cp /bin/true scripts/basic/fixdep
prog scripts/mod/modpost
[ "$(printf '%s\n' "$ver" 6.12 | sort -V | head -n1)" = 6.12 ] && put scripts/module-common.c "/* 6.12+ */\n"
if has CONFIG_GENDWARFKSYMS "$@"; then
	prog scripts/gendwarfksyms/gendwarfksyms
elif has CONFIG_MODVERSIONS "$@"; then
	prog scripts/genksyms/genksyms
fi
ft_mtimes . 1000000000
