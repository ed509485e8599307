// SPDX-License-Identifier: GPL-2.0-or-later
/* Written with libyaml's emitter, so every path and value is quoted
 * exactly as YAML needs, whatever bytes a file name holds. */
#define _GNU_SOURCE
#include "pack/report.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>
#include <sys/stat.h>

#include "shared/log.h"
#include "shared/sha256.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/yaml-out.h"

#define REPORT_VERSION "1"

/* Only a missing value is null: "null", "y" or "0644" stay strings; a
 * number is written plain. */
static void scalar(struct yaml_out *m, const char *s)
{
	bool number = s && s[0] && strspn(s, "0123456789") == strlen(s) && (s[0] != '0' || !s[1]);

	yaml_out_scalar(m, s, number ? YAML_PLAIN_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE);
}

static void kv(struct yaml_out *m, const char *k, const char *v)
{
	scalar(m, k);
	scalar(m, v);
}

static void kvn(struct yaml_out *m, const char *k, int64_t v)
{
	char b[32];

	snprintf(b, sizeof(b), "%" PRId64, v);
	scalar(m, k);
	scalar(m, b);
}

static char *cond_text(const struct cond *c)
{
	return c->value ? xasprintf("%s%s=%s", c->negate ? "!" : "", c->sym, c->value)
			: xasprintf("%s%s", c->negate ? "!" : "", c->sym);
}

/* Every config symbol some rule's condition reads, sorted, once. */
static void emit_config(struct yaml_out *m, const struct report_info *ri)
{
	struct ptrarray syms = { 0 };

	for (size_t i = 0; i < ri->manifests->nrules; i++)
		for (size_t j = 0; j < ri->manifests->rules[i]->nwhen; j++)
			ptrarray_push(&syms, ri->manifests->rules[i]->when[j].sym);
	ptrarray_sort_strings(&syms);
	scalar(m, "config");
	yaml_out_map_start(m);
	for (size_t i = 0; i < syms.n; i++) {
		if (i && !strcmp(syms.v[i], syms.v[i - 1]))
			continue;
		kv(m, syms.v[i], kconfig_get(&ri->tree->config, syms.v[i]));
	}
	yaml_out_map_end(m);
	ptrarray_free(&syms, NULL);
}

static void emit_rules(struct yaml_out *m, const struct report_info *ri)
{
	const struct ktree *t = ri->tree;

	scalar(m, "rules");
	yaml_out_seq_start(m);
	for (size_t i = 0; i < ri->manifests->nrules; i++) {
		const struct rule *r = ri->manifests->rules[i];
		_cleanup_free_ char *where = xasprintf("%s:%u", r->file, r->line);
		int64_t files = 0, bytes = 0;

		for (size_t j = 0; j < ri->files->n; j++) {
			const struct pack_entry *e = ri->files->v[j];
			if (e->type != ENTRY_DIR && e->rule == r->name) {
				files++;
				bytes += e->type == ENTRY_FILE ? e->size : 0;
			}
		}
		yaml_out_map_start(m);
		kv(m, "name", r->name);
		kv(m, "manifest", where);
		kv(m, "from", origin_name(r->from));
		kv(m, "component", r->component);
		scalar(m, "when");
		yaml_out_flow_seq_start(m);
		for (size_t j = 0; j < r->nwhen; j++) {
			_cleanup_free_ char *c = cond_text(&r->when[j]);
			scalar(m, c);
		}
		yaml_out_seq_end(m);
		kv(m, "applied", rule_applies(r, &t->config, t->version, t->patchlevel) ? "yes" : "no");
		kvn(m, "files", files);
		kvn(m, "bytes", bytes);
		yaml_out_map_end(m);
	}
	yaml_out_seq_end(m);
}

