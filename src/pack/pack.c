// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "pack/pack.h"

#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <sys/stat.h>

#include "inspect/verify.h"
#include "kernel/symvers.h"
#include "kernel/tree.h"
#include "rules/filelist.h"
#include "rules/manifest.h"
#include "pack/report.h"
#include "rules/select.h"
#include "pack/steps/bundled-modpost.h"
#include "pack/steps/hosttools.h"
#include "pack/steps/strip-debug.h"
#include "pack/steps/vmlinux-btf.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/datadir.h"
#include "shared/macro.h"
#include "shared/name.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/strbuf.h"
#include "shared/path.h"
#include "shared/output.h"
#include "shared/fs.h"
#include "shared/scratch.h"
#include "shared/stopwatch.h"
#include "sink/sink.h"

/* Module.symvers must exist (or be explicitly waived) and parse the way the
 * kernel's modpost will parse it, or every module build fails later. */
static int check_symvers(const struct ktree *t, const struct pack_opts *o)
{
	_cleanup_free_ char *p = path_join(t->obj, "Module.symvers");
	struct symvers sv = { 0 };
	char *err = NULL;
	int r;

	if (!path_exists(p)) {
		if (o->rules.allow_missing_symvers) {
			log_warn("%s is missing: modules built against the output will have no symbol versions", p);
			return 0;
		}
		log_err("%s is missing: build the kernel's modules first (or pass --allow-missing-symvers)", p);
		return -ENOENT;
	}
	r = symvers_read(p, &sv, &err);
	if (r < 0) {
		log_err("%s", err);
		free(err);
		symvers_release(&sv); /* the lines read before the bad one */
		return r;
	}
	if (sv.n == 0 && kconfig_enabled(&t->config, "CONFIG_MODVERSIONS"))
		log_warn("%s holds no symbols", p);
	symvers_release(&sv);
	return 0;
}

/* What the pack writes or replaces must not overlap the trees it reads: an
 * output inside them changes the tree being packed, and --force on one that
 * holds them deletes them. The same for --report, which is held open from
 * here on (shared/output.h). */
static int check_out(const struct ktree *t, const struct pack_opts *o, struct outfile *report)
{
	const struct guarded_dir trees[] = { { "source", t->src }, { "object", t->split ? t->obj : NULL } };
	_cleanup_free_ char *build = NULL, *source = NULL;
	int r = 0;

	if (o->report)
		r = outfile_open(report, "--report", o->report, trees, ARRAY_SIZE(trees));
	if (r == 0 && o->out && !o->list && o->format != FORMAT_DIR)
		r = output_check("--out", o->out, o->out, trees, ARRAY_SIZE(trees));
	if (r == 0 && o->out && !o->list && o->format == FORMAT_DIR) {
		build = xasprintf("%s/lib/modules/%s/build", o->out, t->release);
		source = xasprintf("%s/lib/modules/%s/source", o->out, t->release);
		r = output_check("--out", o->out, build, trees, ARRAY_SIZE(trees));
		if (r == 0)
			r = output_check("--out", o->out, source, trees, ARRAY_SIZE(trees));
	}
	return r > 0 ? KBP_EUSAGE : r;
}

/* Steps that add or replace entries after the manifests made their
 * selection: files kbuild-pack brings or makes itself (ORIGIN_TOOL). */
static const struct {
	const char *name;
	int (*run)(struct pack_ctx *);
} post_select_steps[] = {
	{ "bundled-modpost", bundled_modpost_install },
	{ "host-tools", hosttools_rebuild }, /* after the bundled modpost: it warns about it when foreign */
	{ "vmlinux", vmlinux_step },         /* the BTF base of modules */
	{ "strip-debug", strip_debug_step }, /* last: also what the steps above rebuilt */
};

/* One line a file, its fields separated by tabs: whatever a name holds,
 * it is escaped so (shared/name.h). */
