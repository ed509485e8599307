// SPDX-License-Identifier: GPL-2.0-or-later
/* The split by content. kbuild reads the sources through $(srctree) and
 * what the build made through $(objtree) (an O= build's two trees; distros'
 * headers packages are laid out the same way), so the two sides share out
 * differently:
 * - source side: one directory for all the release's trees. A file every
 *   tree packs identically is common; one only some trees pack goes to the
 *   part of each architecture that packs it. Trees of one source never
 *   disagree on a source file's bytes: when they do, they are not of one
 *   source, and the split stops, naming the files.
 * - object side: each tree's own directory. A file all the trees of one
 *   architecture pack identically (their host programs) goes to the
 *   architecture's part, and each tree's directory links to it, when it is
 *   bigger than the link; the rest is the tree's own. */
#define _GNU_SOURCE
#include "split/partition.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "kernel/kelf.h"
#include "shared/alloc.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/path.h"
#include "shared/str.h"
#include "shared/strbuf.h"
#include "shared/workers.h"

int split_item_hash(struct split_item *it)
{
	int r;

	if (it->hashed || it->e->type != ENTRY_FILE)
		return 0;
	r = sha256_file(it->e->abs, it->sha);
	if (r < 0) {
		log_err("cannot read %s: %s", it->e->abs, strerror(-r));
		return r;
	}
	it->hashed = true;
	return 0;
}

static int hash_quietly(void *arg, size_t i)
{
	struct split_item *it = ((struct split_item **)arg)[i];

	it->hashed = sha256_file(it->e->abs, it->sha) == 0;
	return 0;
}

/* Every file of every tree hashed, on every CPU: the partition compares
 * nearly all of them and the check all. One that cannot be read stays
 * unhashed: split_item_hash says why, in its place. */
static void hash_all(struct split_run *run)
{
	struct split_item **v = NULL;
	size_t n = 0;

	for (size_t i = 0; i < run->ntrees; i++)
		for (size_t j = 0; j < run->trees[i].sel.fl.n; j++)
			if (run->trees[i].items[j].e->type == ENTRY_FILE) {
				if (n % 1024 == 0)
					v = xrealloc(v, (n + 1024) * sizeof(*v));
				v[n++] = &run->trees[i].items[j];
			}
	workers_run(n, hash_quietly, v);
	free(v);
}

int split_items_equal(struct split_item *a, struct split_item *b, bool *eq)
{
	int r;

	*eq = false;
	if (a->e->type != b->e->type || a->e->mode != b->e->mode)
		return 0;
	if (a->e->type == ENTRY_LINK) {
		*eq = !strcmp(a->e->target, b->e->target);
		return 0;
	}
	if (a->e->type != ENTRY_FILE || a->e->size != b->e->size)
		return 0;
	r = split_item_hash(a);
	if (r == 0)
		r = split_item_hash(b);
	if (r == 0)
		*eq = !memcmp(a->sha, b->sha, SHA256_LEN);
	return r;
}

int split_programs_alike(const char *a, const char *b, bool *eq)
{
	uint8_t sa[SHA256_LEN], sb[SHA256_LEN];
	int r = kelf_sha256_sans_build_id(a, sa);

	if (r == 0)
		r = kelf_sha256_sans_build_id(b, sb);
	if (r < 0) {
		log_err("cannot read %s or %s as ELF: %s", a, b, strerror(-r));
		return r;
	}
	*eq = !memcmp(sa, sb, SHA256_LEN);
	return 0;
}

int split_hosts_alike(struct split_item *a, struct split_item *b, bool *eq)
{
	int r = split_items_equal(a, b, eq);

	if (r < 0 || *eq || a->e->type != ENTRY_FILE || a->e->type != b->e->type || a->e->mode != b->e->mode ||
	    a->e->size != b->e->size)
		return r;
	return split_programs_alike(a->e->abs, b->e->abs, eq);
}

