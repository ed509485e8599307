// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "split/layout.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/fileio.h"
#include "shared/fs.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/path.h"
#include "shared/scratch.h"
#include "shared/strbuf.h"
#include "shared/timespec.h"

const struct split_part *split_part_find(const struct split_layout *l, enum part_kind kind, size_t index,
					 const char *component)
{
	if (component && !strcmp(component, COMPONENT_MAIN))
		component = NULL;
	for (size_t i = 0; i < l->nparts; i++) {
		const struct split_part *p = &l->parts[i];

		if (p->kind != kind || (kind != PART_COMMON && p->index != index))
			continue;
		if (component ? p->component && !strcmp(p->component, component) : !p->component)
			return p;
	}
	return NULL;
}

char *split_kbuild_lib_dir(const struct split_layout *l)
{
	return xasprintf("usr/lib/linux-kbuild-%s", l->kbuild_name);
}

char *split_kbuild_dir(const struct split_layout *l, const struct split_run *run, size_t ti)
{
	return l->kind->kbuild_dir(l->common_name, l->kbuild_name, run->groups[run->trees[ti].group]);
}

static struct pack_entry *add_copy(struct filelist *fl, const char *dir, const struct pack_entry *from)
{
	_cleanup_free_ char *rel = path_join(dir, from->rel);
	struct pack_entry *e = filelist_add(fl, rel, from->type);

	e->abs = from->abs ? xstrdup(from->abs) : NULL;
	e->src = from->src;
	e->target = from->target ? xstrdup(from->target) : NULL;
	e->origin = from->origin;
	e->rule = from->rule;
	e->component = from->component;
	e->mode = from->mode;
	e->size = from->size;
	e->mtime = from->mtime;
	e->keep_link = from->keep_link;
	return e;
}

static struct pack_entry *add_link(struct filelist *fl, const char *rel, const char *target, struct timespec mtime)
{
	struct pack_entry *e = filelist_add(fl, rel, ENTRY_LINK);

	e->target = xstrdup(target);
	e->origin = ORIGIN_TOOL;
	e->rule = "(split)";
	e->mode = 0777;
	e->mtime = mtime;
	return e;
}

static struct pack_entry *add_made_file(struct filelist *fl, const char *rel, const char *abs, struct timespec mtime)
{
	struct pack_entry *e = filelist_add(fl, rel, ENTRY_FILE);
	struct stat st;

	e->abs = xstrdup(abs);
	e->origin = ORIGIN_TOOL;
	e->rule = "(split)";
	e->mode = 0644;
	e->size = stat(abs, &st) == 0 ? st.st_size : 0;
	if (e->size)
		e->src = file_id_of(&st); /* made here, in the split's scratch */
	e->mtime = mtime;
	return e;
}

/* The newest mtime of rel among the trees that pack it the way it is shared:
 * whichever tree comes first, the part is the same. */
