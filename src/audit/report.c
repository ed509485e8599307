// SPDX-License-Identifier: GPL-2.0-or-later
/* The findings of the builds: merged, printed, written as YAML. */
#define _GNU_SOURCE
#include "audit/audit.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "audit/usage.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/macro.h"
#include "shared/name.h"
#include "shared/str.h"
#include "shared/yaml-out.h"

static void finding_free(void *p)
{
	struct audit_finding *f = p;

	free(f->path);
	free(f->progs);
	free(f);
}

static int cmp_finding(const void *a, const void *b)
{
	const struct audit_finding *x = *(void *const *)a, *y = *(void *const *)b;
	int c = strcmp(x->path, y->path);

	return c ? c : strcmp(x->progs, y->progs);
}

/* Sorted by path, one entry per path, its programs joined by ','. */
static void merge_findings(struct ptrarray *a)
{
	size_t out = 0;

	if (!a->n)
		return;
	qsort(a->v, a->n, sizeof(*a->v), cmp_finding);
	for (size_t i = 0; i < a->n; i++) {
		struct audit_finding *f = a->v[i], *last = out ? a->v[out - 1] : NULL;

		if (last && !strcmp(last->path, f->path)) {
			if (strcmp(last->progs, f->progs) && !strstr(last->progs, f->progs)) {
				char *joined = xasprintf("%s,%s", last->progs, f->progs);
				free(last->progs);
				last->progs = joined;
			}
			finding_free(f);
			continue;
		}
		a->v[out++] = f;
	}
	a->n = out;
}

void audit_finish(struct audit_result *r)
{
	size_t out = 0;

	merge_findings(&r->missing);
	merge_findings(&r->escapes);
	merge_findings(&r->writes);
	ptrarray_sort_strings(&r->used);
	for (size_t i = 0; i < r->used.n; i++) {
		if (out && !strcmp(r->used.v[out - 1], r->used.v[i])) {
			free(r->used.v[i]);
			continue;
		}
		r->used.v[out++] = r->used.v[i];
	}
	r->used.n = out;
}

/* "WHAT: PATH (PROGS)", one line whatever the traced path holds (shared/name.h). */
static void print_findings(FILE *out, const char *what, const struct ptrarray *findings)
{
	for (size_t i = 0; i < findings->n; i++) {
		const struct audit_finding *f = findings->v[i];
		_cleanup_free_ char *path = name_escape(f->path);

		fprintf(out, "%s: %s (%s)\n", what, path, f->progs);
	}
}

void audit_print(const struct audit_result *r, bool verbose, FILE *out)
{
	print_findings(out, "missing", &r->missing);
	print_findings(out, "escape", &r->escapes);
	print_findings(out, "write", &r->writes);
	for (size_t i = 0; i < r->failed.n; i++)
		fprintf(out, "build failed: %s\n", (const char *)r->failed.v[i]);
	for (size_t i = 0; i < r->rules.n; i++) {
		const struct rule_usage *u = r->rules.v[i];
		fprintf(out, "rule %s: %zu/%zu files, %" PRIu64 "/%" PRIu64 " bytes used%s\n", u->name, u->files_used,
			u->files, u->bytes_used, u->bytes, u->files_used ? "" : " (unused)");
		for (size_t k = 0; verbose && k < u->used.n; k++) {
			_cleanup_free_ char *path = name_escape(u->used.v[k]);

			fprintf(out, "  %s\n", path);
		}
	}
}

static void yaml_findings(struct yaml_out *y, const char *key, const struct ptrarray *a)
{
	yaml_out_key(y, key);
	yaml_out_seq_start(y);
	for (size_t i = 0; i < a->n; i++) {
		const struct audit_finding *x = a->v[i];
		yaml_out_map_start(y);
		yaml_out_kv(y, "path", x->path);
		yaml_out_kv(y, "by", x->progs);
		yaml_out_map_end(y);
	}
	yaml_out_seq_end(y);
}

static void yaml_strings(struct yaml_out *y, const char *key, const struct ptrarray *a)
{
	yaml_out_key(y, key);
	yaml_out_seq_start(y);
	for (size_t i = 0; i < a->n; i++)
		yaml_out_str(y, a->v[i]);
	yaml_out_seq_end(y);
}

int audit_write_report(FILE *out, const struct audit_opts *o, const struct audit_result *r)
{
	struct ptrarray modules = { .v = (void **)o->modules, .n = o->nmodules };
	struct yaml_out y;

	yaml_out_begin(&y, out, false);
	yaml_out_map_start(&y);
	yaml_out_kvu(&y, "kbuild-pack-audit", 1);
	yaml_out_kv(&y, "build", o->build);
	yaml_strings(&y, "modules", &modules);
	yaml_findings(&y, "missing", &r->missing);
	yaml_findings(&y, "escapes", &r->escapes);
	yaml_findings(&y, "writes", &r->writes);
	yaml_strings(&y, "failed", &r->failed);
	yaml_out_key(&y, "rules");
	yaml_out_seq_start(&y);
	for (size_t i = 0; i < r->rules.n; i++) {
		const struct rule_usage *u = r->rules.v[i];
		yaml_out_map_start(&y);
		yaml_out_kv(&y, "name", u->name);
		yaml_out_kvu(&y, "files", u->files);
		yaml_out_kvu(&y, "files-used", u->files_used);
		yaml_out_kvu(&y, "bytes", u->bytes);
		yaml_out_kvu(&y, "bytes-used", u->bytes_used);
		yaml_out_map_end(&y);
	}
	yaml_out_seq_end(&y);
	yaml_strings(&y, "used", &r->used);
	yaml_out_map_end(&y);
	return yaml_out_end(&y);
}

void audit_result_release(struct audit_result *r)
{
	ptrarray_free(&r->missing, finding_free);
	ptrarray_free(&r->escapes, finding_free);
	ptrarray_free(&r->writes, finding_free);
	ptrarray_free(&r->used, free);
	ptrarray_free(&r->failed, free);
	ptrarray_free(&r->built, free);
	ptrarray_free(&r->rules, rule_usage_free);
}
