// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-pack split: select each tree as a pack would, share the files out
 * by content, write each part (staged beside --out, published at once),
 * and prove for each tree that its parts give what a single pack gives. */
#define _GNU_SOURCE
#include "split/split.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/alloc.h"
#include "shared/fs.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/name.h"
#include "shared/output.h"
#include "shared/path.h"
#include "shared/stopwatch.h"
#include "sink/staging.h"
#include "split/check.h"
#include "split/from-source.h"
#include "split/layout.h"
#include "split/partition.h"
#include "split/report.h"

static void run_release(struct split_run *run)
{
	for (size_t i = 0; i < run->ntrees; i++) {
		struct split_tree *t = &run->trees[i];

		if (t->items)
			for (size_t j = 0; j < t->sel.fl.n; j++)
				free(t->items[j].why);
		free(t->items);
		pack_sel_release(&t->sel);
	}
	free(run->trees);
	for (size_t g = 0; g < run->ngroups; g++)
		free(run->groups[g]);
	free(run->groups);
}

static size_t group_of(struct split_run *run, const char *arch)
{
	size_t g;

	for (g = 0; g < run->ngroups; g++)
		if (!strcmp(run->groups[g], arch))
			return g;
	run->groups = xrealloc(run->groups, (g + 1) * sizeof(*run->groups));
	run->groups[run->ngroups++] = xstrdup(arch);
	return g;
}

/* Groups sorted by name, so the parts come out in one order whatever the
 * order of --tree. */
static void sort_groups(struct split_run *run)
{
	for (size_t a = 0; a < run->ngroups; a++)
		for (size_t b = a + 1; b < run->ngroups; b++)
			if (strcmp(run->groups[b], run->groups[a]) < 0) {
				char *s = run->groups[a];
				run->groups[a] = run->groups[b];
				run->groups[b] = s;
				for (size_t i = 0; i < run->ntrees; i++) {
					size_t *t = &run->trees[i].group;
					*t = *t == a ? b : *t == b ? a : *t;
				}
			}
}

static int open_trees(const struct split_opts *o, struct split_run *run)
{
	int r = 0;

	run->trees = xcalloc(o->ntrees, sizeof(*run->trees));
	for (size_t i = 0; r == 0 && i < o->ntrees; i++) {
		struct split_tree *t = &run->trees[i];

		t->o = (struct pack_opts){
			.src = o->trees[i].src,
			.obj = o->trees[i].obj,
			.rules = o->rules,
			.clamp_mtime = o->clamp_mtime,
		};
		if (o->layout->kbuild_part) /* one modpost serves every target */
			t->o.rules.modpost = MODPOST_BUNDLED;
		run->ntrees++;
		r = pack_select(&t->o, &t->sel);
		if (r < 0)
			break;
		t->name = o->trees[i].name ? o->trees[i].name : t->sel.t.release;
		t->group = group_of(run, t->sel.t.srcarch);
	}
	if (r == 0)
		sort_groups(run);
	return r;
}