static int equal_to_listed(struct split_item *it, const struct common_file *cf, bool *eq)
{
	int r;

	*eq = false;
	if (it->e->type != cf->type || it->e->mode != cf->mode)
		return 0;
	if (cf->type == ENTRY_LINK) {
		*eq = !strcmp(it->e->target, cf->target);
		return 0;
	}
	r = split_item_hash(it);
	if (r == 0)
		*eq = !memcmp(it->sha, cf->sha, SHA256_LEN);
	return r;
}

/* The trees (names) that have the path, or lack it. */
static char *tree_names(const struct split_run *run, struct split_item **at, bool have)
{
	struct strbuf b = { 0 };

	for (size_t i = 0; i < run->ntrees; i++)
		if (!!at[i] == have)
			strbuf_addf(&b, "%s%s", b.len ? ", " : "", run->trees[i].name);
	return strbuf_steal(&b);
}

/* Source side of one path. *bad counts the disagreements, printed. */
static int place_src(const struct split_run *run, const char *rel, struct split_item **at, size_t *bad)
{
	struct split_item *first = NULL;
	size_t have = 0, fi = 0;
	bool all_eq = true;
	int r;

	if (run->published) {
		const struct common_file *cf = common_list_find(run->published, rel);

		for (size_t i = 0; i < run->ntrees; i++) {
			bool eq;

			if (!at[i])
				continue;
			/* Debian's common part from the source (kbuild_part) holds every
			 * source file some rule takes, a component's in PART@COMPONENT:
			 * only its main list is published */
			at[i]->part = cf || (run->kbuild_part && strcmp(at[i]->e->component, COMPONENT_MAIN))
					      ? PART_COMMON : PART_ARCH;
			if (!cf && run->kbuild_part && !strcmp(at[i]->e->component, COMPONENT_MAIN)) {
				log_err("%s: tree %s takes it, but the common part %s (from the source alone) does not hold it",
					rel, run->trees[i].name, run->published->name);
				(*bad)++;
			}
			if (!cf)
				continue;
			r = equal_to_listed(at[i], cf, &eq);
			if (r < 0)
				return r;
			if (!eq) {
				log_err("%s: differs from the published common part %s (tree %s)", rel,
					run->published->name, run->trees[i].name);
				(*bad)++;
			}
		}
		return 0;
	}
	for (size_t i = 0; i < run->ntrees; i++) {
		bool eq;

		if (!at[i])
			continue;
		have++;
		if (!first) {
			first = at[i];
			fi = i;
			continue;
		}
		r = split_items_equal(first, at[i], &eq);
		if (r < 0)
			return r;
		if (!eq && all_eq) {
			log_err("%s: differs between trees %s and %s: source files must be the same in every tree of a split",
				rel, run->trees[fi].name, run->trees[i].name);
			(*bad)++;
		}
		all_eq = all_eq && eq;
	}
	for (size_t i = 0; i < run->ntrees; i++) {
		if (!at[i])
			continue;
		at[i]->part = have == run->ntrees || run->union_sources ? PART_COMMON : PART_ARCH;
		if (have < run->ntrees && have > 1 && !run->union_sources) {
			_cleanup_free_ char *missing = tree_names(run, at, false);
			at[i]->why = xasprintf("not in every tree (not in %s)", missing);
		}
	}
	return 0;
}

/* Object side of one path, for the trees of group g. */
static int place_obj(const struct split_run *run, size_t g, struct split_item **at)
{
	struct split_item *first = NULL;
	size_t n = 0, members = 0, fi = 0;
	bool share = true;
	char *why = NULL;
	int r;

	for (size_t i = 0; i < run->ntrees; i++) {
		if (run->trees[i].group != g)
			continue;
		members++;
		if (!at[i])
			continue;
		n++;
		at[i]->part = PART_FLAVOUR;
		if (at[i]->e->type != ENTRY_FILE || at[i]->e->size <= SPLIT_LINK_MIN_SIZE)
			share = false;
		if (!first) {
			first = at[i];
			fi = i;
		} else if (share) {
			bool eq;

			r = split_items_equal(first, at[i], &eq);
			if (r < 0)
				return r;
			if (!eq) {
				share = false;
				why = xasprintf("differs between the %s trees %s and %s", run->groups[g],
						run->trees[fi].name, run->trees[i].name);
			}
		}
	}
	if (n == 0)
		return 0;
	if (n < members && members > 1 && share && first->e->size > SPLIT_LINK_MIN_SIZE) {
		share = false;
		why = xasprintf("not in every %s tree", run->groups[g]);
	}
	share = share && n == members && members > 1;
	for (size_t i = 0; i < run->ntrees; i++) {
		if (run->trees[i].group != g || !at[i])
			continue;
		if (share) {
			at[i]->part = PART_ARCH;
			at[i]->linked = true;
		} else if (why) {
			at[i]->why = xstrdup(why);
		}
	}
	free(why);
	return 0;
}

