// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "kernel/target.h"

#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "shared/macro.h"

/* The kernel's architectures, in the order they are tried: um first (its
 * config carries its host's arch symbols too), arm64 before arm (a triple's
 * "arm64" is arm*). */
static const struct {
	const char *srcarch;
	const char *config;	      /* the symbol arch/SRCARCH/Kconfig defines */
	const char *const arches[3];  /* make ARCH values other than SRCARCH that mean it */
	const char *const triples[3]; /* fnmatch globs of a GNU triple's machine */
} kernel_arches[] = {
	{ "um", "CONFIG_UML", { NULL }, { NULL } },
	{ "x86", "CONFIG_X86", { "x86_64", "i386" }, { "i[3-6]86", "x86_64" } },
	{ "arm64", "CONFIG_ARM64", { NULL }, { "aarch64*", "arm64" } },
	{ "arm", "CONFIG_ARM", { NULL }, { "arm*" } },
	{ "riscv", "CONFIG_RISCV", { NULL }, { "riscv*" } },
	{ "powerpc", "CONFIG_PPC", { NULL }, { "powerpc*", "ppc*" } },
	{ "s390", "CONFIG_S390", { NULL }, { "s390*" } },
	{ "loongarch", "CONFIG_LOONGARCH", { NULL }, { "loongarch*" } },
	{ "mips", "CONFIG_MIPS", { NULL }, { "mips*" } },
	{ "sparc", "CONFIG_SPARC", { "sparc64", "sparc32" }, { "sparc*" } },
	{ "parisc", "CONFIG_PARISC", { "parisc64" }, { "hppa*", "parisc*" } },
	{ "sh", "CONFIG_SUPERH", { "sh64" }, { "sh[234]*" } },
	{ "m68k", "CONFIG_M68K", { NULL }, { "m68k" } },
	{ "tile", NULL, { "tilepro", "tilegx" }, { NULL } },
};

const char *target_srcarch_of_arch(const char *arch)
{
	for (size_t i = 0; i < ARRAY_SIZE(kernel_arches); i++)
		for (size_t j = 0; j < ARRAY_SIZE(kernel_arches[i].arches) && kernel_arches[i].arches[j]; j++)
			if (!strcmp(arch, kernel_arches[i].arches[j]))
				return kernel_arches[i].srcarch;
	return arch;
}

const char *target_srcarch_of_config(const struct kconfig *kc)
{
	const char *found = NULL;

	for (size_t i = 0; i < ARRAY_SIZE(kernel_arches); i++) {
		if (!kernel_arches[i].config || !kconfig_enabled(kc, kernel_arches[i].config))
			continue;
		if (found)
			return NULL;
		found = kernel_arches[i].srcarch;
	}
	return found;
}

const char *target_srcarch_of_triple(const char *triple)
{
	char machine[64];
	size_t n = strcspn(triple, "-\n");

	if (n == 0 || n >= sizeof(machine))
		return NULL;
	memcpy(machine, triple, n);
	machine[n] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(kernel_arches); i++)
		for (size_t j = 0; j < ARRAY_SIZE(kernel_arches[i].triples) && kernel_arches[i].triples[j]; j++)
			if (!fnmatch(kernel_arches[i].triples[j], machine, 0))
				return kernel_arches[i].srcarch;
	return NULL;
}

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
