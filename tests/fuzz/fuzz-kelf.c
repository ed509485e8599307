// SPDX-License-Identifier: GPL-2.0-or-later
/* libFuzzer target: kelf on arbitrary bytes, walking everything
 * kbuild-modpost reads (sections, symbols, symbol data, relocations). */
#include <stdint.h>
#include <string.h>

#include "kernel/kelf.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kelf *k = NULL;
	volatile unsigned sink = 0;

	if (kelf_open_mem(data, size, &k) < 0)
		return 0;
	for (size_t i = 0; i < kelf_nsections(k) && i < 4096; i++) {
		GElf_Shdr sh;
		const uint8_t *p;
		size_t len;

		if (kelf_shdr(k, i, &sh) < 0)
			continue;
		sink += (unsigned)strlen(kelf_section_name(k, i));
		if (kelf_section_bytes(k, i, &p, &len) == 0 && len)
			sink += p[len - 1];
		for (size_t r = 0; r < kelf_nrelocs(k, i) && r < 4096; r++) {
			GElf_Rela rela;
			if (kelf_reloc(k, i, r, &rela) == 0)
				sink += (unsigned)rela.r_offset;
		}
	}
	if (kelf_symtab(k) == 0) {
		for (size_t i = 0; i < kelf_nsyms(k) && i < 65536; i++) {
			GElf_Sym sym;
			size_t shndx;
			const char *name;
			const uint8_t *p;

			if (kelf_sym(k, i, &sym, &shndx, &name) < 0)
				continue;
			sink += (unsigned)strlen(name);
			if (kelf_sym_bytes(k, shndx, sym.st_value, sym.st_size, &p) == 0 && sym.st_size)
				sink += (unsigned)kelf_read_uint(k, p, sym.st_size >= 8 ? 8 : sym.st_size);
		}
	}
	kelf_free(k);
	(void)sink;
	return 0;
}
