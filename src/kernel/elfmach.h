/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ELF machines (EM_*) by the names users and distributions give them:
 * uname -m, Debian architectures, kernel ARCH. */
#pragma once

#include <elf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifndef EM_LOONGARCH
#define EM_LOONGARCH 258 /* glibc's elf.h has it since 2.36 */
#endif

/* The canonical name of an EM_* value, or "unknown". */
const char *elf_machine_name(uint16_t em);

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
/* "ppc64le (21, 64-bit little-endian)" into buf; returns buf. */
const char *elf_machine_describe(uint16_t em, uint8_t elfclass, uint8_t data, char *buf, size_t size);