static struct timespec newest_of(const struct split_run *run, const char *rel, bool src_side, size_t group,
				 bool any_group)
{
	struct timespec t = { 0 };

	for (size_t i = 0; i < run->ntrees; i++) {
		const struct pack_entry *e;

		if (!any_group && run->trees[i].group != group)
			continue;
		e = filelist_find(&run->trees[i].sel.fl, rel);
		if (e && (e->origin == ORIGIN_SRC) == src_side && timespec_cmp(&e->mtime, &t) > 0)
			t = e->mtime;
	}
	return t;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A sorted array of strings, each once. */
static void uniq_strings(struct ptrarray *a)
{
	size_t o = 0;

	for (size_t i = 0; i < a->n; i++) {
		if (o && !strcmp(a->v[o - 1], a->v[i]))
			free(a->v[i]);
		else
			a->v[o++] = a->v[i];
	}
	a->n = o;
}

/* Adds the directories above every entry, each with the newest time below it. */
static void add_dirs(struct filelist *fl)
{
	struct ptrarray dirs = { 0 };
	size_t n = fl->n;
	struct timespec *times;

	for (size_t i = 0; i < n; i++) {
		_cleanup_free_ char *d = xstrdup(fl->v[i]->rel);
		char *slash;

		while ((slash = strrchr(d, '/')) != NULL) {
			*slash = '\0';
			ptrarray_push(&dirs, xstrdup(d));
		}
	}
	ptrarray_sort_strings(&dirs);
	uniq_strings(&dirs);
	times = xcalloc(dirs.n ? dirs.n : 1, sizeof(*times));
	for (size_t i = 0; i < n; i++) {
		_cleanup_free_ char *d = xstrdup(fl->v[i]->rel);
		char *slash;

		while ((slash = strrchr(d, '/')) != NULL) {
			*slash = '\0';
			char **k = bsearch(&d, dirs.v, dirs.n, sizeof(*dirs.v), cmp_str);
			if (k && timespec_cmp(&fl->v[i]->mtime, &times[k - (char **)dirs.v]) > 0)
				times[k - (char **)dirs.v] = fl->v[i]->mtime;
		}
	}
	for (size_t k = 0; k < dirs.n; k++) {
		struct pack_entry *e = filelist_add(fl, dirs.v[k], ENTRY_DIR);
		e->origin = ORIGIN_TOOL;
		e->rule = "(directory)";
		e->mode = 0755;
		e->mtime = times[k];
	}
	free(times);
	ptrarray_free(&dirs, free);
	filelist_sort_dedup(fl);
}

static struct split_part *new_part(struct split_layout *l, enum part_kind kind, size_t index, char *name)
{
	struct split_part *p;

	l->parts = xrealloc(l->parts, (l->nparts + 1) * sizeof(*l->parts));
	p = &l->parts[l->nparts++];
	memset(p, 0, sizeof(*p));
	p->kind = kind;
	p->index = index;
	p->name = name;
	return p;
}

static int cmp_item_rel(const void *a, const void *b)
{
	return strcmp((*(struct split_item *const *)a)->e->rel, (*(struct split_item *const *)b)->e->rel);
}

/* The common part's files, sorted, each once: from every tree (Debian's
 * common part from the source is what any architecture's takes). */
static struct split_item **common_items(struct split_run *run, size_t *n)
{
	struct split_item **v = NULL;
	size_t cap = 0, o = 0;

	*n = 0;
	for (size_t i = 0; i < run->ntrees; i++)
		for (size_t j = 0; j < run->trees[i].sel.fl.n; j++) {
			struct split_item *it = &run->trees[i].items[j];

			if (it->e->type == ENTRY_DIR || !it->src_side || it->part != PART_COMMON)
				continue;
			if (*n == cap) {
				cap = cap ? cap * 2 : 1024;
				v = xrealloc(v, cap * sizeof(*v));
			}
			v[(*n)++] = it;
		}
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_item_rel); /* stable enough: equal paths hold equal files */
	for (size_t i = 0; i < *n; i++)
		if (!o || strcmp(v[o - 1]->e->rel, v[i]->e->rel))
			v[o++] = v[i];
	*n = o;
	return v;
}

/* The common files, with their list (made here) as the part's first file. */
static int make_common(struct split_run *run, struct split_layout *l, const char *o_name, int64_t clamp_mtime)
{
	struct split_tree *t0 = &run->trees[0];
	struct split_part *p;
	struct timespec newest = { 0 };
	_cleanup_free_ char *text = NULL, *list = NULL, *kernel = NULL;
	size_t n;
	_cleanup_free_ struct split_item **items = common_items(run, &n);
	int r;

	kernel = xasprintf("%d.%d.%d", t0->sel.t.version, t0->sel.t.patchlevel, t0->sel.t.sublevel);
	for (size_t j = 0; j < n; j++) {
		struct split_item *it = items[j];
		struct common_file *cf;

		if (strcmp(it->e->component, COMPONENT_MAIN))
			continue; /* the list is the main component's: its digest names the common part */
		r = common_list_name_ok(it->e->rel, it->e->target);
		if (r == 0)
			r = split_item_hash(it);
		if (r < 0)
			return r;
		l->common.v = xrealloc(l->common.v, (l->common.n + 1) * sizeof(*l->common.v));
		cf = &l->common.v[l->common.n++];
		memset(cf, 0, sizeof(*cf));
		cf->rel = xstrdup(it->e->rel);
		cf->type = it->e->type;
		cf->mode = it->e->mode;
		memcpy(cf->sha, it->sha, SHA256_LEN);
		cf->target = it->e->target ? xstrdup(it->e->target) : NULL;
	}
	l->common.kernel = xstrdup(kernel);
	if (o_name) {
		l->common.name = xstrdup(o_name);
	} else {
		char id[SHA256_HEX_LEN];

		common_list_content_id(&l->common, id);
		l->common.name = xasprintf("%s-common-%.12s", kernel, id);
	}
	common_list_digest(&l->common);
	l->common_name = xstrdup(l->common.name);
	l->common_dir = split_headers_dir(l->common_name);

	p = new_part(l, PART_COMMON, 0, l->kind->common_part(l->common_name));
	for (size_t j = 0; j < n; j++) {
		struct split_item *it = items[j];
		struct pack_entry *e = add_copy(&p->fl, l->common_dir, it->e);

		e->mtime = newest_of(run, it->e->rel, true, 0, true);
		if (timespec_cmp(&e->mtime, &newest) > 0)
			newest = e->mtime;
	}
	text = common_list_format(&l->common);
	list = path_join(l->scratch, COMMON_LIST_NAME);
	r = write_file(list, text, strlen(text));
	if (r < 0) {
		log_err("cannot write %s: %s", list, strerror(-r));
		return r;
	}
	{
		_cleanup_free_ char *rel = path_join(l->common_dir, COMMON_LIST_NAME);
		add_made_file(&p->fl, rel, list, timespec_clamp(newest, clamp_mtime));
	}
	return 0;
}

