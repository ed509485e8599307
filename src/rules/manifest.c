// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "rules/manifest.h"

#include <ctype.h>
#include <stdarg.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "shared/glob.h"
#include "shared/log.h"
#include "shared/datadir.h"
#include "shared/macro.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/strbuf.h"
#include "shared/path.h"
#include "shared/str.h"
#include "shared/interrupt.h"

const char *origin_name(enum origin o)
{
	switch (o) {
	case ORIGIN_SRC:
		return "src";
	case ORIGIN_OBJ:
		return "obj";
	case ORIGIN_TOOL:
		return "kbuild-pack";
	}
	return "?";
}

struct loader {
	const char *path;
	yaml_document_t doc;
};

/* libyaml marks are 0-based; editors count from 1. */
static int node_err(struct loader *l, const yaml_node_t *n, const char *fmt, ...) _printf_(3, 4);
static int node_err(struct loader *l, const yaml_node_t *n, const char *fmt, ...)
{
	_cleanup_free_ char *msg = NULL;
	va_list ap;

	va_start(ap, fmt);
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	va_end(ap);
	log_err("%s:%zu:%zu: %s", l->path, n->start_mark.line + 1, n->start_mark.column + 1,
		msg ? msg : "error");
	return -EINVAL;
}

static const char *scalar(const yaml_node_t *n)
{
	return n->type == YAML_SCALAR_NODE ? (const char *)n->data.scalar.value : NULL;
}

struct keyref {
	const char *key;
	size_t pos; /* in the mapping */
	yaml_node_t *node;
};

