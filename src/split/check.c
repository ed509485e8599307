// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "split/check.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel/kelf.h"
#include "shared/alloc.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/path.h"


/* Where the installed parts put it, as written in stage; NULL when only the
 * published common part (not written here) holds it. */
static char *written_path(const struct split_run *run, const struct split_layout *l, const char *stage,
			  size_t ti, const struct split_item *it)
{
	const struct split_tree *t = &run->trees[ti];
	const struct split_part *p;

	if (it->src_side) {
		p = split_part_find(l, it->part, t->group, it->e->component);
		return p ? xasprintf("%s/%s/%s/%s", stage, p->name, l->common_dir, it->e->rel) : NULL;
	}
	p = split_part_find(l, PART_FLAVOUR, ti, it->e->component);
	if (!p)
		return NULL;
	_cleanup_free_ char *dir = split_flavour_dir(t->sel.t.release);
	return xasprintf("%s/%s/%s/%s", stage, p->name, dir, it->e->rel);
}

/* A link of the flavour's directory into the arch or kbuild part, followed in stage. */
static char *follow_kbuild_link(const struct split_run *run, const struct split_layout *l, const char *stage,
				size_t ti, const char *written, const char *rel, enum part_kind part, const char *component)
{
	const struct split_tree *t = &run->trees[ti];
	const struct split_part *arch = NULL;
	_cleanup_free_ char *kbuild = split_kbuild_dir(l, run, ti);
	_cleanup_free_ char *dir = split_flavour_dir(t->sel.t.release);
	_cleanup_free_ char *link_rel = path_join(dir, rel);
	char target[PATH_MAX];
	ssize_t n = readlink(written, target, sizeof(target) - 1);
	_cleanup_free_ char *resolved = NULL;

	arch = split_part_find(l, part, part == PART_ARCH ? t->group : 0, component);
	if (n < 0 || !arch)
		return NULL;
	target[n] = '\0';
	/* Resolved inside the installed root, as the kernel resolves it. */
	resolved = path_resolve_link(link_rel, target);
	if (!resolved || strncmp(resolved, kbuild, strlen(kbuild)) || resolved[strlen(kbuild)] != '/')
		return NULL;
	return xasprintf("%s/%s/%s", stage, arch->name, resolved);
}

/* A flavour's link to a program of the published host programs part: it
 * leads there, and the program is the tree's but for its build ID. */
static int check_published_host(const struct split_run *run, const struct split_layout *l, size_t ti,
				const char *written, struct split_item *it, size_t *bad)
{
	const char *name = run->trees[ti].name, *rel = it->e->rel;
	_cleanup_free_ char *kbuild = split_kbuild_dir(l, run, ti);
	_cleanup_free_ char *dir = split_flavour_dir(run->trees[ti].sel.t.release);
	_cleanup_free_ char *link_rel = path_join(dir, rel), *want = path_join(kbuild, rel);
	_cleanup_free_ char *resolved = NULL, *pub = path_join(run->published_kbuild, rel);
	char target[PATH_MAX];
	ssize_t n = readlink(written, target, sizeof(target) - 1);
	bool eq;
	int r;

	if (n > 0) {
		target[n] = '\0';
		resolved = path_resolve_link(link_rel, target);
	}
	if (!resolved || strcmp(resolved, want)) {
		log_err("%s: %s: not a link into the published host programs %s", name, rel, kbuild);
		(*bad)++;
		return 0;
	}
	r = split_programs_alike(pub, it->e->abs, &eq);
	if (r < 0)
		return r;
	if (!eq) {
		log_err("%s: %s: the published host program differs from the tree's (%s)", name, rel, pub);
		(*bad)++;
	}
	return 0;
}

static int check_item(struct split_run *run, const struct split_layout *l, const char *stage, size_t ti,
		      struct split_item *it, size_t *bad)
{
	const char *name = run->trees[ti].name, *rel = it->e->rel;
	_cleanup_free_ char *w = written_path(run, l, stage, ti, it);
	_cleanup_free_ char *followed = NULL;
	const char *at = w;
	struct stat st;
	uint8_t sha[SHA256_LEN];
	int r;

	if (!w) { /* in the published common part: its list was checked against */
		const struct common_file *cf = run->published ? common_list_find(run->published, rel) : NULL;
		if (!cf) {
			log_err("%s: %s: in no part", name, rel);
			(*bad)++;
		}
		return 0;
	}
	if (it->linked && it->part == PART_KBUILD && run->published_kbuild)
		return check_published_host(run, l, ti, w, it, bad);
	if (it->linked) {
		followed = follow_kbuild_link(run, l, stage, ti, w, rel, it->part, it->e->component);
		if (!followed) {
			log_err("%s: %s: not a link into the %s part", name, rel,
				it->part == PART_KBUILD ? l->kbuild_name : run->groups[run->trees[ti].group]);
			(*bad)++;
			return 0;
		}
		at = followed;
	}
	if (lstat(at, &st) < 0) {
		log_err("%s: %s: missing from the parts (%s)", name, rel, at);
		(*bad)++;
		return 0;
	}
	if (it->e->type == ENTRY_LINK) {
		char target[PATH_MAX];
		ssize_t n = S_ISLNK(st.st_mode) ? readlink(at, target, sizeof(target) - 1) : -1;
		if (n < 0 || ((target[n] = '\0'), strcmp(target, it->e->target))) {
			log_err("%s: %s: not the link to %s it is in the tree", name, rel, it->e->target);
			(*bad)++;
		}
		return 0;
	}
	if (!S_ISREG(st.st_mode) || (st.st_mode & 07777) != it->e->mode || st.st_size != it->e->size) {
		log_err("%s: %s: type, mode or size differ from the tree's (%s)", name, rel, at);
		(*bad)++;
		return 0;
	}
	r = split_item_hash(it);
	if (r == 0)
		r = sha256_file(at, sha);
	if (r < 0) {
		log_err("cannot read %s: %s", at, strerror(-r));
		return r;
	}
	if (memcmp(sha, it->sha, SHA256_LEN) && it->part == PART_KBUILD) {
		/* another tree's copy of the same program: alike but for its build ID */
		bool eq;
		r = split_programs_alike(at, it->e->abs, &eq);
		if (r < 0 || eq)
			return r;
	}
	if (memcmp(sha, it->sha, SHA256_LEN)) {
		log_err("%s: %s: its bytes differ from the tree's (%s)", name, rel, at);
		(*bad)++;
	}
	return 0;
}

int split_check(struct split_run *run, const struct split_layout *l, const char *stage)
{
	size_t bad = 0;
	int r = 0;

	for (size_t ti = 0; r == 0 && ti < run->ntrees; ti++) {
		struct split_tree *t = &run->trees[ti];

		for (size_t j = 0; r == 0 && j < t->sel.fl.n; j++)
			if (t->items[j].e->type != ENTRY_DIR)
				r = check_item(run, l, stage, ti, &t->items[j], &bad);
	}
	return r < 0 ? r : (int)bad;
}