static void print_list(const struct filelist *fl)
{
	for (size_t i = 0; i < fl->n; i++) {
		const struct pack_entry *e = fl->v[i];
		_cleanup_free_ char *rel = NULL, *rule = NULL, *target = NULL;

		if (e->type == ENTRY_DIR)
			continue;
		rel = name_escape(e->rel);
		rule = name_escape(e->rule);
		target = e->type == ENTRY_LINK ? name_escape(e->target) : NULL;
		printf("%s\t%s\t%s\t%s%s%s\n", rel, origin_name(e->origin), rule, e->component, target ? "\t-> " : "",
		       target ? target : "");
	}
}

/* The result, checked in its temporary place: a broken tree is never published. */
static int verify_staged(const struct pack_ctx *ctx, const struct sink *s)
{
	const struct pack_opts *o = ctx->o;
	struct verify_opts vo = { .host_arch = o->host_arch, .host = ctx->host, .canary = ctx->canary,
				  .no_btf_base = o->rules.vmlinux == VMLINUX_NONE,
				  .manifest_dir = o->rules.manifest_dir, .extra_manifests = o->rules.extra_manifests,
				  .nextra = o->rules.nextra };
	int n = kbp_verify(s->path, &vo, stderr, NULL);

	if (n > 0)
		log_err("verify found %d problem(s) in the %s; %s was not written", n,
			o->ncomponents ? "whole tree the part is cut from" : "result", o->out);
	return n > 0 ? -EBADMSG : n;
}

/* --verify of a part (--component): verify checks a whole build directory,
 * so it checks the whole selection the parts are cut from, staged in the
 * scratch directory, before any part is written. */
static int verify_whole(struct pack_ctx *ctx)
{
	const struct pack_opts *o = ctx->o;
	const char *scratch = pack_scratch_dir(ctx);
	_cleanup_free_ char *out = scratch ? path_join(scratch, "whole") : NULL;
	struct sink_config sc = { .out = out, .release = ctx->t->release, .clamp_mtime = o->clamp_mtime,
				  .format = FORMAT_DIR };
	_cleanup_(sink_freep) struct sink *s = NULL;
	int r;

	if (!out)
		return -EIO;
	s = sink_new(&sc);
	r = sink_fill(s, ctx->fl);
	if (r == 0)
		r = verify_staged(ctx, s);
	sink_abort(s); /* only a check: never published */
	return r;
}

/* Into a temporary file beside the report, renamed when the output is
 * committed (pack_sel_release removes it otherwise). */
static int write_report(struct pack_ctx *ctx, const struct manifest_set *ms)
{
	const struct pack_opts *o = ctx->o;
	struct report_info ri = { .tree = ctx->t, .manifests = ms, .files = ctx->fl, .format = o->format,
				  .out = o->out, .clamp_mtime = o->clamp_mtime, .components = o->components,
				  .ncomponents = o->ncomponents, .exclude_components = o->exclude_components };
	FILE *f = outfile_stream(&ctx->report);
	int r;

	if (!f)
		return -EIO;
	r = report_write(f, &ri);
	if (r < 0)
		log_err("cannot write the report %s: %s", o->report, strerror(-r));
	return r;
}

/* Does the output hold the component "main" (and with it the 'source' link)? */
static bool packs_main(const struct pack_opts *o)
{
	bool named = false;

	for (size_t i = 0; i < o->ncomponents; i++)
		named = named || !strcmp(o->components[i], COMPONENT_MAIN);
	return o->ncomponents == 0 || named != o->exclude_components;
}