static int emit_files(struct yaml_out *m, const struct report_info *ri, int64_t tot[3])
{
	scalar(m, "files");
	yaml_out_seq_start(m);
	for (size_t i = 0; i < ri->files->n && !m->err; i++) {
		const struct pack_entry *e = ri->files->v[i];
		uint8_t d[SHA256_LEN];
		char hex[SHA256_HEX_LEN], mode[8];

		if (e->type == ENTRY_DIR)
			continue;
		yaml_out_map_start(m);
		kv(m, "path", e->rel);
		kv(m, "type", e->type == ENTRY_LINK ? "link" : "file");
		if (e->type == ENTRY_LINK) {
			kv(m, "target", e->target);
			tot[1]++;
		} else {
			int r = sha256_file(e->abs, d);
			if (r < 0) {
				log_err("cannot read %s: %s", e->abs, strerror(-r));
				return r;
			}
			sha256_hex(d, hex);
			snprintf(mode, sizeof(mode), "%04o", (unsigned)e->mode);
			kvn(m, "size", e->size);
			if (e->unstripped_size) { /* strip: debug */
				kv(m, "stripped", "debug");
				kvn(m, "unstripped-size", e->unstripped_size);
			}
			kv(m, "mode", mode);
			kv(m, "sha256", hex);
			tot[0]++;
			tot[2] += e->size;
		}
		kv(m, "origin", origin_name(e->origin));
		kv(m, "rule", e->rule);
		kv(m, "component", e->component);
		yaml_out_map_end(m);
	}
	yaml_out_seq_end(m);
	return 0;
}

/* Every component the manifests name, with what the output holds of it:
 * the packager's size of each package. */
static void emit_components(struct yaml_out *m, const struct report_info *ri)
{
	struct ptrarray names = manifest_components(ri->manifests);

	scalar(m, "components");
	yaml_out_seq_start(m);
	for (size_t i = 0; i < names.n; i++) {
		int64_t files = 0, links = 0, bytes = 0;

		for (size_t j = 0; j < ri->files->n; j++) {
			const struct pack_entry *e = ri->files->v[j];
			if (e->type == ENTRY_DIR || strcmp(e->component, names.v[i]))
				continue;
			if (e->type == ENTRY_LINK) {
				links++;
			} else {
				files++;
				bytes += e->size;
			}
		}
		yaml_out_map_start(m);
		kv(m, "name", names.v[i]);
		kvn(m, "files", files);
		kvn(m, "links", links);
		kvn(m, "bytes", bytes);
		yaml_out_map_end(m);
	}
	yaml_out_seq_end(m);
	ptrarray_free(&names, NULL);
}

/* The report is written beside path and renamed over it once complete:
 * a failure never leaves a truncated one. */
int report_write(FILE *f, const struct report_info *ri)
{
	const struct ktree *t = ri->tree;
	struct yaml_out m;
	int64_t tot[3] = { 0 }; /* files, links, bytes */
	char ver[64];
	int r;

	yaml_out_begin(&m, f, true);
	yaml_out_map_start(&m);
	kv(&m, "kbuild-pack-report", REPORT_VERSION);
	kv(&m, "release", t->release);
	snprintf(ver, sizeof(ver), "%d.%d.%d", t->version, t->patchlevel, t->sublevel);
	kv(&m, "version", ver);
	kv(&m, "arch", t->srcarch);
	kv(&m, "source-tree", t->src);
	kv(&m, "object-tree", t->obj);
	kv(&m, "format", sink_format_name(ri->format));
	kv(&m, "output", ri->out);
	if (ri->clamp_mtime >= 0)
		kvn(&m, "source-date-epoch", ri->clamp_mtime);
	else
		kv(&m, "source-date-epoch", NULL);
	scalar(&m, "manifests");
	yaml_out_seq_start(&m);
	for (size_t i = 0; i < ri->manifests->nfiles; i++)
		scalar(&m, ri->manifests->files[i]);
	yaml_out_seq_end(&m);
	emit_config(&m, ri);
	emit_rules(&m, ri);
	/* --component and --exclude-component, as given: [] when not */
	for (int ex = 0; ex < 2; ex++) {
		scalar(&m, ex ? "excluded-components" : "only-components");
		yaml_out_flow_seq_start(&m);
		for (size_t i = 0; ri->exclude_components == ex && i < ri->ncomponents; i++)
			scalar(&m, ri->components[i]);
		yaml_out_seq_end(&m);
	}
	r = emit_files(&m, ri, tot);
	emit_components(&m, ri);
	scalar(&m, "totals");
	yaml_out_map_start(&m);
	kvn(&m, "files", tot[0]);
	kvn(&m, "links", tot[1]);
	kvn(&m, "bytes", tot[2]);
	yaml_out_map_end(&m);
	yaml_out_map_end(&m);
	{
		int end = yaml_out_end(&m);
		r = r ? r : end;
	}
	return r;
}
