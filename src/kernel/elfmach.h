/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ELF machines (EM_*) by the names users and distributions give them:
 * uname -m, Debian architectures, kernel ARCH. */
#pragma once

#include <elf.h>
#include <stdint.h>

#ifndef EM_LOONGARCH
#define EM_LOONGARCH 258 /* glibc's elf.h has it since 2.36 */
#endif

/* EM_* for a machine name; -EINVAL when unknown. */
int elf_machine_from_name(const char *name, uint16_t *em);
/* The canonical name of an EM_* value, or "unknown". */
const char *elf_machine_name(uint16_t em);