static int keyref_cmp(const void *a, const void *b)
{
	const struct keyref *x = a, *y = b;
	int c = strcmp(x->key, y->key);

	return c ? c : x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Keys of a YAML mapping are unique, but libyaml keeps every pair: a second
 * 'when' of a rule would be read on top of the first. Sorted, not compared
 * pairwise: a mapping of 50,000 keys must not take minutes. Reports the
 * repeat that comes first in the file. */
static int check_unique_keys(struct loader *l, yaml_node_t *n)
{
	size_t npairs = (size_t)(n->data.mapping.pairs.top - n->data.mapping.pairs.start), m = 0;
	_cleanup_free_ struct keyref *v = xmalloc((npairs + 1) * sizeof(*v));
	const struct keyref *dup = NULL;

	for (size_t i = 0; i < npairs; i++) {
		yaml_node_t *k = yaml_document_get_node(&l->doc, n->data.mapping.pairs.start[i].key);
		const char *key = k ? scalar(k) : NULL;

		if (key)
			v[m++] = (struct keyref){ key, i, k };
	}
	if (interrupted())
		return -EINTR;
	qsort(v, m, sizeof(*v), keyref_cmp);
	for (size_t i = 1; i < m; i++)
		if (!strcmp(v[i].key, v[i - 1].key) && (!dup || v[i].pos < dup->pos))
			dup = &v[i];
	if (dup)
		return node_err(l, dup->node, "duplicate key '%s'", dup->key);
	return 0;
}

/* A scalar or a sequence of scalars, as an array of strings. */
static int string_list(struct loader *l, yaml_node_t *n, const char *key, char ***out, size_t *nout)
{
	if (n->type == YAML_SCALAR_NODE) {
		*out = xrealloc(*out, (*nout + 1) * sizeof(char *));
		(*out)[(*nout)++] = xstrdup(scalar(n));
		return 0;
	}
	if (n->type != YAML_SEQUENCE_NODE)
		return node_err(l, n, "'%s' must be a string or a list of strings", key);
	for (yaml_node_item_t *i = n->data.sequence.items.start; i < n->data.sequence.items.top; i++) {
		yaml_node_t *it = yaml_document_get_node(&l->doc, *i);
		if (interrupted())
			return -EINTR;
		if (!it || it->type != YAML_SCALAR_NODE)
			return node_err(l, it ? it : n, "'%s' entries must be strings", key);
		*out = xrealloc(*out, (*nout + 1) * sizeof(char *));
		(*out)[(*nout)++] = xstrdup(scalar(it));
	}
	return 0;
}

/* Why a manifest path is not a normalised path inside its tree, or NULL. */
static const char *path_problem(const char *s)
{
	if (!*s)
		return "it is empty";
	if (s[0] == '/')
		return "it is absolute";
	for (const char *seg = s;;) {
		size_t n = strcspn(seg, "/");

		if (n == 0)
			return seg[0] ? "it has an empty segment ('//')" : "it ends with '/'";
		if ((n == 1 && seg[0] == '.') || (n == 2 && seg[0] == '.' && seg[1] == '.'))
			return n == 1 ? "it has a '.' segment" : "it has a '..' segment";
		if (!seg[n])
			return NULL;
		seg += n + 1;
	}
}

static int check_path(struct loader *l, const yaml_node_t *n, const char *key)
{
	const char *s = scalar(n);
	const char *why = s ? path_problem(s) : NULL;

	if (why)
		return node_err(l, n, "'%s' path '%s' must be relative to the tree and normalised: %s", key, s, why);
	return 0;
}

/* string_list() for paths: each one checked where it stands in the file. */
static int path_list(struct loader *l, yaml_node_t *n, const char *key, char ***out, size_t *nout)
{
	int ret = 0;

	if (n->type == YAML_SCALAR_NODE)
		ret = check_path(l, n, key);
	else if (n->type == YAML_SEQUENCE_NODE)
		for (yaml_node_item_t *i = n->data.sequence.items.start; ret == 0 && i < n->data.sequence.items.top; i++) {
			yaml_node_t *it = yaml_document_get_node(&l->doc, *i);
			ret = interrupted() ? -EINTR : it ? check_path(l, it, key) : 0;
		}
	return ret < 0 ? ret : string_list(l, n, key, out, nout);
}

static void free_strings(char **v, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(v[i]);
	free(v);
}

static int parse_cond(struct loader *l, yaml_node_t *n, struct rule *r)
{
	char **terms = NULL;
	size_t nterms = 0;
	int ret = string_list(l, n, "when", &terms, &nterms);

	if (ret == 0)
		r->when = xcalloc(nterms, sizeof(*r->when));
	for (size_t i = 0; ret == 0 && i < nterms; i++) {
		char *t = terms[i], *eq;
		struct cond *c = &r->when[r->nwhen++];

		if (*t == '!') {
			c->negate = true;
			t++;
		}
		eq = strchr(t, '=');
		if (eq) {
			c->value = xstrdup(eq + 1);
			*eq = '\0';
		}
		c->sym = xstrdup(t);
		if (!str_starts_with(c->sym, "CONFIG_") || strspn(c->sym, "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_") != strlen(c->sym))
			ret = node_err(l, n, "'when' term '%s' is not CONFIG_<SYMBOL>, !CONFIG_<SYMBOL> or CONFIG_<SYMBOL>=<value>",
				       c->sym);
	}
	/* All of them, also after an error, or those of a list that was not all strings. */
	free_strings(terms, nterms);
	return ret;
}

/* "kernel: '>= 6.12'" or a list of up to two bounds. */
static int parse_kernel(struct loader *l, yaml_node_t *n, struct rule *r)
{
	char **terms = NULL;
	size_t nterms = 0;
	int ret = string_list(l, n, "kernel", &terms, &nterms);

	if (ret == 0 && nterms > 2)
		ret = node_err(l, n, "'kernel' takes at most two bounds");
	for (size_t i = 0; ret == 0 && i < nterms; i++) {
		struct kver_bound *b = &r->kernel[i];
		char op[3] = { 0 };
		int v, p, used = 0;

		if (sscanf(terms[i], " %2[<>=] %d.%d %n", op, &v, &p, &used) < 3 || terms[i][used] != '\0') {
			ret = node_err(l, n, "'kernel' bound '%s' is not like '>= 6.12'", terms[i]);
		} else {
			b->op = !strcmp(op, "<") ? '<' : !strcmp(op, "<=") ? 'l' : !strcmp(op, ">") ? '>' :
				!strcmp(op, ">=") ? 'g' : !strcmp(op, "=") || !strcmp(op, "==") ? '=' : 0;
			b->version = v;
			b->patchlevel = p;
			if (!b->op)
				ret = node_err(l, n, "'kernel' bound '%s' has an unknown operator", terms[i]);
		}
	}
	free_strings(terms, nterms);
	return ret;
}

/* "proven-series: [\"5.10\", \"6.1\"]": VERSION.PATCHLEVEL each. */
static int parse_proven(struct loader *l, yaml_node_t *n, struct manifest_set *ms)
{
	char **terms = NULL;
	size_t nterms = 0;
	int ret = string_list(l, n, "proven-series", &terms, &nterms);

	for (size_t i = 0; ret == 0 && i < nterms; i++) {
		int v, p, used = 0;

		if (sscanf(terms[i], "%d.%d%n", &v, &p, &used) < 2 || terms[i][used] != '\0' || v < 0 || p < 0 ||
		    !isdigit((unsigned char)terms[i][0])) {
			ret = node_err(l, n, "'proven-series' entry '%s' is not a kernel series like '6.12'", terms[i]);
			break;
		}
		ms->proven = xrealloc(ms->proven, (ms->nproven + 1) * sizeof(*ms->proven));
		ms->proven[ms->nproven++] = (struct kver_bound){ .op = '=', .version = v, .patchlevel = p };
	}
	free_strings(terms, nterms);
	return ret;
}

static int parse_bool(struct loader *l, yaml_node_t *n, const char *key, bool *out)
{
	const char *s = scalar(n);

	if (s && (!strcmp(s, "true") || !strcmp(s, "yes")))
		*out = true;
	else if (s && (!strcmp(s, "false") || !strcmp(s, "no")))
		*out = false;
	else
		return node_err(l, n, "'%s' must be true or false", key);
	return 0;
}

static int parse_expect_one(struct loader *l, yaml_node_t *n, struct rule *r)
{
	struct expect e = { 0 };
	const char *path = scalar(n);
	int ret = 0;

	if (n->type == YAML_MAPPING_NODE) {
		ret = check_unique_keys(l, n);
		for (yaml_node_pair_t *p = n->data.mapping.pairs.start; ret == 0 && p < n->data.mapping.pairs.top; p++) {
			yaml_node_t *k = yaml_document_get_node(&l->doc, p->key);
			yaml_node_t *v = yaml_document_get_node(&l->doc, p->value);
			const char *key = scalar(k);

			if (key && !strcmp(key, "path") && scalar(v))
				path = scalar(v);
			else if (key && !strcmp(key, "executable"))
				ret = parse_bool(l, v, "executable", &e.executable);
			else
				ret = node_err(l, k, "'expect' entries are a path or a mapping with 'path' and 'executable'");
		}
	}
	if (ret < 0)
		return ret;
	if (!path)
		return node_err(l, n, "'expect' entry has no 'path'");
	if (path_problem(path))
		return node_err(l, n, "'expect' path '%s' must be relative to the tree and normalised: %s", path,
				path_problem(path));
	if (glob_has_magic(path))
		return node_err(l, n, "'expect' path '%s' names one file: no wildcards", path);
	e.path = xstrdup(path);
	r->expect = xrealloc(r->expect, (r->nexpect + 1) * sizeof(*r->expect));
	r->expect[r->nexpect++] = e;
	return 0;
}

/* One entry or a list: "path" or {path: ..., executable: true}. */
static int parse_expect(struct loader *l, yaml_node_t *n, struct rule *r)
{
	int ret = 0;

	if (n->type != YAML_SEQUENCE_NODE)
		return parse_expect_one(l, n, r);
	for (yaml_node_item_t *i = n->data.sequence.items.start; ret == 0 && i < n->data.sequence.items.top; i++)
		ret = interrupted() ? -EINTR : parse_expect_one(l, yaml_document_get_node(&l->doc, *i), r);
	return ret;
}

bool component_name_ok(const char *s)
{
	static const char first[] = "abcdefghijklmnopqrstuvwxyz0123456789";

	return s && *s && strchr(first, *s) && strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-") == strlen(s);
}

/* A package name part: rpm and dpkg both take [a-z0-9][a-z0-9-]*. */
static int parse_component(struct loader *l, yaml_node_t *n, struct rule *r)
{
	const char *s = scalar(n);

	if (!component_name_ok(s))
		return node_err(l, n, "'component' must be a name like 'rust' ([a-z0-9][a-z0-9-]*)%s%s%s",
				s ? ", not '" : "", s ? s : "", s ? "'" : "");
	r->component = xstrdup(s);
	return 0;
}

/* strip: debug, the one kind of stripping there is (--strip-debug): what
 * a module build runs or loads keeps its symbols, only DWARF goes. */
static int parse_strip(struct loader *l, yaml_node_t *n, struct rule *r)
{
	const char *s = scalar(n);

	if (!s || strcmp(s, "debug"))
		return node_err(l, n, "'strip' must be 'debug' (the debug sections of the rule's ELF files are left out)");
	r->strip_debug = true;
	return 0;
}

static void rule_free(struct rule *r)
{
	if (!r)
		return;
	free(r->name);
	free(r->component);
	free(r->file);
	for (size_t i = 0; i < r->ninclude; i++)
		free(r->include[i]);
	free(r->include);
	for (size_t i = 0; i < r->nexclude; i++)
		free(r->exclude[i]);
	free(r->exclude);
	for (size_t i = 0; i < r->nwhen; i++) {
		free(r->when[i].sym);
		free(r->when[i].value);
	}
	free(r->when);
	for (size_t i = 0; i < r->nexpect; i++)
		free(r->expect[i].path);
	free(r->expect);
	free(r);
}

static int parse_rule(struct loader *l, yaml_node_t *n, struct rule **out)
{
	struct rule *r;
	int ret = 0;
	bool have_from = false;

	if (n->type != YAML_MAPPING_NODE)
		return node_err(l, n, "a rule must be a mapping (name, from, include, ...)");
	ret = check_unique_keys(l, n);
	if (ret < 0)
		return ret;
	r = xcalloc(1, sizeof(*r));
	r->file = xstrdup(l->path);
	r->line = (unsigned)n->start_mark.line + 1;
	r->column = (unsigned)n->start_mark.column + 1;
	for (yaml_node_pair_t *p = n->data.mapping.pairs.start; ret == 0 && p < n->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(&l->doc, p->key);
		yaml_node_t *v = yaml_document_get_node(&l->doc, p->value);
		const char *key = scalar(k);

		if (!key) {
			ret = node_err(l, k, "rule keys must be strings");
		} else if (!strcmp(key, "name")) {
			if (!scalar(v) || !*scalar(v))
				ret = node_err(l, v, "'name' must be a non-empty string");
			else
				r->name = xstrdup(scalar(v));
		} else if (!strcmp(key, "from")) {
			const char *s = scalar(v);
			have_from = true;
			if (s && !strcmp(s, "src"))
				r->from = ORIGIN_SRC;
			else if (s && !strcmp(s, "obj"))
				r->from = ORIGIN_OBJ;
			else if (s && !strcmp(s, "kbuild-pack"))
				r->from = ORIGIN_TOOL;
			else
				ret = node_err(l, v, "'from' must be 'src', 'obj' or 'kbuild-pack'");
		} else if (!strcmp(key, "include")) {
			ret = path_list(l, v, key, &r->include, &r->ninclude);
		} else if (!strcmp(key, "exclude")) {
			ret = path_list(l, v, key, &r->exclude, &r->nexclude);
		} else if (!strcmp(key, "when")) {
			ret = parse_cond(l, v, r);
		} else if (!strcmp(key, "kernel")) {
			ret = parse_kernel(l, v, r);
		} else if (!strcmp(key, "required")) {
			ret = parse_bool(l, v, key, &r->required);
		} else if (!strcmp(key, "expect")) {
			ret = parse_expect(l, v, r);
		} else if (!strcmp(key, "component")) {
			ret = parse_component(l, v, r);
		} else if (!strcmp(key, "strip")) {
			ret = parse_strip(l, v, r);
		} else {
			ret = node_err(l, k,
				       "unknown rule key '%s' (expected name, from, include, exclude, when, kernel, required, expect, component, strip)",
				       key);
		}
	}
	if (ret == 0 && !r->name)
		ret = node_err(l, n, "rule has no 'name'");
	if (ret == 0 && !have_from)
		ret = node_err(l, n, "rule '%s' has no 'from' (src, obj or kbuild-pack)", r->name);
	if (ret == 0 && !r->ninclude)
		ret = node_err(l, n, "rule '%s' has no 'include'", r->name);
	if (ret == 0 && !r->component)
		r->component = xstrdup(COMPONENT_MAIN);
	if (ret < 0) {
		rule_free(r);
		return ret;
	}
	*out = r;
	return 0;
}

static int parse_root(struct loader *l, struct manifest_set *ms)
{
	yaml_node_t *root = yaml_document_get_root_node(&l->doc);
	bool have_version = false;
	int ret = 0;

	if (!root) {
		log_err("%s:1:1: empty manifest", l->path);
		return -EINVAL;
	}
	if (root->type != YAML_MAPPING_NODE)
		return node_err(l, root, "a manifest must be a mapping with 'version' and 'rules'");
	ret = check_unique_keys(l, root);
	if (ret < 0)
		return ret;
	for (yaml_node_pair_t *p = root->data.mapping.pairs.start; ret == 0 && p < root->data.mapping.pairs.top; p++) {
		yaml_node_t *k = yaml_document_get_node(&l->doc, p->key);
		yaml_node_t *v = yaml_document_get_node(&l->doc, p->value);
		const char *key = scalar(k);

		if (!key) {
			ret = node_err(l, k, "manifest keys must be strings");
		} else if (!strcmp(key, "version")) {
			have_version = true;
			if (!scalar(v) || strcmp(scalar(v), "1"))
				ret = node_err(l, v, "unsupported manifest version (this kbuild-pack reads version 1)");
		} else if (!strcmp(key, "exclude")) {
			ret = path_list(l, v, key, &ms->exclude, &ms->nexclude);
		} else if (!strcmp(key, "mtime-order")) {
			ret = path_list(l, v, key, &ms->mtime_order, &ms->nmtime_order);
		} else if (!strcmp(key, "dangling-includes")) {
			ret = path_list(l, v, key, &ms->dangling_includes, &ms->ndangling_includes);
		} else if (!strcmp(key, "proven-series")) {
			ret = parse_proven(l, v, ms);
		} else if (!strcmp(key, "rules")) {
			if (v->type != YAML_SEQUENCE_NODE) {
				ret = node_err(l, v, "'rules' must be a list");
				break;
			}
			for (yaml_node_item_t *i = v->data.sequence.items.start; ret == 0 && i < v->data.sequence.items.top; i++) {
				struct rule *r = NULL;
				ret = interrupted() ? -EINTR : parse_rule(l, yaml_document_get_node(&l->doc, *i), &r);
				if (ret == 0) {
					ms->rules = xrealloc(ms->rules, (ms->nrules + 1) * sizeof(*ms->rules));
					ms->rules[ms->nrules++] = r;
				}
			}
		} else {
			ret = node_err(l, k, "unknown manifest key '%s' (expected version, exclude, mtime-order, dangling-includes, proven-series, rules)", key);
		}
	}
	if (ret == 0 && !have_version)
		ret = node_err(l, root, "manifest has no 'version' (this kbuild-pack reads version 1)");
	return ret;
}

/* libyaml reads through this: a signal stops a long parse at its next read. */
static int read_unless_interrupted(void *data, unsigned char *buf, size_t size, size_t *nread)
{
	FILE *f = data;

	*nread = 0;
	if (interrupted())
		return 0;
	*nread = fread(buf, 1, size, f);
	return !ferror(f);
}

int manifest_load(struct manifest_set *ms, const char *path)
{
	struct loader l = { .path = path };
	yaml_parser_t parser;
	FILE *f;
	int ret;

	f = fopen(path, "re");
	if (!f) {
		ret = -errno;
		log_err("%s: cannot read manifest: %s", path, strerror(errno));
		return ret;
	}
	yaml_parser_initialize(&parser);
	yaml_parser_set_input(&parser, read_unless_interrupted, f);
	if (!yaml_parser_load(&parser, &l.doc)) {
		ret = interrupted() ? -EINTR : -EINVAL;
		if (ret == -EINVAL)
			log_err("%s:%zu:%zu: %s%s%s", path, parser.problem_mark.line + 1,
				parser.problem_mark.column + 1, parser.problem ? parser.problem : "malformed YAML",
				parser.context ? " " : "", parser.context ? parser.context : "");
		yaml_parser_delete(&parser);
		fclose(f);
		return ret;
	}
	ret = parse_root(&l, ms);
	yaml_document_delete(&l.doc);
	yaml_parser_delete(&parser);
	fclose(f);
	if (ret == 0) {
		ms->files = xrealloc(ms->files, (ms->nfiles + 1) * sizeof(char *));
		ms->files[ms->nfiles++] = xstrdup(path);
	}
	return ret;
}

void manifest_set_keep(struct manifest_set *ms, bool (*keep)(const struct rule *r, void *ctx), void *ctx)
{
	size_t o = 0;

	for (size_t i = 0; i < ms->nrules; i++) {
		if (keep(ms->rules[i], ctx))
			ms->rules[o++] = ms->rules[i];
		else
			rule_free(ms->rules[i]);
	}
	ms->nrules = o;
}

void manifest_set_release(struct manifest_set *ms)
{
	for (size_t i = 0; i < ms->nrules; i++)
		rule_free(ms->rules[i]);
	free(ms->rules);
	for (size_t i = 0; i < ms->nexclude; i++)
		free(ms->exclude[i]);
	free(ms->exclude);
	for (size_t i = 0; i < ms->nmtime_order; i++)
		free(ms->mtime_order[i]);
	free(ms->mtime_order);
	for (size_t i = 0; i < ms->ndangling_includes; i++)
		free(ms->dangling_includes[i]);
	free(ms->dangling_includes);
	free(ms->proven);
	for (size_t i = 0; i < ms->nfiles; i++)
		free(ms->files[i]);
	free(ms->files);
	memset(ms, 0, sizeof(*ms));
}

static bool bound_ok(const struct kver_bound *b, int v, int p)
{
	int c = v != b->version ? (v < b->version ? -1 : 1) : p != b->patchlevel ? (p < b->patchlevel ? -1 : 1) : 0;

	switch (b->op) {
	case 0:
		return true;
	case '<':
		return c < 0;
	case 'l':
		return c <= 0;
	case '>':
		return c > 0;
	case 'g':
		return c >= 0;
	case '=':
		return c == 0;
	}
	return false;
}

bool rule_in_kernel(const struct rule *r, int version, int patchlevel)
{
	for (size_t i = 0; i < 2; i++)
		if (!bound_ok(&r->kernel[i], version, patchlevel))
			return false;
	return true;
}

bool rule_applies(const struct rule *r, const struct kconfig *kc, int version, int patchlevel)
{
	if (!rule_in_kernel(r, version, patchlevel))
		return false;
	for (size_t i = 0; i < r->nwhen; i++) {
		const struct cond *c = &r->when[i];
		bool ok;

		if (c->value) {
			const char *v = kconfig_get(kc, c->sym);
			ok = v && !strcmp(v, c->value);
		} else {
			ok = kconfig_enabled(kc, c->sym);
		}
		if (ok == c->negate)
			return false;
	}
	return true;
}

static const char *bound_op_text(int op)
{
	switch (op) {
	case '<':
		return "<";
	case 'l':
		return "<=";
	case '>':
		return ">";
	case 'g':
		return ">=";
	}
	return "=";
}

char *rule_why(const struct rule *r, const struct kconfig *kc)
{
	struct strbuf b = { 0 };

	for (size_t i = 0; i < r->nwhen; i++) {
		const struct cond *c = &r->when[i];
		const char *v = kconfig_get(kc, c->sym);

		if (c->negate)
			strbuf_addf(&b, "%s%s is not set", i ? ", " : "", c->sym);
		else
			strbuf_addf(&b, "%s%s=%s", i ? ", " : "", c->sym, v ? v : c->value ? c->value : "y");
	}
	/* a file only some series have says which ones */
	for (size_t i = 0; i < ARRAY_SIZE(r->kernel) && r->kernel[i].op; i++)
		strbuf_addf(&b, "%skernel %s %d.%d", b.len ? ", " : "", bound_op_text(r->kernel[i].op),
			    r->kernel[i].version, r->kernel[i].patchlevel);
	return b.len ? strbuf_steal(&b) : NULL;
}

struct ptrarray manifest_components(const struct manifest_set *ms)
{
	struct ptrarray a = { 0 }, out = { 0 };

	ptrarray_push(&a, (void *)COMPONENT_MAIN);
	for (size_t i = 0; i < ms->nrules; i++)
		ptrarray_push(&a, ms->rules[i]->component);
	ptrarray_sort_strings(&a);
	for (size_t i = 0; i < a.n; i++)
		if (!i || strcmp(a.v[i], a.v[i - 1]))
			ptrarray_push(&out, a.v[i]);
	ptrarray_free(&a, NULL);
	return out;
}

bool manifest_has_component(const struct manifest_set *ms, const char *name)
{
	if (!strcmp(name, COMPONENT_MAIN))
		return true;
	for (size_t i = 0; i < ms->nrules; i++)
		if (!strcmp(ms->rules[i]->component, name))
			return true;
	return false;
}

char *manifest_expand(const char *pattern, const char *srcarch)
{
	static const char var[] = "${SRCARCH}";
	struct strbuf b = { 0 };

	for (const char *p = pattern; *p;) {
		if (str_starts_with(p, var)) {
			strbuf_adds(&b, srcarch);
			p += strlen(var);
		} else {
			strbuf_addc(&b, *p++);
		}
	}
	return strbuf_steal(&b);
}

struct ptrarray manifest_excludes(const struct manifest_set *ms, const struct rule *r, const char *srcarch)
{
	struct ptrarray a = { 0 };

	for (size_t i = 0; i < r->nexclude; i++)
		ptrarray_push(&a, manifest_expand(r->exclude[i], srcarch));
	for (size_t i = 0; i < ms->nexclude; i++)
		ptrarray_push(&a, manifest_expand(ms->exclude[i], srcarch));
	return a;
}

static void list_arches(const char *dir, struct strbuf *b)
{
	_cleanup_free_ char *ad = path_join(dir, "arch");
	DIR *d = opendir(ad);
	struct dirent *de;
	struct ptrarray names = { 0 };

	if (!d)
		return;
	while ((de = readdir(d)) != NULL)
		if (str_ends_with(de->d_name, ".yaml"))
			ptrarray_push(&names, xstrndup(de->d_name, strlen(de->d_name) - strlen(".yaml")));
	closedir(d);
	ptrarray_sort_strings(&names);
	for (size_t i = 0; i < names.n; i++)
		strbuf_addf(b, "%s%s", i ? ", " : "", (char *)names.v[i]);
	ptrarray_free(&names, free);
}

static int load_tree(struct manifest_set *ms, const char *dir, const char *srcarch, const char **extra,
		     size_t nextra, bool arch_optional)
{
	_cleanup_free_ char *d = dir ? xstrdup(dir) : kbp_manifest_dir();
	_cleanup_free_ char *common = path_join(d, "common.yaml");
	_cleanup_free_ char *arch = xasprintf("%s/arch/%s.yaml", d, srcarch);
	int r;

	if (!path_is_reg(common)) {
		log_err("%s: no such manifest (is --manifest-dir right?)", common);
		return -ENOENT;
	}
	if (!path_is_reg(arch) && arch_optional) {
		log_info("%s: no manifest of its own; the sources of %s", arch, srcarch);
		free(arch);
		arch = NULL;
	} else if (!path_is_reg(arch)) {
		struct strbuf known = { 0 };
		list_arches(d, &known);
		log_err("unknown architecture '%s': no manifest %s (known: %s)", srcarch, arch, strbuf_str(&known));
		strbuf_release(&known);
		return -ENOENT;
	}
	r = manifest_load(ms, common);
	if (r == 0 && arch)
		r = manifest_load(ms, arch);
	for (size_t i = 0; r == 0 && i < nextra; i++)
		r = manifest_load(ms, extra[i]);
	return r;
}

int manifest_load_tree(struct manifest_set *ms, const char *dir, const char *srcarch, const char **extra,
		       size_t nextra)
{
	return load_tree(ms, dir, srcarch, extra, nextra, false);
}

int manifest_load_sources(struct manifest_set *ms, const char *dir, const char *srcarch, const char **extra,
			  size_t nextra)
{
	return load_tree(ms, dir, srcarch, extra, nextra, true);
}

bool manifest_series_proven(const struct manifest_set *ms, int version, int patchlevel)
{
	for (size_t i = 0; i < ms->nproven; i++)
		if (ms->proven[i].version == version && ms->proven[i].patchlevel == patchlevel)
			return true;
	return false;
}

static int kver_cmp(const void *a, const void *b)
{
	const struct kver_bound *x = a, *y = b;

	return x->version != y->version ? (x->version > y->version) - (x->version < y->version)
					: (x->patchlevel > y->patchlevel) - (x->patchlevel < y->patchlevel);
}

char *manifest_proven_list(const struct manifest_set *ms)
{
	_cleanup_free_ struct kver_bound *v = NULL;
	struct strbuf b = { 0 };

	if (!ms->nproven)
		return xstrdup("none");
	v = xmalloc(ms->nproven * sizeof(*v));
	memcpy(v, ms->proven, ms->nproven * sizeof(*v));
	qsort(v, ms->nproven, sizeof(*v), kver_cmp);
	for (size_t i = 0; i < ms->nproven; i++)
		if (i == 0 || kver_cmp(&v[i - 1], &v[i]))
			strbuf_addf(&b, "%s%d.%d", b.len ? ", " : "", v[i].version, v[i].patchlevel);
	return strbuf_steal(&b);
}