/* A program of the build machine: an executable ELF file or a shared
 * object (a gcc plugin). */
static bool host_program(const struct split_item *it)
{
	struct kelf_ident id;
	const char *rel = it->e->rel;

	if (it->e->type != ENTRY_FILE || (!(it->e->mode & 0111) && !str_ends_with(rel, ".so")))
		return false;
	return kelf_peek(it->e->abs, &id) == 0 && (id.type == ET_EXEC || id.type == ET_DYN);
}

/* A host program of a featureset's tree against the published linux-kbuild
 * part it will run from: there, and alike but for its build ID. */
static int match_published_host(const struct split_run *run, const char *rel, size_t ti, struct split_item *it,
				 size_t *bad)
{
	_cleanup_free_ char *pub = path_join(run->published_kbuild, rel);
	struct stat st;
	bool eq;
	int r;

	if (lstat(pub, &st) < 0 || !S_ISREG(st.st_mode)) {
		log_err("%s: a host program of tree %s that the published host programs (%s) lack", rel,
			run->trees[ti].name, run->published_kbuild);
		(*bad)++;
		return 0;
	}
	r = split_programs_alike(pub, it->e->abs, &eq);
	if (r < 0)
		return r;
	if ((st.st_mode & 07777) != it->e->mode || !eq) {
		log_err("%s: a host program of tree %s that differs from the published one (%s)", rel,
			run->trees[ti].name, pub);
		(*bad)++;
	}
	return 0;
}

/* Object side of one path in Debian's layout: a host program goes to the
 * kbuild part, which serves every tree of the run, so it must be alike in
 * every tree that has it (Debian builds each flavour in a directory of its
 * own: a program built with -g has another build ID in each); everything
 * else is the flavour's. */
static int place_host(const struct split_run *run, const char *rel, struct split_item **at, size_t *bad)
{
	struct split_item *first = NULL;
	size_t fi = 0;
	int r;

	for (size_t i = 0; i < run->ntrees; i++) {
		bool eq;

		if (!at[i])
			continue;
		at[i]->part = PART_FLAVOUR;
		if (!host_program(at[i]))
			continue;
		at[i]->part = PART_KBUILD;
		at[i]->linked = true;
		if (run->published_kbuild) {
			r = match_published_host(run, rel, i, at[i], bad);
			if (r < 0)
				return r;
			continue;
		}
		if (!first) {
			first = at[i];
			fi = i;
			continue;
		}
		r = split_hosts_alike(first, at[i], &eq);
		if (r < 0)
			return r;
		if (!eq) {
			log_err("%s: a host program that differs between trees %s and %s: one linux-kbuild part serves "
				"every tree (build them with one compiler, or split them in separate runs)",
				rel, run->trees[fi].name, run->trees[i].name);
			(*bad)++;
		}
		if (strcmp(run->trees[i].name, run->trees[fi].name) < 0) {
			first = at[i];
			fi = i;
		}
	}
	if (first)
		first->kbuild_owner = true;
	return 0;
}

/* The smallest path not yet placed among the trees' next non-directory entries. */
static const char *next_path(struct split_run *run, size_t *pos)
{
	const char *min = NULL;

	for (size_t i = 0; i < run->ntrees; i++) {
		const struct filelist *fl = &run->trees[i].sel.fl;

		while (pos[i] < fl->n && fl->v[pos[i]]->type == ENTRY_DIR)
			pos[i]++;
		if (pos[i] < fl->n && (!min || strcmp(fl->v[pos[i]]->rel, min) < 0))
			min = fl->v[pos[i]]->rel;
	}
	return min;
}