/* The arch part's own list, beside the common part's, so that a flavour
 * (its Makefile, verify) can tell it is installed: paths from usr/src. */
static int make_arch_list(struct split_run *run, struct split_layout *l, size_t g, struct split_part *p)
{
	struct common_list al = { .name = xasprintf("arch-%s", run->groups[g]), .kernel = xstrdup(l->common.kernel) };
	_cleanup_free_ char *file = xasprintf("%s/" SPLIT_ARCH_LIST_PREFIX "%s", l->scratch, run->groups[g]);
	_cleanup_free_ char *rel = xasprintf("%s/" SPLIT_ARCH_LIST_PREFIX "%s", l->common_dir, run->groups[g]);
	_cleanup_free_ char *text = NULL;
	struct timespec newest = { 0 };
	int r = 0;

	for (size_t i = 0; r == 0 && i < p->fl.n; i++) {
		const struct pack_entry *e = p->fl.v[i];
		struct common_file *f;

		if (e->type == ENTRY_DIR || strcmp(e->component, COMPONENT_MAIN))
			continue;
		r = common_list_name_ok(e->rel + strlen("usr/src/"), e->target);
		if (r < 0)
			break;
		al.v = xrealloc(al.v, (al.n + 1) * sizeof(*al.v));
		f = &al.v[al.n++];
		memset(f, 0, sizeof(*f));
		f->rel = xstrdup(e->rel + strlen("usr/src/"));
		f->type = e->type;
		f->mode = e->mode;
		f->target = e->target ? xstrdup(e->target) : NULL;
		if (e->type == ENTRY_FILE && (r = sha256_file(e->abs, f->sha)) < 0)
			log_err("cannot read %s: %s", e->abs, strerror(-r));
		if (timespec_cmp(&e->mtime, &newest) > 0)
			newest = e->mtime;
	}
	if (r == 0) {
		common_list_digest(&al);
		memcpy(l->arch_digest[g], al.digest, SHA256_HEX_LEN);
		text = common_list_format(&al);
		r = write_file(file, text, strlen(text));
		if (r < 0)
			log_err("cannot write %s: %s", file, strerror(-r));
	}
	if (r == 0) {
		add_made_file(&p->fl, rel, file, newest);
		filelist_sort_dedup(&p->fl);
	}
	common_list_release(&al);
	return r;
}

static int make_arch(struct split_run *run, struct split_layout *l, size_t g)
{
	struct split_part *p = new_part(l, PART_ARCH, g, xasprintf("arch-%s", run->groups[g]));

	for (size_t i = 0; i < run->ntrees; i++) {
		struct split_tree *t = &run->trees[i];
		_cleanup_free_ char *kbuild = split_kbuild_dir(l, run, i);

		if (t->group != g)
			continue;
		for (size_t j = 0; j < t->sel.fl.n; j++) {
			struct split_item *it = &t->items[j];
			struct pack_entry *e;

			if (it->e->type == ENTRY_DIR || it->part != PART_ARCH)
				continue;
			e = add_copy(&p->fl, it->src_side ? l->common_dir : kbuild, it->e);
			e->mtime = newest_of(run, it->e->rel, it->src_side, g, false);
		}
	}
	filelist_sort_dedup(&p->fl); /* a file several trees of the arch pack */
	return p->fl.n ? make_arch_list(run, l, g, p) : 0;
}

