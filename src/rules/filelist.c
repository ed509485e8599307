// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "rules/filelist.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/timespec.h"
#include "shared/alloc.h"

struct pack_entry *filelist_new_entry(const char *rel, enum entry_type type)
{
	struct pack_entry *e = xcalloc(1, sizeof(*e));

	e->rel = xstrdup(rel);
	e->type = type;
	e->component = COMPONENT_MAIN; /* until a rule says otherwise */
	return e;
}

void filelist_append(struct filelist *fl, struct pack_entry *e)
{
	e->seq = fl->n;
	if (fl->n == fl->cap) {
		fl->cap = fl->cap ? fl->cap * 2 : 1024;
		fl->v = xrealloc(fl->v, fl->cap * sizeof(*fl->v));
	}
	fl->v[fl->n++] = e;
}

struct pack_entry *filelist_add(struct filelist *fl, const char *rel, enum entry_type type)
{
	struct pack_entry *e = filelist_new_entry(rel, type);

	filelist_append(fl, e);
	return e;
}

void filelist_entry_free(struct pack_entry *e)
{
	if (!e)
		return;
	free(e->rel);
	free(e->abs);
	free(e->target);
	free(e);
}

static int by_rel_seq(const void *a, const void *b)
{
	const struct pack_entry *x = *(struct pack_entry *const *)a, *y = *(struct pack_entry *const *)b;
	int c = strcmp(x->rel, y->rel);

	if (c)
		return c;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Bytewise order (as strcmp on unsigned chars); for one path the entry
 * selected last wins, so later rules override earlier ones. */
void filelist_sort_dedup(struct filelist *fl)
{
	size_t o = 0;

	if (fl->n == 0)
		return;
	qsort(fl->v, fl->n, sizeof(*fl->v), by_rel_seq);
	for (size_t i = 0; i < fl->n; i++) {
		if (i + 1 < fl->n && !strcmp(fl->v[i]->rel, fl->v[i + 1]->rel)) {
			fl->v[i + 1]->src_rule_too |= fl->v[i]->src_rule_too || fl->v[i]->origin == ORIGIN_SRC;
			filelist_entry_free(fl->v[i]);
			continue;
		}
		fl->v[o++] = fl->v[i];
	}
	fl->n = o;
}

static int rel_cmp(const void *key, const void *elem)
{
	return strcmp(key, (*(struct pack_entry *const *)elem)->rel);
}

struct pack_entry *filelist_find(const struct filelist *fl, const char *rel)
{
	struct pack_entry **e = bsearch(rel, fl->v, fl->n, sizeof(*fl->v), rel_cmp);
	return e ? *e : NULL;
}

static int by_address(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t) * (void *const *)a, y = (uintptr_t) * (void *const *)b;

	return x < y ? -1 : x > y;
}

void filelist_remove(struct filelist *fl, struct pack_entry *const *gone, size_t n)
{
	struct pack_entry **sorted = xmalloc((n + 1) * sizeof(*gone));
	size_t k = 0;

	if (n)
		memcpy(sorted, gone, n * sizeof(*gone));
	qsort(sorted, n, sizeof(*sorted), by_address);
	for (size_t i = 0; i < fl->n; i++) {
		if (n && bsearch(&fl->v[i], sorted, n, sizeof(*sorted), by_address))
			filelist_entry_free(fl->v[i]);
		else
			fl->v[k++] = fl->v[i];
	}
	fl->n = k;
	free(sorted);
}

void filelist_release(struct filelist *fl)
{
	for (size_t i = 0; i < fl->n; i++)
		filelist_entry_free(fl->v[i]);
	free(fl->v);
	memset(fl, 0, sizeof(*fl));
}

