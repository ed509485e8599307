// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "inspect/diff.h"

#include <string.h>

#include "kernel/kelf.h"
#include "shared/alloc.h"
#include "shared/name.h"
#include "shared/path.h"
#include "inspect/packed-tree.h"

static const char *type_name(enum entry_type t)
{
	return t == ENTRY_FILE ? "file" : t == ENTRY_LINK ? "symlink" : "directory";
}

/* What differs between two entries of one path, or NULL. Times are not
 * compared: two packs of one tree differ in them unless SOURCE_DATE_EPOCH
 * is set, and a package's are its own. */
static char *entry_diff(const struct tree_file *x, const struct tree_file *y)
{
	if (x->type != y->type)
		return xasprintf("%s in A, %s in B", type_name(x->type), type_name(y->type));
	if (x->type == ENTRY_LINK)
		return strcmp(x->target, y->target) ? xasprintf("link target %s in A, %s in B", x->target, y->target) : NULL;
	if (x->type != ENTRY_FILE)
		return NULL;
	if (x->size != y->size || memcmp(x->sha256, y->sha256, SHA256_LEN))
		return xasprintf("content: %lld bytes in A, %lld bytes in B", (long long)x->size, (long long)y->size);
	/* Only the executable bit matters to make; the rest is packaging. */
	if ((x->mode & 0100) != (y->mode & 0100))
		return xasprintf("mode %04o in A, %04o in B", (unsigned)x->mode, (unsigned)y->mode);
	return NULL;
}

/* The next section of k from *i on that is neither debug info nor the
 * section name table (which lists the debug sections' names too); sets
 * *debug when it passed a debug section. 0 at the end. */
static size_t next_kept(const struct kelf *k, size_t i, bool *debug)
{
	for (; i < kelf_nsections(k); i++) {
		if (i == kelf_ehdr(k)->e_shstrndx)
			continue;
		if (!kelf_is_debug_section(kelf_section_name(k, i)))
			return i;
		*debug = true;
	}
	return 0;
}

static bool same_section(const struct kelf *a, size_t i, const struct kelf *b, size_t j)
{
	GElf_Shdr x, y;
	const uint8_t *px, *py;
	size_t lx, ly;

	if (kelf_shdr(a, i, &x) < 0 || kelf_shdr(b, j, &y) < 0 || strcmp(kelf_section_name(a, i), kelf_section_name(b, j)) ||
	    x.sh_type != y.sh_type || x.sh_flags != y.sh_flags || x.sh_addr != y.sh_addr || x.sh_size != y.sh_size)
		return false;
	if (x.sh_type == SHT_NOBITS)
		return true;
	return kelf_section_bytes(a, i, &px, &lx) == 0 && kelf_section_bytes(b, j, &py, &ly) == 0 && lx == ly &&
	       !memcmp(px, py, lx);
}

/* Is full the file stripped is, plus debug sections (strip: debug)? The
 * same machine, type and entry, and every other section the same. */
static bool stripped_of(const char *full, const char *stripped)
{
	_cleanup_kelf_ struct kelf *a = NULL, *b = NULL;
	bool debug_a = false, debug_b = false;
	size_t i = 1, j = 1;

	if (kelf_open(full, &a) < 0 || kelf_open(stripped, &b) < 0)
		return false;
	if (memcmp(kelf_ehdr(a)->e_ident, kelf_ehdr(b)->e_ident, EI_NIDENT) ||
	    kelf_ehdr(a)->e_type != kelf_ehdr(b)->e_type || kelf_ehdr(a)->e_machine != kelf_ehdr(b)->e_machine ||
	    kelf_ehdr(a)->e_entry != kelf_ehdr(b)->e_entry)
		return false;
	for (;;) {
		i = next_kept(a, i, &debug_a);
		j = next_kept(b, j, &debug_b);
		if (!i || !j || !same_section(a, i, b, j))
			break;
		i++, j++;
	}
	return !i && !j && debug_a && !debug_b;
}

/* "WHAT: PATH" or "WHAT: PATH (DETAIL)", one line whatever the names hold
 * (shared/name.h; a link target is in DETAIL). */
static void print_line(FILE *out, const char *what, const char *rel, const char *detail)
{
	_cleanup_free_ char *r = name_escape(rel), *d = detail ? name_escape(detail) : NULL;

	fprintf(out, "%s: %s%s%s%s\n", what, r, d ? " (" : "", d ? d : "", d ? ")" : "");
}

/* "stripped in B: PATH (...)" when one of two differing files is the other
 * without its debug sections: what a module build reads of them is the
 * same, so it is told but not counted. */
static bool print_stripped(const char *da, const char *db, const struct tree_file *x, const struct tree_file *y,
			   FILE *out)
{
	_cleanup_free_ char *pa = path_join(da, x->rel), *pb = path_join(db, y->rel);
	char which = stripped_of(pa, pb) ? 'B' : stripped_of(pb, pa) ? 'A' : 0;

	if (which) {
		_cleanup_free_ char *what = xasprintf("stripped in %c", which);
		_cleanup_free_ char *d = xasprintf("debug sections: %lld bytes in A, %lld bytes in B", (long long)x->size,
						   (long long)y->size);

		print_line(out, what, x->rel, d);
	}
	return which;
}

static int compare(const char *da, const struct tree_view *a, const char *db, const struct tree_view *b, FILE *out)
{
	size_t i = 0, j = 0;
	int n = 0;

	while (i < a->n || j < b->n) {
		int c = i == a->n ? 1 : j == b->n ? -1 : strcmp(a->v[i].rel, b->v[j].rel);

		if (c < 0) {
			if (a->v[i].type != ENTRY_DIR)
				print_line(out, "only in A", a->v[i].rel, NULL), n++;
			i++;
		} else if (c > 0) {
			if (b->v[j].type != ENTRY_DIR)
				print_line(out, "only in B", b->v[j].rel, NULL), n++;
			j++;
		} else {
			_cleanup_free_ char *d = entry_diff(&a->v[i], &b->v[j]);
			if (d && !(a->v[i].type == ENTRY_FILE && b->v[j].type == ENTRY_FILE &&
				   print_stripped(da, db, &a->v[i], &b->v[j], out)))
				print_line(out, "differs", a->v[i].rel, d), n++;
			i++, j++;
		}
	}
	return n;
}

int kbp_diff(const char *a, const char *b, const struct packed_opts *o, FILE *out)
{
	struct packed_tree sa, sb;
	struct tree_view va = { 0 }, vb = { 0 };
	int r;

	r = packed_open(a, o, &sa);
	if (r < 0)
		return r;
	r = packed_open(b, o, &sb);
	if (r < 0) {
		packed_close(&sa);
		return r;
	}
	r = tree_walk(sa.build, true, &va);
	if (r == 0)
		r = tree_walk(sb.build, true, &vb);
	if (r == 0)
		r = compare(sa.build, &va, sb.build, &vb, out);
	tree_view_release(&va);
	tree_view_release(&vb);
	packed_close(&sa);
	packed_close(&sb);
	return r;
}
