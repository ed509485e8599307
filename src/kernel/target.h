/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The one owner of what names a target: the kernel's architectures
 * (arch/SRCARCH) with the config symbol, make ARCH and GNU triple that
 * mean each, and the ELF machines by every name users and distributions
 * give them (uname -m, Debian and rpm architectures, make's ARCH). */
#pragma once

#include <elf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/kconfig.h"

#ifndef EM_LOONGARCH
#define EM_LOONGARCH 258 /* glibc's elf.h has it since 2.36 */
#endif

/* SRCARCH from make's ARCH, as the top Makefile maps it (x86_64 -> x86);
 * an ARCH it does not map is its own SRCARCH. */
const char *target_srcarch_of_arch(const char *arch);
/* SRCARCH from the symbol each arch/SRCARCH/Kconfig defines (CONFIG_X86);
 * NULL when none, or two (a forged config, not a kernel's). */
const char *target_srcarch_of_config(const struct kconfig *kc);
/* SRCARCH of a GNU target triple's machine, as the tools/ build's
 * HOSTARCH maps it (tools/scripts/Makefile.arch: "aarch64-linux-gnu" ->
 * arm64); NULL when the kernel has no such architecture. */
const char *target_srcarch_of_triple(const char *triple);

/* A machine as a name pins it: EM_*, and ELFCLASS* / ELFDATA2* or 0 when
 * the name leaves them open ("arm", "powerpc"). */
struct elf_machine {
	uint16_t em;
	uint8_t elfclass;
	uint8_t data;
};
/* The machine a name means; -EINVAL when unknown. */
int elf_machine_lookup(const char *name, struct elf_machine *m);
bool elf_machine_matches(const struct elf_machine *want, uint16_t em, uint8_t elfclass, uint8_t data);
/* The canonical name of an EM_* value, or "unknown". */
const char *elf_machine_name(uint16_t em);
/* "ppc64le (21, 64-bit little-endian)" into buf; returns buf. */
const char *elf_machine_describe(uint16_t em, uint8_t elfclass, uint8_t data, char *buf, size_t size);