/* The sink's one owner: whatever fails once it began, this aborts it, once. */
static int write_output(struct pack_ctx *ctx, const struct manifest_set *ms)
{
	const struct pack_opts *o = ctx->o;
	struct sink_config sc = { .out = o->out, .release = ctx->t->release, .force = o->force,
				  .clamp_mtime = o->clamp_mtime, .format = o->format, .hardlink_dups = o->hardlink_dups,
				  .no_source_link = !packs_main(o) };
	_cleanup_(sink_freep) struct sink *s = sink_new(&sc);
	struct stopwatch w;
	int r;

	stopwatch_start(&w);
	r = sink_fill(s, ctx->fl);
	stopwatch_lap(&w, "write");
	if (r == 0 && (o->verify || ctx->canary) && !o->ncomponents) { /* a part: verify_whole() did */
		r = verify_staged(ctx, s);
		stopwatch_lap(&w, "verify");
	}
	if (r == 0 && o->report) {
		r = write_report(ctx, ms);
		stopwatch_lap(&w, "report");
	}
	/* A signal during --verify or --report must not let the result out. */
	if (r == 0 && interrupted())
		r = -EINTR;
	r = sink_end(s, r);
	stopwatch_lap(&w, "commit");
	if (o->report) /* renamed into place once the output is */
		r = outfile_close(&ctx->report, r);
	if (r < 0)
		return r;
	log_info("wrote %s (%zu entries)", s->path, ctx->fl->n);
	return 0;
}

static int open_tree(struct ktree *t, const struct pack_opts *o, struct outfile *report)
{
	int r = ktree_open(t, o->src, o->obj, o->arch);

	if (r < 0)
		return r;
	log_info("kernel %s (%d.%d.%d), arch %s, %s build", t->release, t->version, t->patchlevel, t->sublevel,
		 t->srcarch, t->split ? "O=" : "in-tree");
	return check_out(t, o, report);
}

/* --component/--exclude-component: a name no rule gives is a typo, not an
 * empty package. */
static int check_components(const struct pack_opts *o, const struct manifest_set *ms)
{
	for (size_t i = 0; i < o->ncomponents; i++) {
		if (!manifest_has_component(ms, o->components[i])) {
			struct ptrarray known = manifest_components(ms);
			struct strbuf b = { 0 };

			for (size_t j = 0; j < known.n; j++)
				strbuf_addf(&b, "%s%s", j ? ", " : "", (char *)known.v[j]);
			log_err("--%scomponent %s: no manifest rule has this component (known: %s)",
				o->exclude_components ? "exclude-" : "", o->components[i], strbuf_str(&b));
			strbuf_release(&b);
			ptrarray_free(&known, NULL);
			return KBP_EUSAGE;
		}
	}
	return 0;
}

/* The part the options ask for, cut from the finished selection. */
static void restrict_components(const struct pack_opts *o, struct filelist *fl)
{
	if (!o->ncomponents)
		return;
	filelist_filter_components(fl, o->components, o->ncomponents, !o->exclude_components);
	if (fl->n == 0)
		log_warn("the components chosen hold no file for this tree: the output is empty");
}

/* The manifests say which series they are proven on (proven-series): for
 * another one a module build against the result may lack what that series'
 * kbuild reads (5.10 ran objtool under another switch than 6.1), so it is
 * packed only on request, and then published only when a canary module
 * builds against it. --list writes nothing: it only warns. */
static int check_series(struct pack_ctx *ctx, const struct manifest_set *ms)
{
	const struct ktree *t = ctx->t;
	_cleanup_free_ char *proven = NULL;

	if (manifest_series_proven(ms, t->version, t->patchlevel))
		return 0;
	proven = manifest_proven_list(ms);
	if (ctx->o->list || ctx->o->unproven_series) {
		log_warn("linux %d.%d (release %s) is not a series the manifests are proven on (%s)%s", t->version,
			 t->patchlevel, t->release, proven,
			 ctx->o->list ? "" : ": the result is published only if a canary module builds against it");
		ctx->canary = !ctx->o->list;
		return 0;
	}
	log_err("linux %d.%d (release %s) is not a series the manifests are proven on (%s): a build directory "
		"packed from it may lack what its module builds need. --unproven-series packs it anyway and "
		"publishes the result only if a canary module builds against it (verify --canary)",
		t->version, t->patchlevel, t->release, proven);
	return -EPROTONOSUPPORT;
}

static int run_post_select_steps(struct pack_ctx *ctx, struct stopwatch *w)
{
	int r = 0;

	for (size_t i = 0; r == 0 && i < ARRAY_SIZE(post_select_steps); i++) {
		r = interrupted() ? -EINTR : post_select_steps[i].run(ctx);
		stopwatch_lap(w, post_select_steps[i].name);
	}
	return r;
}

