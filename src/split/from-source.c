// SPDX-License-Identifier: GPL-2.0-or-later
/* The common part made from the source tree alone, where no built tree is
 * at hand (a distribution's architecture-independent job): what the
 * manifests take from the sources whatever the architecture and the
 * configuration (a rule from the source tree, without `when`, in no
 * architecture's manifest, not naming ${SRCARCH}), that every architecture
 * given takes. The architecture jobs check their trees against it
 * (--common) and put what their trees take beyond it in their own parts.
 * Debian's layout (--layout debian) holds more, as Debian's
 * linux-headers-ABI-common does: every source file some configuration of
 * some architecture given takes, the architectures' own included, so that
 * no architecture's job has a source part of its own. */
#define _GNU_SOURCE
#include "split/from-source.h"

#include <string.h>

#include "rules/select.h"
#include "shared/alloc.h"
#include "shared/log.h"

static bool arch_independent(const struct rule *r, void *ctx)
{
	(void)ctx;
	if (r->from != ORIGIN_SRC || r->nwhen || strstr(r->file, "/arch/"))
		return false;
	for (size_t i = 0; i < r->ninclude; i++)
		if (strstr(r->include[i], "${SRCARCH}"))
			return false;
	return true;
}

static bool any_source(const struct rule *r, void *ctx)
{
	(void)ctx;
	return r->from == ORIGIN_SRC;
}

int split_open_source(const struct split_opts *o, const char *source, struct split_run *run)
{
	/* a layout's own common part holds every source file some rule of any
	 * configuration takes; the plain one's (--common-only), those of the
	 * rules that hold for every configuration */
	bool every = o->layout->common_from_source;
	struct select_opts so = { .clamp_mtime = o->clamp_mtime,
				  .allow_outside_links = o->rules.allow_outside_links,
				  .any_config = every };
	int r = 0;

	run->trees = xcalloc(o->narches, sizeof(*run->trees));
	for (size_t i = 0; r == 0 && i < o->narches; i++) {
		struct split_tree *t = &run->trees[i];

		t->o = (struct pack_opts){ .rules = o->rules, .clamp_mtime = o->clamp_mtime };
		run->ntrees++;
		r = ktree_open_source(&t->sel.t, source, o->arches[i]);
		if (r < 0)
			break;
		t->name = t->sel.t.srcarch;
		t->group = run->ngroups;
		run->groups = xrealloc(run->groups, (run->ngroups + 1) * sizeof(*run->groups));
		run->groups[run->ngroups++] = xstrdup(o->arches[i]);
		r = (every ? manifest_load_sources : manifest_load_tree)(&t->sel.ms, o->rules.manifest_dir, o->arches[i],
									   o->rules.extra_manifests, o->rules.nextra);
		if (r == 0) {
			manifest_set_keep(&t->sel.ms, every ? any_source : arch_independent, NULL);
			r = select_files(&t->sel.t, &t->sel.ms, &so, &t->sel.fl);
		}
	}
	run->union_sources = every;
	if (r == 0)
		log_info("%s: the common part of Linux %s from the sources alone, for %zu architecture(s)", source,
			 run->trees[0].sel.t.release, o->narches);
	return r;
}
