// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "split/check.h"

#include <errno.h>
#include <stdbool.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kernel/kelf.h"
#include "shared/alloc.h"
#include "shared/log.h"
#include "shared/workers.h"
#include "shared/macro.h"
#include "shared/path.h"
#include "shared/sha256-memo.h"


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
	_cleanup_free_ char *dir = split_headers_dir(t->sel.t.release);
	return xasprintf("%s/%s/%s/%s", stage, p->name, dir, it->e->rel);
}

/* Where a flavour's link into its shared programs (an arch part's or
 * linux-kbuild's directory) leads inside the installed root, as the kernel
 * resolves it; NULL when it leads anywhere else. */
static char *kbuild_link_target(const struct split_run *run, const struct split_layout *l, size_t ti,
				const char *written, const char *rel)
{
	_cleanup_free_ char *kbuild = split_kbuild_dir(l, run, ti);
	_cleanup_free_ char *dir = split_headers_dir(run->trees[ti].sel.t.release);
	_cleanup_free_ char *link_rel = path_join(dir, rel);
	char target[PATH_MAX];
	ssize_t n = readlink(written, target, sizeof(target) - 1);
	char *resolved;

	if (n < 0)
		return NULL;
	target[n] = '\0';
	resolved = path_resolve_link(link_rel, target);
	if (resolved && (strncmp(resolved, kbuild, strlen(kbuild)) || resolved[strlen(kbuild)] != '/')) {
		free(resolved);
		return NULL;
	}
	return resolved;
}

/* A link of the flavour's directory into the arch or kbuild part, followed in stage. */
static char *follow_kbuild_link(const struct split_run *run, const struct split_layout *l, const char *stage,
				size_t ti, const char *written, const char *rel, enum part_kind part, const char *component)
{
	const struct split_part *p = split_part_find(l, part, part == PART_ARCH ? run->trees[ti].group : 0, component);
	_cleanup_free_ char *resolved = p ? kbuild_link_target(run, l, ti, written, rel) : NULL;

	if (!resolved)
		return NULL;
	if (part == PART_KBUILD) {
		/* usr/src/linux-kbuild-S, the link to usr/lib/linux-kbuild-S, is in
		 * the main part only: a component's part (@rust) has its programs
		 * under usr/lib alone */
		_cleanup_free_ char *src = split_kbuild_dir(l, run, ti);
		_cleanup_free_ char *lib = split_kbuild_lib_dir(l);
		return xasprintf("%s/%s/%s%s", stage, p->name, lib, resolved + strlen(src));
	}
	return xasprintf("%s/%s/%s", stage, p->name, resolved);
}

/* A flavour's link to a program of the published host programs (--kbuild):
 * it leads to that program (whose bytes were matched with the tree's when
 * it was placed, match_published_host). */
static void check_published_host(const struct split_run *run, const struct split_layout *l, size_t ti,
				  const char *written, const struct split_item *it, size_t *bad)
{
	_cleanup_free_ char *kbuild = split_kbuild_dir(l, run, ti);
	_cleanup_free_ char *want = path_join(kbuild, it->e->rel);
	_cleanup_free_ char *resolved = kbuild_link_target(run, l, ti, written, it->e->rel);

	if (!resolved || strcmp(resolved, want)) {
		log_err("%s: %s: not a link into the published host programs %s", run->trees[ti].name, it->e->rel,
			kbuild);
		(*bad)++;
	}
}

static int check_item(struct split_run *run, const struct split_layout *l, const char *stage, struct sha256_memo *memo,
		      size_t ti,
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
	if (it->linked && it->part == PART_KBUILD && run->published_kbuild) {
		check_published_host(run, l, ti, w, it, bad);
		return 0;
	}
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
		r = sha256_memo_file(memo, at, sha);
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

/* The check of one entry of one tree, on any thread. */
struct check_job {
	size_t ti;
	struct split_item *it;
	size_t bad;
};

struct checking {
	struct split_run *run;
	const struct split_layout *l;
	const char *stage;
	struct check_job *jobs;
	/* the files written, each read once however many trees check it */
	struct sha256_memo memo;
};

static int check_job(void *arg, size_t i)
{
	struct checking *c = arg;
	struct check_job *j = &c->jobs[i];

	return check_item(c->run, c->l, c->stage, &c->memo, j->ti, j->it, &j->bad);
}

int split_check(struct split_run *run, const struct split_layout *l, const char *stage)
{
	struct checking c = { .run = run, .l = l, .stage = stage };
	size_t bad = 0, n = 0;
	int r = 0;

	for (size_t ti = 0; ti < run->ntrees; ti++)
		for (size_t j = 0; j < run->trees[ti].sel.fl.n; j++)
			if (run->trees[ti].items[j].e->type != ENTRY_DIR) {
				if (n % 1024 == 0)
					c.jobs = xrealloc(c.jobs, (n + 1024) * sizeof(*c.jobs));
				c.jobs[n++] = (struct check_job){ .ti = ti, .it = &run->trees[ti].items[j] };
			}
	sha256_memo_init(&c.memo, n);
	/* on every CPU, said as one check after the other: every item runs,
	 * and what is said ends with the first that could not be checked
	 * (an error, not a difference), whose error is returned */
	r = workers_run_in_order(n, check_job, &c);
	for (size_t i = 0; r == 0 && i < n; i++)
		bad += c.jobs[i].bad;
	free(c.jobs);
	sha256_memo_release(&c.memo);
	return r < 0 ? r : (int)bad;
}
