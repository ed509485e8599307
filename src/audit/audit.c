// SPDX-License-Identifier: GPL-2.0-or-later
/* kbp_audit: the module directories gathered, the tree packed when asked,
 * the builds audited, the findings printed and written. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include "audit/audit.h"
#include "audit/corpus.h"
#include "audit/pack-scratch.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/output.h"
#include "pack/pack.h"

/* --report stays out of the trees audit reads (SRC, OBJ, BUILD): a report
 * written there changes them. Checked and held from the start. */
static int open_report(const struct audit_request *q, struct outfile *report)
{
	_cleanup_free_ char *src = q->src ? realpath(q->src, NULL) : NULL;
	_cleanup_free_ char *obj = q->obj ? realpath(q->obj, NULL) : NULL;
	_cleanup_free_ char *b = q->build ? realpath(q->build, NULL) : NULL;
	const struct guarded_dir trees[] = { { "source", src }, { "object", obj }, { "build", b } };
	int r = q->report ? outfile_open(report, "--report", q->report, trees, ARRAY_SIZE(trees)) : 0;

	return r > 0 ? KBP_EUSAGE : r;
}

/* Builds, classifies, reports: 0 clean, 1 findings, a negative errno. */
static int audit_and_report(const struct audit_request *q, struct audit_opts *o, struct outfile *report)
{
	struct audit_result r = { 0 };
	int n;

	n = audit_run(o, &r);
	if (n == 0 && q->report) {
		FILE *f = outfile_stream(report);

		n = f ? audit_write_report(f, o, &r) : -EIO;
		if (f && n < 0)
			log_err("%s: cannot write the report", q->report);
		n = outfile_close(report, n);
	}
	if (n == 0 && !q->quiet)
		audit_print(&r, q->verbose, stdout);
	if (n == 0 && (r.missing.n || r.escapes.n || r.writes.n || r.failed.n))
		n = 1;
	audit_result_release(&r);
	return n;
}

int kbp_audit(const struct audit_request *q)
{
	struct audit_opts o = {
		.build = q->build,
		.pack_report = q->pack_report,
		.make_args = q->make_args,
		.nmake_args = q->nmake_args,
		.trees = { q->src, q->obj },
		.keep = q->keep,
	};
	struct pack_scratch ps = { 0 };
	struct ptrarray modules = { 0 }, obj_m = { 0 };
	struct outfile report = { .dirfd = -1 };
	int n = open_report(q, &report);

	if (n < 0) {
		outfile_release(&report);
		return n;
	}

	for (size_t i = 0; i < q->nmodules; i++) {
		ptrarray_push(&modules, xstrdup(q->modules[i]));
		ptrarray_push(&obj_m, NULL);
	}
	if (q->corpus)
		audit_add_corpus(&modules, &obj_m);
	if (q->pack && (n = pack_scratch_make(q->src, q->obj, q->manifest_dir, &ps)) == 0) {
		o.build = ps.build;
		o.pack_report = ps.report;
	}
	if (n == 0 && q->samples)
		n = audit_add_kernel_samples(&modules, &obj_m, q->src, o.build);
	if (n == 0 && !modules.n)
		n = -ENOENT;
	o.modules = (char **)modules.v;
	o.obj_m = (char **)obj_m.v;
	o.nmodules = modules.n;
	if (n == 0)
		n = audit_and_report(q, &o, &report);
	outfile_release(&report);
	pack_scratch_release(&ps, q->keep);
	ptrarray_free(&modules, free);
	ptrarray_free(&obj_m, free);
	if (n < 0 && interrupted() && (!q->pack || o.build)) /* else kbp_pack said it */
		log_err("interrupted by signal %d", interrupted());
	return n;
}