/* kbuild marks what it made with a .NAME.cmd beside it. */
static bool made_by_kbuild(const struct pack_entry *e)
{
	_cleanup_free_ char *dir = path_dirname(e->abs);
	_cleanup_free_ char *cmd = xasprintf("%s/.%s.cmd", dir, path_basename(e->abs));

	return path_exists(cmd);
}

/* Which side of an in-tree build's file kbuild reads: its two trees are one
 * directory, so what a source rule and an object rule both select (the
 * scripts directory) is a source unless kbuild made it. An O= tree of the
 * run that packs the path knows for sure. */
static void resolve_in_tree_sides(struct split_run *run)
{
	for (size_t i = 0; i < run->ntrees; i++) {
		struct split_tree *t = &run->trees[i];

		if (t->sel.t.split)
			continue;
		for (size_t j = 0; j < t->sel.fl.n; j++) {
			struct split_item *it = &t->items[j];
			const struct pack_entry *o = NULL;

			if (it->e->type == ENTRY_DIR || it->src_side || !it->e->src_rule_too)
				continue;
			for (size_t k = 0; !o && k < run->ntrees; k++)
				if (run->trees[k].sel.t.split)
					o = filelist_find(&run->trees[k].sel.fl, it->e->rel);
			it->src_side = o ? o->origin == ORIGIN_SRC : !made_by_kbuild(it->e);
		}
	}
}

int split_partition(struct split_run *run)
{
	_cleanup_free_ size_t *pos = xcalloc(run->ntrees, sizeof(*pos));
	_cleanup_free_ struct split_item **src = xcalloc(run->ntrees, sizeof(*src));
	_cleanup_free_ struct split_item **obj = xcalloc(run->ntrees, sizeof(*obj));
	size_t bad = 0;
	const char *rel;
	int r = 0;

	for (size_t i = 0; i < run->ntrees; i++) {
		struct split_tree *t = &run->trees[i];

		t->items = xcalloc(t->sel.fl.n ? t->sel.fl.n : 1, sizeof(*t->items));
		for (size_t j = 0; j < t->sel.fl.n; j++) {
			t->items[j].e = t->sel.fl.v[j];
			t->items[j].src_side = t->sel.fl.v[j]->origin == ORIGIN_SRC;
		}
	}
	resolve_in_tree_sides(run);
	hash_all(run);
	while (r == 0 && (rel = next_path(run, pos)) != NULL) {
		_cleanup_free_ char *p = xstrdup(rel); /* pos moves on below */
		bool any_src = false, any_obj = false;

		for (size_t i = 0; i < run->ntrees; i++) {
			const struct filelist *fl = &run->trees[i].sel.fl;
			struct split_item *it = NULL;

			if (pos[i] < fl->n && !strcmp(fl->v[pos[i]]->rel, p))
				it = &run->trees[i].items[pos[i]++];
			src[i] = it && it->src_side ? it : NULL;
			obj[i] = it && !it->src_side ? it : NULL;
			any_src = any_src || src[i];
			any_obj = any_obj || obj[i];
		}
		if (any_src)
			r = place_src(run, p, src, &bad);
		if (r == 0 && any_obj && run->kbuild_part)
			r = place_host(run, p, obj, &bad);
		for (size_t g = 0; r == 0 && any_obj && !run->kbuild_part && g < run->ngroups; g++)
			r = place_obj(run, g, obj);
	}
	if (r == 0 && bad && run->kbuild_part) {
		log_err("%zu file(s) of the trees do not fit Debian's layout (above)", bad);
		r = -EINVAL;
	} else if (r == 0 && bad) {
		log_err("%zu source file(s) differ%s: %s", bad,
			run->published ? " from the published common part" : " between the trees",
			run->published ? "the trees are not of the source the common part was made from"
				       : "the trees are not of one source, or their sources were changed");
		r = -EINVAL;
	}
	return r;
}