/* Debian's linux-kbuild-SERIES: the host programs of every tree of the run
 * (the build machine's) in usr/lib, usr/src/linux-kbuild-SERIES a link to
 * them there, as Debian's package has it. */
static void make_kbuild(struct split_run *run, struct split_layout *l)
{
	struct split_part *p = new_part(l, PART_KBUILD, 0, xasprintf("linux-kbuild-%s", l->kbuild_name));
	_cleanup_free_ char *dir = split_kbuild_lib_dir(l);
	_cleanup_free_ char *link = split_kbuild_dir(l, run, 0);
	_cleanup_free_ char *to = xasprintf("../lib/linux-kbuild-%s", l->kbuild_name);
	struct timespec newest = { 0 };

	for (size_t i = 0; i < run->ntrees; i++)
		for (size_t j = 0; j < run->trees[i].sel.fl.n; j++) {
			struct split_item *it = &run->trees[i].items[j];
			struct pack_entry *e;

			if (it->e->type == ENTRY_DIR || it->part != PART_KBUILD || !it->kbuild_owner)
				continue;
			e = add_copy(&p->fl, dir, it->e);
			e->mtime = newest_of(run, it->e->rel, false, 0, true);
			if (timespec_cmp(&e->mtime, &newest) > 0)
				newest = e->mtime;
		}
	filelist_sort_dedup(&p->fl); /* a program several trees have */
	if (p->fl.n)
		add_link(&p->fl, link, to, newest);
}

/* Makefile lines that stop a build unless $(kbp-common)/LIST lists DIGEST
 * (its third line), saying why. */
static void add_digest_check(struct strbuf *b, const char *list, const char *digest, const char *why)
{
	strbuf_addf(b,
		    "ifneq ($(shell sed -n '3{s/^digest //p;q}' $(kbp-common)/%s 2>/dev/null),%s)\n"
		    "$(error %s)\n"
		    "endif\n",
		    list, digest, why);
}

/* What 'make -C' in the flavour's directory reads: kbuild's own Makefile
 * of an O= object tree, pointed at the common part, after checking that
 * the common part, its arch part and the layout's host programs part are
 * the ones it was made with. */
static int write_makefile(const struct split_run *run, const struct split_layout *l, const struct split_tree *t,
			  const char *path)
{
	const char *arch = run->groups[t->group], *ad = l->arch_digest[t->group];
	const char *common = l->common_name, *digest = l->common.digest;
	_cleanup_free_ char *kbuild_check = l->kind->kbuild_check(l->kbuild_name);
	_cleanup_free_ char *why = NULL;
	struct strbuf b = { 0 };
	int r;

	strbuf_addf(&b,
		    "# Written by kbuild-pack split (doc/split.md): the build directory of\n"
		    "# Linux %s for external modules (make -C <this directory> M=DIR), in\n"
		    "# two parts. This directory holds what only this kernel has (its\n"
		    "# configuration, generated headers, Module.symvers, host programs), as\n"
		    "# an O= object tree does; ../linux-headers-%s holds the sources all\n"
		    "# the kernels of the release share (the common part).\n",
		    t->sel.t.release, common);
	strbuf_addf(&b, SPLIT_MAKEFILE_MARK "linux-headers-%s %s\n", common, digest);
	strbuf_adds(&b, "kbp-here := $(realpath $(dir $(lastword $(MAKEFILE_LIST))))\n");
	strbuf_addf(&b, "kbp-common := $(abspath $(kbp-here)/../linux-headers-%s)\n", common);
	strbuf_addf(&b,
		    "ifeq ($(wildcard $(kbp-common)/Makefile),)\n"
		    "$(error $(kbp-here) needs the common part of Linux %s, %s, in $(kbp-common): it is not installed)\n"
		    "endif\n",
		    l->common.kernel, common);
	why = xasprintf("$(kbp-common) is not the common part $(kbp-here) was made with (digest %s, listed in "
			"$(kbp-common)/" COMMON_LIST_NAME "): install the common part of this kernel's release", digest);
	add_digest_check(&b, COMMON_LIST_NAME, digest, why);
	if (*ad) {
		_cleanup_free_ char *list = xasprintf(SPLIT_ARCH_LIST_PREFIX "%s", arch);

		free(why);
		why = xasprintf("$(kbp-here) needs the %s part of Linux %s, listed in $(kbp-common)/%s with digest %s: "
				"it is not installed, or another one is", arch, l->common.kernel, list, ad);
		strbuf_addf(&b, SPLIT_MAKEFILE_ARCH_MARK "%s %s\n", list, ad);
		add_digest_check(&b, list, ad, why);
	}
	strbuf_adds(&b, kbuild_check);
	strbuf_adds(&b, "export KBUILD_OUTPUT := $(kbp-here)\n"
			"include $(kbp-common)/Makefile\n");
	r = write_file(path, b.s, b.len);
	if (r < 0)
		log_err("cannot write %s: %s", path, strerror(-r));
	strbuf_release(&b);
	return r;
}