int filelist_put_tool_file(struct filelist *fl, const char *rel, const char *abs, const char *rule, int64_t clamp_mtime)
{
	struct pack_entry *e = filelist_find(fl, rel);
	struct stat st;

	if (stat(abs, &st) < 0)
		return -errno;
	if (!e) {
		_cleanup_free_ char *d = xstrdup(rel);
		char *slash;

		e = filelist_add(fl, rel, ENTRY_FILE);
		e->seq = (size_t)-1; /* wins over anything already at rel */
		while ((slash = strrchr(d, '/')) != NULL) {
			*slash = '\0';
			if (filelist_find(fl, d))
				break;
			struct pack_entry *de = filelist_add(fl, d, ENTRY_DIR);
			de->origin = ORIGIN_TOOL;
			de->rule = "(directory)";
			de->mode = 0755;
			de->mtime = st.st_mtim;
		}
	}
	free(e->abs);
	free(e->target);
	e->target = NULL;
	e->abs = xstrdup(abs);
	e->type = ENTRY_FILE;
	e->origin = ORIGIN_TOOL;
	e->rule = rule;
	e->mode = filelist_file_mode(st.st_mode);
	e->size = st.st_size;
	e->unstripped_size = 0;
	e->mtime = timespec_clamp(st.st_mtim, clamp_mtime);
	e->src = file_id_of(&st);
	filelist_sort_dedup(fl);
	return 0;
}

static bool named(const char *c, const char *const *names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!strcmp(c, names[i]))
			return true;
	return false;
}

/* Runs on the finished selection, so every kept entry is what a whole pack
 * writes there: a link stays a link (its target may be in another
 * component), a directory keeps the mtime of the whole pack. */
void filelist_filter_components(struct filelist *fl, const char *const *names, size_t n, bool keep)
{
	size_t o = 0;

	for (size_t i = 0; i < fl->n; i++) {
		struct pack_entry *e = fl->v[i];

		if (e->type == ENTRY_DIR || named(e->component, names, n) == keep)
			fl->v[o++] = e;
		else
			filelist_entry_free(e);
	}
	fl->n = o;
	/* Sorted, what lies below a directory follows it ("net.h" may sort
	 * between "net" and "net/..."): drop the directories left empty. */
	_cleanup_free_ bool *drop = xcalloc(fl->n ? fl->n : 1, sizeof(*drop));

	for (size_t i = 0; i < fl->n; i++) {
		struct pack_entry *e = fl->v[i];
		size_t l = strlen(e->rel);
		bool used = false;

		if (e->type != ENTRY_DIR)
			continue;
		for (size_t j = i + 1; j < fl->n && !strncmp(fl->v[j]->rel, e->rel, l) && !used; j++)
			used = fl->v[j]->type != ENTRY_DIR && fl->v[j]->rel[l] == '/';
		drop[i] = !used;
	}
	o = 0;
	for (size_t i = 0; i < fl->n; i++) {
		if (drop[i])
			filelist_entry_free(fl->v[i]);
		else
			fl->v[o++] = fl->v[i];
	}
	fl->n = o;
}

mode_t filelist_file_mode(mode_t st_mode)
{
	return (st_mode & 0111) ? 0755 : 0644;
}

struct file_id file_id_of(const struct stat *st)
{
	return (struct file_id){ .dev = st->st_dev, .ino = st->st_ino, .size = st->st_size, .mtime = st->st_mtim,
				 .set = true };
}

static bool same_file(const struct file_id *a, const struct file_id *b)
{
	return a->dev == b->dev && a->ino == b->ino && a->size == b->size && a->mtime.tv_sec == b->mtime.tv_sec &&
	       a->mtime.tv_nsec == b->mtime.tv_nsec;
}

int filelist_entry_open(const struct pack_entry *e, int flags)
{
	int fd = open(e->abs, O_RDONLY | O_CLOEXEC | flags);
	struct stat st;
	struct file_id now;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0) {
		int r = -errno;
		close(fd);
		return r;
	}
	now = file_id_of(&st);
	if (!S_ISREG(st.st_mode) || (e->src.set && !same_file(&now, &e->src))) {
		close(fd);
		return -ESTALE;
	}
	return fd;
}

const char *filelist_open_strerror(int r)
{
	return r == -ESTALE ? "it is not the file that was checked (replaced, or changed, while it was packed: "
			      "a tree must not change while it is packed)"
			    : strerror(-r);
}
