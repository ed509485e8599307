// SPDX-License-Identifier: GPL-2.0-or-later
/* mkelf OUT [EM]: writes a bare ELF header of an executable for this
 * machine (or machine number EM): the synthetic tree's host programs.
 * Made at test time, not committed; the same bytes on every build of one
 * machine, so packs and reports of the tree are reproducible. */
#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char *argv[])
{
	Elf64_Ehdr self, h;
	FILE *f = fopen("/proc/self/exe", "rb");

	if (argc < 2 || !f || fread(&self, sizeof(self), 1, f) != 1) {
		fprintf(stderr, "usage: mkelf OUT [EM] (and /proc/self/exe readable)\n");
		return 2;
	}
	fclose(f);
	memset(&h, 0, sizeof(h));
	memcpy(h.e_ident, self.e_ident, EI_NIDENT); /* class, byte order of this machine */
	h.e_type = ET_EXEC;
	h.e_machine = argc > 2 ? (Elf64_Half)strtoul(argv[2], NULL, 0) : self.e_machine;
	h.e_version = EV_CURRENT;
	h.e_ehsize = sizeof(h);
	f = fopen(argv[1], "wb");
	/* An ELF32 header is a prefix of the same layout up to e_machine, which is all readers here look at. */
	if (!f || fwrite(&h, sizeof(h), 1, f) != 1 || fclose(f)) {
		perror(argv[1]);
		return 1;
	}
	return 0;
}