static int make_flavour(struct split_run *run, struct split_layout *l, size_t ti)
{
	struct split_tree *t = &run->trees[ti];
	struct split_part *p = new_part(l, PART_FLAVOUR, ti, l->kind->flavour_part(t->name, t->sel.t.release));
	_cleanup_free_ char *dir = split_headers_dir(t->sel.t.release);
	_cleanup_free_ char *kbuild = split_kbuild_dir(l, run, ti);
	_cleanup_free_ char *mk = xasprintf("%s/Makefile.%zu", l->scratch, ti);
	_cleanup_free_ char *mk_rel = path_join(dir, "Makefile");
	/* merged /usr: usr/lib/modules/R/build -> ../../../src/..., relative as
	 * Debian's packages there have them; else absolute, as bookworm's */
	_cleanup_free_ char *mods = xasprintf("%slib/modules/%s", l->merged_usr ? "usr/" : "", t->sel.t.release);
	_cleanup_free_ char *build = path_join(mods, "build"), *source = path_join(mods, "source");
	const char *up = l->merged_usr ? "../../../" : "/";
	_cleanup_free_ char *build_to = xasprintf("%s%s", up, l->merged_usr ? dir + strlen("usr/") : dir);
	_cleanup_free_ char *source_to = xasprintf("%s%s", up, l->merged_usr ? l->common_dir + strlen("usr/") : l->common_dir);
	const struct pack_entry *top = filelist_find(&t->sel.fl, "Makefile");
	struct timespec when = top ? top->mtime : (struct timespec){ 0 };
	int r;

	for (size_t j = 0; j < t->sel.fl.n; j++) {
		struct split_item *it = &t->items[j];

		if (it->e->type == ENTRY_DIR || it->src_side)
			continue;
		if (it->linked) {
			/* usr/src/linux-headers-R/a/b -> ../../linux-kbuild-C-ARCH/a/b */
			_cleanup_free_ char *rel = path_join(dir, it->e->rel);
			struct strbuf to = { 0 };

			for (const char *s = it->e->rel; (s = strchr(s, '/')) != NULL; s++)
				strbuf_addn(&to, "../", 3);
			strbuf_addf(&to, "../%s/%s", path_basename(kbuild), it->e->rel);
			add_link(&p->fl, rel, strbuf_str(&to), it->e->mtime)->component = it->e->component;
			strbuf_release(&to);
		} else if (it->part == PART_FLAVOUR) {
			add_copy(&p->fl, dir, it->e);
		}
	}
	r = write_makefile(run, l, t, mk);
	if (r < 0)
		return r;
	add_made_file(&p->fl, mk_rel, mk, when);
	add_link(&p->fl, build, build_to, when);
	add_link(&p->fl, source, source_to, when);
	return 0;
}

/* The files of a component other than main go to a part of their own,
 * PART@COMPONENT, so that each can be a package of its own (the Rust part
 * of a flavour, Ubuntu's linux-lib-rust). */
