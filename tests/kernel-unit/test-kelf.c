// SPDX-License-Identifier: GPL-2.0-or-later
/* kelf on its own executable and on garbage. */
#include <errno.h>

#include "kernel/kelf.h"
#include "testsuite.h"

DEFINE_TEST(test_self)
{
	struct kelf_ident id;

	assert_true(kelf_ident_path("/proc/self/exe", &id) == 0);
	assert_true(id.type == ET_EXEC || id.type == ET_DYN);
	assert_true(id.elfclass == ELFCLASS64 || id.elfclass == ELFCLASS32);
}

DEFINE_TEST(test_garbage)
{
	static const char junk[] = "this is not an ELF file at all, not even close......................";
	struct kelf *k = NULL;
	unsigned char hdr[64] = { 0x7f, 'E', 'L', 'F', 2, 1, 1 };

	assert_true(kelf_open_mem(junk, sizeof(junk), &k) == -ENOEXEC);
	assert_true(kelf_open_mem(hdr, 10, &k) < 0);
	/* a header that claims sections far beyond the end */
	hdr[16] = ET_REL;
	hdr[40] = 0xff; hdr[41] = 0xff; hdr[42] = 0xff; /* e_shoff */
	hdr[60] = 5; /* e_shnum */
	if (kelf_open_mem(hdr, sizeof(hdr), &k) == 0) {
		assert_true(kelf_symtab(k) < 0);
		kelf_free(k);
	}
	assert_true(kelf_open("/nonexistent/x.o", &k) == -ENOENT);
}
