// SPDX-License-Identifier: GPL-2.0-or-later
#include "kernel/elfmach.h"

#include <errno.h>
#include <string.h>

#include "shared/macro.h"

/* The first name of each machine is its canonical one. */
static const struct {
	const char *name;
	uint16_t em;
} machines[] = {
	{ "x86_64", EM_X86_64 }, { "amd64", EM_X86_64 }, { "x86-64", EM_X86_64 },
	{ "i386", EM_386 }, { "i486", EM_386 }, { "i586", EM_386 }, { "i686", EM_386 }, { "x86", EM_386 },
	{ "aarch64", EM_AARCH64 }, { "arm64", EM_AARCH64 },
	{ "arm", EM_ARM }, { "armhf", EM_ARM }, { "armel", EM_ARM }, { "armv7l", EM_ARM },
	{ "riscv64", EM_RISCV }, { "riscv", EM_RISCV },
	{ "ppc64", EM_PPC64 }, { "ppc64le", EM_PPC64 }, { "ppc64el", EM_PPC64 }, { "powerpc64", EM_PPC64 },
	{ "ppc", EM_PPC }, { "powerpc", EM_PPC },
	{ "s390x", EM_S390 }, { "s390", EM_S390 },
	{ "mips", EM_MIPS }, { "mips64", EM_MIPS }, { "mips64el", EM_MIPS }, { "mipsel", EM_MIPS },
	{ "loongarch64", EM_LOONGARCH }, { "loongarch", EM_LOONGARCH }, { "loong64", EM_LOONGARCH },
	{ "sparc64", EM_SPARCV9 }, { "sparc", EM_SPARC },
};

int elf_machine_from_name(const char *name, uint16_t *em)
{
	for (size_t i = 0; i < ARRAY_SIZE(machines); i++)
		if (!strcmp(name, machines[i].name)) {
			*em = machines[i].em;
			return 0;
		}
	return -EINVAL;
}

const char *elf_machine_name(uint16_t em)
{
	for (size_t i = 0; i < ARRAY_SIZE(machines); i++)
		if (machines[i].em == em)
			return machines[i].name;
	return "unknown";
}
