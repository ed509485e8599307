// SPDX-License-Identifier: GPL-2.0-or-later
/* The symbol nearest to a section offset: the 6.12 kernel's symsearch.c
 * (a table of validly named symbols sorted by section, address and index),
 * used to name both ends of a relocation. */
#include <string.h>

#include "kernel/kelf.h"
#include "shared/alloc.h"
#include "modpost.h"

struct mp_syment {
	uint32_t secndx;
	uint32_t symidx;
	uint64_t addr;
};

struct mp_symsearch {
	size_t n;
	struct mp_syment v[];
};

uint32_t mp_sym_secindex(const GElf_Sym *sym, size_t shndx)
{
	/* reserved indices move to UINT_MAX-255..UINT_MAX, as get_secindex() */
	if (sym->st_shndx != SHN_XINDEX && sym->st_shndx >= SHN_LORESERVE)
		return (uint32_t)sym->st_shndx - SHN_HIRESERVE - 1;
	return (uint32_t)shndx;
}

bool mp_is_valid_name(const char *name)
{
	/* include/linux/module_symbol.h: is_mapping_symbol() */
	if (!name[0] || name[0] == '$')
		return false;
	if (name[0] == '.' && name[1] == 'L')
		return false;
	return !(name[0] == 'L' && name[1] == '0');
}

static int syment_cmp(const struct mp_syment *a, const struct mp_syment *b)
{
	if (a->secndx != b->secndx)
		return a->secndx < b->secndx ? -1 : 1;
	if (a->addr != b->addr)
		return a->addr < b->addr ? -1 : 1;
	return a->symidx < b->symidx ? -1 : a->symidx > b->symidx;
}

static int syment_qcmp(const void *a, const void *b)
{
	return syment_cmp(a, b);
}

struct mp_symsearch *mp_symsearch_new(const struct kelf *k)
{
	bool is_arm = kelf_ehdr(k)->e_machine == EM_ARM;
	struct mp_symsearch *s = xmalloc(sizeof(*s) + kelf_nsyms(k) * sizeof(s->v[0]));

	s->n = 0;
	for (size_t i = 0; i < kelf_nsyms(k); i++) {
		GElf_Sym sym;
		size_t shndx;
		const char *name;

		if (kelf_sym(k, i, &sym, &shndx, &name) < 0 || !mp_is_valid_name(name))
			continue;
		s->v[s->n].secndx = mp_sym_secindex(&sym, shndx);
		s->v[s->n].symidx = (uint32_t)i;
		s->v[s->n].addr = sym.st_value;
		/* Thumb functions have bit 0 set in st_value */
		if (is_arm && GELF_ST_TYPE(sym.st_info) == STT_FUNC)
			s->v[s->n].addr &= ~1ULL;
		s->n++;
	}
	if (s->n)
		qsort(s->v, s->n, sizeof(s->v[0]), syment_qcmp);
	/* equal (section, address): report the first symbol of the run */
	for (size_t i = 1; i < s->n; i++)
		if (s->v[i].addr == s->v[i - 1].addr && s->v[i].secndx == s->v[i - 1].secndx)
			s->v[i].symidx = s->v[i - 1].symidx;
	return s;
}

long mp_symsearch_nearest(const struct mp_symsearch *s, uint64_t addr, uint32_t secndx,
			  bool allow_negative, uint64_t min_distance)
{
	struct mp_syment target = { .secndx = secndx, .symidx = UINT32_MAX, .addr = addr };
	size_t lo = 0, hi = s->n;
	long result = -1;

	while (hi > lo) {
		size_t mid = lo + (hi - lo) / 2;

		if (syment_cmp(&s->v[mid], &target) > 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	/* v[hi] is the first entry beyond addr, v[hi - 1] the last at or before;
	 * a tie in distance goes to the lower address */
	if (allow_negative && hi < s->n && s->v[hi].secndx == secndx &&
	    s->v[hi].addr - addr <= min_distance) {
		min_distance = s->v[hi].addr - addr;
		result = s->v[hi].symidx;
	}
	if (hi > 0 && s->v[hi - 1].secndx == secndx && addr - s->v[hi - 1].addr <= min_distance)
		result = s->v[hi - 1].symidx;
	return result;
}