/* Trees of one source: one kernel version; a flavour's part is named once. */
static int check_trees(const struct split_run *run, const struct split_layout_kind *lk)
{
	const struct ktree *t0 = &run->trees[0].sel.t;

	for (size_t i = 0; i < run->ntrees; i++) {
		const struct ktree *t = &run->trees[i].sel.t;

		if (t->version != t0->version || t->patchlevel != t0->patchlevel || t->sublevel != t0->sublevel) {
			log_err("%s is Linux %d.%d.%d and %s is %d.%d.%d: the trees of a split are of one source", t->obj,
				t->version, t->patchlevel, t->sublevel, t0->obj, t0->version, t0->patchlevel, t0->sublevel);
			return KBP_EUSAGE;
		}
		if (!component_name_ok(run->trees[i].name) && !name_ok(run->trees[i].name)) {
			log_err("%s: '%s' cannot name a part: give the tree a name (--tree NAME=DIR)", t->obj,
				run->trees[i].name);
			return KBP_EUSAGE;
		}
		for (size_t j = 0; j < i; j++) {
			if (strcmp(run->trees[i].name, run->trees[j].name))
				continue;
			log_err("%s and %s are both named %s (their release): name each flavour (--tree NAME=DIR)",
				run->trees[j].sel.t.obj, t->obj, run->trees[i].name);
			return KBP_EUSAGE;
		}
		for (size_t j = 0; lk->flavour_per_release && j < i; j++)
			if (!strcmp(t->release, run->trees[j].sel.t.release)) {
				_cleanup_free_ char *part = lk->flavour_part("NAME", "RELEASE");

				log_err("trees %s and %s have one release, %s: in %s layout a flavour's package is "
					"%s (give each flavour its own LOCALVERSION)", run->trees[j].name,
					run->trees[i].name, t->release, lk->whose, part);
				return KBP_EUSAGE;
			}
		for (size_t j = 0; j < i; j++) /* different architectures never install together */
			if (!strcmp(t->release, run->trees[j].sel.t.release) && run->trees[i].group == run->trees[j].group)
				log_warn("trees %s and %s have one release, %s: their flavour parts install to the same "
					 "place and cannot be installed together (give each flavour its own LOCALVERSION)",
					 run->trees[j].name, run->trees[i].name, t->release);
	}
	return 0;
}

/* A layout's common part from the source alone (Debian's), for the
 * release's architectures, whatever trees the job has: every tree is checked
 * against it as against a published one. */
static int common_from_source(const struct split_opts *o, struct split_run *run, struct split_run *src_run,
			 struct split_layout *src_l)
{
	struct split_layout_opts lo = { .common_name = o->common_name, .common_only = true,
					.clamp_mtime = o->clamp_mtime, .kind = o->layout,
					.merged_usr = o->merged_usr, .kbuild_name = o->kbuild_name };
	int r;

	for (size_t i = 0; i < run->ntrees; i++) {
		const char *arch = run->trees[i].sel.t.srcarch;
		size_t a = 0;

		while (a < o->narches && strcmp(o->arches[a], arch))
			a++;
		if (a == o->narches) {
			log_err("%s is a tree of %s, which is not among the release's architectures (--arch): %s "
				"common part holds the sources of those alone", run->trees[i].sel.t.obj, arch,
				o->layout->whose);
			return KBP_EUSAGE;
		}
	}
	r = split_open_source(o, run->trees[0].sel.t.src, src_run);
	if (r == 0)
		r = split_partition(src_run);
	if (r == 0)
		r = split_layout_make(src_run, &lo, src_l);
	if (r == 0) {
		run->published = &src_l->common;
		run->kbuild_part = o->layout->kbuild_part;
	}
	return r;
}

/* --kbuild: the published host programs part (its root, or its directory
 * usr/lib/linux-kbuild-SERIES), of this series. *dir: its directory,
 * absolute. */
static int published_kbuild(const struct split_opts *o, const struct split_run *run, char **dir)
{
	const struct ktree *t0 = &run->trees[0].sel.t;
	_cleanup_free_ char *series = o->kbuild_name ? xstrdup(o->kbuild_name)
						      : xasprintf("%d.%d", t0->version, t0->patchlevel);
	_cleanup_free_ char *want = xasprintf("linux-kbuild-%s", series);
	_cleanup_free_ char *in_root = xasprintf("%s/usr/lib/%s", o->kbuild, want);
	const char *d = path_is_dir(in_root) ? in_root : o->kbuild;

	if (strcmp(path_basename(d), want) || !path_is_dir(d)) {
		log_err("--kbuild %s: not the host programs part %s (a root holding usr/lib/%s, or that directory)",
			o->kbuild, want, want);
		return KBP_EUSAGE;
	}
	*dir = realpath(d, NULL);
	if (!*dir) {
		log_err("--kbuild %s: %s", d, strerror(errno));
		return -errno;
	}
	return 0;
}

