// SPDX-License-Identifier: GPL-2.0-or-later
#include "kernel/elfmach.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "shared/macro.h"

/* The first name of each machine is its canonical one. A name that
 * implies a word size and byte order gives them (ppc64le is not ppc64,
 * armhf is not aarch64's compat mode); 0 is "either". */
#define L ELFDATA2LSB
#define M ELFDATA2MSB
static const struct {
	const char *name;
	struct elf_machine m;
} machines[] = {
	{ "x86_64", { EM_X86_64, ELFCLASS64, L } }, { "amd64", { EM_X86_64, ELFCLASS64, L } },
	{ "x86-64", { EM_X86_64, ELFCLASS64, L } },
	{ "i386", { EM_386, ELFCLASS32, L } }, { "i486", { EM_386, ELFCLASS32, L } },
	{ "i586", { EM_386, ELFCLASS32, L } }, { "i686", { EM_386, ELFCLASS32, L } }, { "x86", { EM_386, 0, 0 } },
	{ "aarch64", { EM_AARCH64, ELFCLASS64, L } }, { "arm64", { EM_AARCH64, ELFCLASS64, L } },
	{ "armhf", { EM_ARM, ELFCLASS32, L } }, { "arm", { EM_ARM, 0, 0 } }, { "armel", { EM_ARM, ELFCLASS32, L } },
	{ "armv7l", { EM_ARM, ELFCLASS32, L } },
	{ "riscv64", { EM_RISCV, ELFCLASS64, L } }, { "riscv", { EM_RISCV, 0, 0 } },
	{ "ppc64le", { EM_PPC64, ELFCLASS64, L } }, { "ppc64el", { EM_PPC64, ELFCLASS64, L } },
	{ "ppc64", { EM_PPC64, ELFCLASS64, M } }, { "powerpc64", { EM_PPC64, 0, 0 } },
	{ "ppc", { EM_PPC, ELFCLASS32, M } }, { "powerpc", { EM_PPC, 0, 0 } },
	{ "s390x", { EM_S390, ELFCLASS64, M } }, { "s390", { EM_S390, 0, 0 } },
	{ "mips64el", { EM_MIPS, ELFCLASS64, L } }, { "mips64", { EM_MIPS, ELFCLASS64, M } },
	{ "mipsel", { EM_MIPS, ELFCLASS32, L } }, { "mips", { EM_MIPS, 0, 0 } },
	{ "loongarch64", { EM_LOONGARCH, ELFCLASS64, L } }, { "loongarch", { EM_LOONGARCH, 0, 0 } },
	{ "loong64", { EM_LOONGARCH, ELFCLASS64, L } },
	{ "sparc64", { EM_SPARCV9, ELFCLASS64, M } }, { "sparc", { EM_SPARC, 0, 0 } },
};
#undef L
#undef M

int elf_machine_lookup(const char *name, struct elf_machine *m)
{
	for (size_t i = 0; i < ARRAY_SIZE(machines); i++)
		if (!strcmp(name, machines[i].name)) {
			*m = machines[i].m;
			return 0;
		}
	return -EINVAL;
}

bool elf_machine_matches(const struct elf_machine *want, uint16_t em, uint8_t elfclass, uint8_t data)
{
	return em == want->em && (!want->elfclass || elfclass == want->elfclass) && (!want->data || data == want->data);
}

const char *elf_machine_name(uint16_t em)
{
	for (size_t i = 0; i < ARRAY_SIZE(machines); i++)
		if (machines[i].m.em == em)
			return machines[i].name;
	return "unknown";
}

const char *elf_machine_describe(uint16_t em, uint8_t elfclass, uint8_t data, char *buf, size_t size)
{
	const char *name = NULL;

	/* the name that says exactly this, else the machine's first name */
	for (size_t i = 0; i < ARRAY_SIZE(machines) && !name; i++)
		if (machines[i].m.em == em && machines[i].m.elfclass == elfclass && machines[i].m.data == data)
			name = machines[i].name;
	snprintf(buf, size, "%s (%u, %s-bit %s-endian)", name ? name : elf_machine_name(em), em,
		 elfclass == ELFCLASS32 ? "32" : elfclass == ELFCLASS64 ? "64" : "?",
		 data == ELFDATA2LSB ? "little" : data == ELFDATA2MSB ? "big" : "?");
	return buf;
}
