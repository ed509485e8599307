// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "inspect/diff.h"

#include <string.h>

#include "shared/alloc.h"
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

static int compare(const struct tree_view *a, const struct tree_view *b, FILE *out)
{
	size_t i = 0, j = 0;
	int n = 0;

	while (i < a->n || j < b->n) {
		int c = i == a->n ? 1 : j == b->n ? -1 : strcmp(a->v[i].rel, b->v[j].rel);

		if (c < 0) {
			if (a->v[i].type != ENTRY_DIR)
				fprintf(out, "only in A: %s\n", a->v[i].rel), n++;
			i++;
		} else if (c > 0) {
			if (b->v[j].type != ENTRY_DIR)
				fprintf(out, "only in B: %s\n", b->v[j].rel), n++;
			j++;
		} else {
			_cleanup_free_ char *d = entry_diff(&a->v[i], &b->v[j]);
			if (d)
				fprintf(out, "differs: %s (%s)\n", a->v[i].rel, d), n++;
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
		r = compare(&va, &vb, out);
	tree_view_release(&va);
	tree_view_release(&vb);
	packed_close(&sa);
	packed_close(&sb);
	return r;
}