/* A published common part of another kernel never serves these trees,
 * even when no file of theirs collides with it. */
static int check_published_kernel(const struct common_list *pub, const struct split_run *run)
{
	const struct ktree *t0 = &run->trees[0].sel.t;
	_cleanup_free_ char *ver = xasprintf("%d.%d.%d", t0->version, t0->patchlevel, t0->sublevel);

	if (strcmp(pub->kernel, ver)) {
		log_err("--common: %s is the common part of Linux %s; the trees are Linux %s", pub->name, pub->kernel,
			ver);
		return -EINVAL;
	}
	return 0;
}

/* What split writes (--out, --report) stays out of the trees it reads; --out
 * is new unless --force, and never holds the working directory. (Whole or
 * not at all is write_parts' staging.) */
static int check_outputs(const struct split_opts *o, const struct split_run *run, struct outfile *report)
{
	_cleanup_free_ struct guarded_dir *trees = xcalloc(2 * run->ntrees + 1, sizeof(*trees));
	_cleanup_free_ char *p = NULL, *cwd = NULL;
	size_t n = 2 * run->ntrees;
	struct stat st;
	int r = 0;

	for (size_t i = 0; i < run->ntrees; i++) {
		const struct ktree *t = &run->trees[i].sel.t;

		trees[2 * i] = (struct guarded_dir){ "source", t->src };
		trees[2 * i + 1] = (struct guarded_dir){ "object", t->obj != t->src ? t->obj : NULL };
	}
	if (o->report)
		r = outfile_open(report, "--report", o->report, trees, n);
	if (r != 0 || !o->out || o->list || o->dry_run)
		return r > 0 ? KBP_EUSAGE : r;
	r = output_check("--out", o->out, o->out, trees, n);
	if (r != 0)
		return r > 0 ? KBP_EUSAGE : r;
	p = path_resolve_parents(o->out);
	cwd = realpath(".", NULL);
	if (p && cwd && path_is_below(cwd, p)) {
		log_err("--out %s: the output would replace %s, which holds the working directory", o->out, p);
		return KBP_EUSAGE;
	}
	if (lstat(o->out, &st) == 0 && !o->force) {
		log_err("%s already exists; pass --force to replace it", o->out);
		return -EEXIST;
	}
	return 0;
}

static int write_part(const struct split_opts *o, const struct split_part *p, const char *stage)
{
	const char *ext = o->format == FORMAT_DIR ? "" : sink_format_name(o->format);
	_cleanup_free_ char *out = xasprintf("%s/%s%s%s", stage, p->name, *ext ? "." : "", ext);
	struct sink_config sc = { .out = out, .release = "", .clamp_mtime = o->clamp_mtime, .format = o->format,
				  .bare = true };
	_cleanup_(sink_freep) struct sink *s = sink_new(&sc);

	return sink_end(s, sink_fill(s, &p->fl));
}

/* Every part into a staged directory beside --out, checked, then renamed
 * into place (with --force swapped with the old output, as pack's sink does). */
static int write_parts(const struct split_opts *o, struct split_run *run, const struct split_layout *l,
		       struct outfile *report)
{
	/* the path check_outputs checked: a trailing '/' or a link as its
	 * last component is replaced, never written through */
	_cleanup_free_ char *out = path_resolve_parents(o->out);
	_cleanup_free_ char *templ = NULL;
	_cleanup_free_ char *stage = NULL;
	_cleanup_close_ int lock = -1;
	struct stopwatch w;
	int r;

	if (!out)
		return -errno;
	templ = xasprintf("%s.kbuild-pack-XXXXXX", out);