static void split_components(struct split_layout *l)
{
	size_t n = l->nparts;

	for (size_t i = 0; i < n; i++) {
		size_t o = 0;

		for (size_t j = 0; j < l->parts[i].fl.n; j++) {
			struct pack_entry *e = l->parts[i].fl.v[j];
			struct split_part *cp = NULL;
			_cleanup_free_ char *name = NULL;

			if (!strcmp(e->component, COMPONENT_MAIN)) {
				l->parts[i].fl.v[o++] = e;
				continue;
			}
			name = xasprintf("%s@%s", l->parts[i].name, e->component);
			for (size_t k = n; k < l->nparts && !cp; k++)
				if (!strcmp(l->parts[k].name, name))
					cp = &l->parts[k];
			if (!cp) {
				cp = new_part(l, l->parts[i].kind, l->parts[i].index, name);
				cp->component = e->component;
				name = NULL;
			}
			/* new_part may move the array: append through the index */
			{
				struct filelist *fl = &cp->fl;
				if (fl->n == fl->cap) {
					fl->cap = fl->cap ? fl->cap * 2 : 64;
					fl->v = xrealloc(fl->v, fl->cap * sizeof(*fl->v));
				}
				fl->v[fl->n++] = e;
			}
		}
		l->parts[i].fl.n = o;
	}
}

static void count(struct split_part *p)
{
	for (size_t i = 0; i < p->fl.n; i++) {
		const struct pack_entry *e = p->fl.v[i];
		if (e->type == ENTRY_FILE) {
			p->files++;
			p->bytes += (uint64_t)e->size;
		} else if (e->type == ENTRY_LINK) {
			p->links++;
		}
	}
}

int split_layout_make(struct split_run *run, const struct split_layout_opts *o, struct split_layout *l)
{
	const struct common_list *published = o->published;
	bool common_only = o->common_only;
	const struct ktree *t0 = &run->trees[0].sel.t;
	int r;

	memset(l, 0, sizeof(*l));
	l->kind = o->kind;
	l->merged_usr = o->merged_usr;
	l->kbuild_name = o->kbuild_name ? xstrdup(o->kbuild_name) : xasprintf("%d.%d", t0->version, t0->patchlevel);
	r = scratch_make("split", &l->scratch);
	if (r < 0)
		return r;
	if (published) {
		l->common.name = xstrdup(published->name);
		l->common.kernel = xstrdup(published->kernel);
		memcpy(l->common.digest, published->digest, sizeof(l->common.digest));
		l->common_name = xstrdup(published->name);
		l->common_dir = split_headers_dir(l->common_name);
	} else {
		r = make_common(run, l, o->common_name, o->clamp_mtime);
		if (r < 0)
			return r;
	}
	l->arch_digest = xcalloc(run->ngroups ? run->ngroups : 1, sizeof(*l->arch_digest));
	if (!common_only && l->kind->kbuild_part && !run->published_kbuild)
		make_kbuild(run, l);
	for (size_t g = 0; r == 0 && !common_only && !l->kind->kbuild_part && g < run->ngroups; g++)
		r = make_arch(run, l, g);
	for (size_t i = 0; r == 0 && !common_only && i < run->ntrees; i++)
		r = make_flavour(run, l, i);
	if (r == 0)
		split_components(l);
	for (size_t i = 0; i < l->nparts; i++) {
		if (l->parts[i].fl.n == 0) { /* an arch whose trees share nothing: no part */
			free(l->parts[i].name);
			filelist_release(&l->parts[i].fl);
			memmove(&l->parts[i], &l->parts[i + 1], (l->nparts - i - 1) * sizeof(*l->parts));
			l->nparts--;
			i--;
			continue;
		}
		add_dirs(&l->parts[i].fl);
		count(&l->parts[i]);
	}
	return r;
}

void split_layout_take_parts(struct split_layout *l, struct split_layout *from)
{
	struct split_part *v = xcalloc(l->nparts + from->nparts + 1, sizeof(*v));

	memcpy(v, from->parts, from->nparts * sizeof(*v));
	memcpy(v + from->nparts, l->parts, l->nparts * sizeof(*v));
	free(l->parts);
	free(from->parts);
	l->parts = v;
	l->nparts += from->nparts;
	from->parts = NULL;
	from->nparts = 0;
}

void split_layout_release(struct split_layout *l)
{
	for (size_t i = 0; i < l->nparts; i++) {
		free(l->parts[i].name);
		filelist_release(&l->parts[i].fl);
	}
	free(l->parts);
	common_list_release(&l->common);
	free(l->arch_digest);
	free(l->common_name);
	free(l->common_dir);
	free(l->kbuild_name);
	if (l->scratch) {
		scratch_remove(l->scratch);
		free(l->scratch);
	}
	memset(l, 0, sizeof(*l));
}