/* The symvers check, on a thread of its own while the manifests are read
 * and the files chosen: it reads only, and so do they. Its messages, and
 * theirs, are said as if it came first; when it fails, theirs never are. */
struct symvers_check {
	const struct ktree *t;
	const struct pack_opts *o;
	struct strbuf log;
	int ret;
};

static void *run_symvers_check(void *arg)
{
	struct symvers_check *c = arg;
	struct stopwatch w;

	log_capture(&c->log);
	stopwatch_start(&w);
	c->ret = check_symvers(c->t, c->o);
	if (c->ret == 0)
		stopwatch_lap(&w, "symvers");
	log_capture(NULL);
	return NULL;
}

static int choose_files(const struct pack_opts *o, struct pack_sel *sel, struct stopwatch *w)
{
	struct select_opts so = { .clamp_mtime = o->clamp_mtime, .allow_outside_links = o->rules.allow_outside_links };
	int r = manifest_load_tree(&sel->ms, o->rules.manifest_dir, sel->t.srcarch, o->rules.extra_manifests,
				   o->rules.nextra);

	if (r == 0)
		r = check_series(&sel->ctx, &sel->ms);
	if (r == 0)
		r = check_components(o, &sel->ms);
	stopwatch_lap(w, "manifests");
	if (r == 0)
		r = select_files(&sel->t, &sel->ms, &so, &sel->fl);
	stopwatch_lap(w, "select");
	return r;
}

int pack_select(const struct pack_opts *o, struct pack_sel *sel)
{
	struct symvers_check sc = { .o = o };
	struct strbuf said = { 0 };
	struct strbuf *outer;
	struct stopwatch w;
	pthread_t tid;
	bool apart;
	int r;

	stopwatch_start(&w);
	*sel = (struct pack_sel){ .ctx = { .t = &sel->t, .o = o, .fl = &sel->fl, .report = { .dirfd = -1 } } };
	r = open_tree(&sel->t, o, &sel->ctx.report);
	stopwatch_lap(&w, "tree");
	if (r < 0)
		return r;
	sc.t = &sel->t;
	apart = pthread_create(&tid, NULL, run_symvers_check, &sc) == 0;
	if (!apart)
		run_symvers_check(&sc);
	outer = log_capture(&said);
	r = choose_files(o, sel, &w);
	log_capture(outer);
	if (apart)
		pthread_join(tid, NULL); /* before any fork of the steps below */
	log_replay(sc.log.s, sc.log.len);
	if (sc.ret < 0)
		r = sc.ret;
	else
		log_replay(said.s, said.len);
	strbuf_release(&sc.log);
	strbuf_release(&said);
	if (r == 0)
		r = run_post_select_steps(&sel->ctx, &w);
	return r;
}

void pack_sel_release(struct pack_sel *sel)
{
	if (sel->ctx.scratch) {
		scratch_remove(sel->ctx.scratch);
		free(sel->ctx.scratch);
		sel->ctx.scratch = NULL;
	}
	outfile_release(&sel->ctx.report);
	filelist_release(&sel->fl);
	manifest_set_release(&sel->ms);
	ktree_release(&sel->t); /* what a failed ktree_open made, too */
}

int kbp_pack(const struct pack_opts *o)
{
	struct pack_sel sel;
	int r;

	r = pack_select(o, &sel);
	if (r == 0 && (o->verify || sel.ctx.canary) && o->ncomponents && !o->list)
		r = verify_whole(&sel.ctx);
	if (r == 0)
		restrict_components(o, &sel.fl);
	if (r == 0 && interrupted())
		r = -EINTR;
	if (r == 0 && o->list)
		print_list(&sel.fl);
	else if (r == 0)
		r = write_output(&sel.ctx, &sel.ms);
	/* The one message for a signal, wherever it stopped the pack. */
	if (r == -EINTR && interrupted())
		log_err("interrupted by signal %d", interrupted());
	pack_sel_release(&sel);
	return r;
}