	staging_sweep(templ);
	r = staging_create(templ, true, &stage, &lock);
	if (r < 0) {
		log_err("cannot create %s: %s", templ, strerror(-r));
		return r;
	}
	stopwatch_start(&w);
	for (size_t i = 0; r == 0 && i < l->nparts; i++)
		r = interrupted() ? -EINTR : write_part(o, &l->parts[i], stage);
	stopwatch_lap(&w, "write");
	if (r == 0 && o->format == FORMAT_DIR && !o->common_only) {
		r = split_check(run, l, stage);
		stopwatch_lap(&w, "check");
		if (r > 0) {
			log_err("%d file(s) of the trees are not in their parts as a single pack has them: %s was not written",
				r, o->out);
			r = -EBADMSG;
		}
	}
	if (r == 0 && o->report) {
		FILE *f = outfile_stream(report);

		r = f ? split_report_write(f, o->report, run, l) : -EIO;
	}
	if (r == 0 && interrupted())
		r = -EINTR;
	if (r == 0 && chmod(stage, 0755) < 0)
		r = -errno;
	if (r == 0) {
		r = staging_publish(stage, out, o->force);
		if (r == -EEXIST || r == -ENOTEMPTY)
			log_err("%s appeared meanwhile; pass --force to replace it", o->out);
	}
	if (o->report) /* renamed into place once the parts are */
		r = outfile_close(report, r);
	if (r < 0)
		rm_rf(stage);
	else
		log_info("wrote %s (%zu parts)", o->out, l->nparts);
	staging_release(stage);
	return r;
}

int kbp_split(const struct split_opts *o)
{
	struct split_run run = { 0 }, src_run = { 0 };
	struct split_layout l = { 0 }, src_l = { 0 };
	struct common_list published = { 0 };
	bool from_source = o->layout->common_from_source;
	_cleanup_free_ char *kbuild_dir = NULL;
	struct outfile report = { .dirfd = -1 };
	struct stopwatch w;
	int r = 0;

	if (o->common) {
		r = common_list_read(o->common, &published);
		run.published = &published;
	}
	if (r == 0 && o->common_only)
		r = split_open_source(o, o->source, &run);
	else if (r == 0)
		r = open_trees(o, &run);
	if (r == 0 && !o->common_only)
		r = check_trees(&run, o->layout);
	if (r == 0 && o->common && !o->common_only)
		r = check_published_kernel(&published, &run);
	if (r == 0 && from_source && !o->common_only)
		r = common_from_source(o, &run, &src_run, &src_l);
	if (r == 0 && o->kbuild && !o->common_only)
		r = published_kbuild(o, &run, &kbuild_dir);
	run.published_kbuild = kbuild_dir;
	if (r == 0)
		r = check_outputs(o, &run, &report);
	stopwatch_start(&w);
	if (r == 0)
		r = split_partition(&run);
	stopwatch_lap(&w, "partition");
	if (r == 0) {
		struct split_layout_opts lo = { .common_name = o->common_name, .published = run.published,
						.common_only = o->common_only, .clamp_mtime = o->clamp_mtime,
						.kind = o->layout, .merged_usr = o->merged_usr,
						.kbuild_name = o->kbuild_name };
		r = split_layout_make(&run, &lo, &l);
		stopwatch_lap(&w, "layout");
	}
	if (r == 0 && from_source && !o->common_only)
		split_layout_take_parts(&l, &src_l);
	if (r == 0 && interrupted())
		r = -EINTR;
	if (r == 0 && o->list)
		split_print_list(stdout, &run, &l);
	else if (r == 0 && o->dry_run)
		split_print_sizes(stdout, &run, &l);
	else if (r == 0)
		r = write_parts(o, &run, &l, &report);
	if (r == -EINTR && interrupted())
		log_err("interrupted by signal %d", interrupted());
	outfile_release(&report);
	split_layout_release(&l);
	split_layout_release(&src_l);
	run_release(&run);
	run_release(&src_run);
	common_list_release(&published);
	return r;
}
