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
#include <yaml.h>

#include "shared/log.h"
#include "shared/sha256.h"
#include "shared/util.h"

#define REPORT_VERSION "1"

struct em {
	yaml_emitter_t e;
	FILE *f;
	int err, write_err;
};

static void ev(struct em *m, yaml_event_t *event, int ok)
{
	if (!ok || m->err) {
		if (ok)
			yaml_event_delete(event);
		m->err = m->err ? m->err : -ENOMEM;
		return;
	}
	if (!yaml_emitter_emit(&m->e, event))
		m->err = m->write_err ? m->write_err : -EIO;
}

/* Length of the valid UTF-8 sequence at s (as libyaml checks it), or 0. */
static size_t utf8_len(const unsigned char *s)
{
	size_t n = s[0] < 0x80 ? 1 : (s[0] & 0xe0) == 0xc0 ? 2 : (s[0] & 0xf0) == 0xe0 ? 3 : (s[0] & 0xf8) == 0xf0 ? 4 : 0;
	uint32_t v = n == 1 ? s[0] : n == 2 ? s[0] & 0x1f : n == 3 ? s[0] & 0x0f : s[0] & 0x07;
	static const uint32_t min[] = { 0, 0, 0x80, 0x800, 0x10000 };

	for (size_t i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[i] & 0x3f);
	}
	if (!n || v < min[n] || (v >= 0xd800 && v <= 0xdfff) || v > 0x10ffff)
		return 0;
	return n;
}

/* A file name need not be UTF-8, and libyaml refuses what is not: each
 * stray byte 0xHH becomes U+00HH, which the (ASCII-only) emitter writes
 * as the double-quoted escape "\xHH". NULL when s is valid already. */
static char *utf8_escape_bytes(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	struct strbuf b = { 0 };
	bool bad = false;

	while (*p) {
		size_t n = utf8_len(p);

		if (n) {
			strbuf_addn(&b, (const char *)p, n);
			p += n;
			continue;
		}
		strbuf_addc(&b, (char)(0xc0 | *p >> 6));
		strbuf_addc(&b, (char)(0x80 | (*p & 0x3f)));
		p++;
		bad = true;
	}
	if (!bad) {
		strbuf_release(&b);
		return NULL;
	}
	return strbuf_steal(&b);
}

static void scalar(struct em *m, const char *s)
{
	yaml_event_t e;
	_cleanup_free_ char *fixed = s ? utf8_escape_bytes(s) : NULL;
	/* Only a missing value is null: "null", "y" or "0644" stay strings. */
	bool plain = s && s[0] && strspn(s, "0123456789") == strlen(s) && (s[0] != '0' || !s[1]);

	if (fixed)
		s = fixed;

	if (!s)
		ev(m, &e, yaml_scalar_event_initialize(&e, NULL, NULL, (yaml_char_t *)"null", 4, 1, 0, YAML_PLAIN_SCALAR_STYLE));
	else
		ev(m, &e, yaml_scalar_event_initialize(&e, NULL, NULL, (yaml_char_t *)s, (int)strlen(s), plain, !plain,
						       plain ? YAML_PLAIN_SCALAR_STYLE : YAML_ANY_SCALAR_STYLE));
}

static void num(struct em *m, int64_t v)
{
	char b[32];

	snprintf(b, sizeof(b), "%" PRId64, v);
	scalar(m, b);
}

static void kv(struct em *m, const char *k, const char *v)
{
	scalar(m, k);
	scalar(m, v);
}

static void kvn(struct em *m, const char *k, int64_t v)
{
	scalar(m, k);
	num(m, v);
}

static void map_start(struct em *m)
{
	yaml_event_t e;
	ev(m, &e, yaml_mapping_start_event_initialize(&e, NULL, NULL, 1, YAML_BLOCK_MAPPING_STYLE));
}

static void map_end(struct em *m)
{
	yaml_event_t e;
	ev(m, &e, yaml_mapping_end_event_initialize(&e));
}

static void seq_start(struct em *m, bool flow)
{
	yaml_event_t e;
	ev(m, &e, yaml_sequence_start_event_initialize(&e, NULL, NULL, 1, flow ? YAML_FLOW_SEQUENCE_STYLE : YAML_BLOCK_SEQUENCE_STYLE));
}

static void seq_end(struct em *m)
{
	yaml_event_t e;
	ev(m, &e, yaml_sequence_end_event_initialize(&e));
}

static char *cond_text(const struct cond *c)
{
	return c->value ? xasprintf("%s%s=%s", c->negate ? "!" : "", c->sym, c->value)
			: xasprintf("%s%s", c->negate ? "!" : "", c->sym);
}

/* Every config symbol some rule's condition reads, sorted, once. */
static void emit_config(struct em *m, const struct report_info *ri)
{
	struct ptrarray syms = { 0 };

	for (size_t i = 0; i < ri->manifests->nrules; i++)
		for (size_t j = 0; j < ri->manifests->rules[i]->nwhen; j++)
			ptrarray_push(&syms, ri->manifests->rules[i]->when[j].sym);
	ptrarray_sort_strings(&syms);
	scalar(m, "config");
	map_start(m);
	for (size_t i = 0; i < syms.n; i++) {
		if (i && !strcmp(syms.v[i], syms.v[i - 1]))
			continue;
		kv(m, syms.v[i], kconfig_get(&ri->tree->config, syms.v[i]));
	}
	map_end(m);
	ptrarray_free(&syms, NULL);
}

static void emit_rules(struct em *m, const struct report_info *ri)
{
	const struct ktree *t = ri->tree;

	scalar(m, "rules");
	seq_start(m, false);
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
		map_start(m);
		kv(m, "name", r->name);
		kv(m, "manifest", where);
		kv(m, "from", origin_name(r->from));
		kv(m, "component", r->component);
		scalar(m, "when");
		seq_start(m, true);
		for (size_t j = 0; j < r->nwhen; j++) {
			_cleanup_free_ char *c = cond_text(&r->when[j]);
			scalar(m, c);
		}
		seq_end(m);
		kv(m, "applied", rule_applies(r, &t->config, t->version, t->patchlevel) ? "yes" : "no");
		kvn(m, "files", files);
		kvn(m, "bytes", bytes);
		map_end(m);
	}
	seq_end(m);
}

static int emit_files(struct em *m, const struct report_info *ri, int64_t tot[3])
{
	scalar(m, "files");
	seq_start(m, false);
	for (size_t i = 0; i < ri->files->n && !m->err; i++) {
		const struct pack_entry *e = ri->files->v[i];
		uint8_t d[SHA256_LEN];
		char hex[SHA256_HEX_LEN], mode[8];

		if (e->type == ENTRY_DIR)
			continue;
		map_start(m);
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
			kv(m, "mode", mode);
			kv(m, "sha256", hex);
			tot[0]++;
			tot[2] += e->size;
		}
		kv(m, "origin", origin_name(e->origin));
		kv(m, "rule", e->rule);
		kv(m, "component", e->component);
		map_end(m);
	}
	seq_end(m);
	return 0;
}

/* Every component the manifests name, with what the output holds of it:
 * the packager's size of each package. */
static void emit_components(struct em *m, const struct report_info *ri)
{
	struct ptrarray names = manifest_components(ri->manifests);

	scalar(m, "components");
	seq_start(m, false);
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
		map_start(m);
		kv(m, "name", names.v[i]);
		kvn(m, "files", files);
		kvn(m, "links", links);
		kvn(m, "bytes", bytes);
		map_end(m);
	}
	seq_end(m);
	ptrarray_free(&names, NULL);
}

static int writer(void *data, unsigned char *buf, size_t size)
{
	struct em *m = data;

	if (fwrite(buf, 1, size, m->f) == size)
		return 1;
	m->write_err = -(errno ? errno : EIO);
	return 0;
}

/* The report is written beside path and renamed over it once complete:
 * a failure never leaves a truncated one. */
static FILE *open_temp(const char *path, char **tmp)
{
	mode_t um = umask(0);
	int fd;
	FILE *f;

	umask(um);
	*tmp = xasprintf("%s.XXXXXX", path);
	fd = mkostemp(*tmp, O_CLOEXEC);
	if (fd < 0 || fchmod(fd, 0666 & ~um) < 0 || !(f = fdopen(fd, "w"))) {
		int e = errno;
		if (fd >= 0) {
			close(fd);
			unlink(*tmp);
		}
		free(*tmp);
		*tmp = NULL;
		errno = e;
		return NULL;
	}
	return f;
}

int report_write(const char *path, const struct report_info *ri)
{
	const struct ktree *t = ri->tree;
	bool to_stdout = !strcmp(path, "-");
	_cleanup_free_ char *tmp = NULL;
	FILE *f = to_stdout ? stdout : open_temp(path, &tmp);
	struct em m = { .f = f };
	yaml_event_t e;
	int64_t tot[3] = { 0 }; /* files, links, bytes */
	char ver[64];
	int r;

	if (!f) {
		r = -errno;
		log_err("cannot write the report %s: %s", path, strerror(errno));
		return r;
	}
	yaml_emitter_initialize(&m.e);
	yaml_emitter_set_output(&m.e, writer, &m);
	/* ASCII out: a non-ASCII character is written as a \x, \u escape. */
	yaml_emitter_set_unicode(&m.e, 0);
	yaml_emitter_set_width(&m.e, -1);
	ev(&m, &e, yaml_stream_start_event_initialize(&e, YAML_UTF8_ENCODING));
	ev(&m, &e, yaml_document_start_event_initialize(&e, NULL, NULL, NULL, 0));
	map_start(&m);
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
	seq_start(&m, false);
	for (size_t i = 0; i < ri->manifests->nfiles; i++)
		scalar(&m, ri->manifests->files[i]);
	seq_end(&m);
	emit_config(&m, ri);
	emit_rules(&m, ri);
	/* --component and --exclude-component, as given: [] when not */
	for (int ex = 0; ex < 2; ex++) {
		scalar(&m, ex ? "excluded-components" : "only-components");
		seq_start(&m, true);
		for (size_t i = 0; ri->exclude_components == ex && i < ri->ncomponents; i++)
			scalar(&m, ri->components[i]);
		seq_end(&m);
	}
	r = emit_files(&m, ri, tot);
	emit_components(&m, ri);
	scalar(&m, "totals");
	map_start(&m);
	kvn(&m, "files", tot[0]);
	kvn(&m, "links", tot[1]);
	kvn(&m, "bytes", tot[2]);
	map_end(&m);
	map_end(&m);
	ev(&m, &e, yaml_document_end_event_initialize(&e, 1));
	ev(&m, &e, yaml_stream_end_event_initialize(&e));
	yaml_emitter_flush(&m.e);
	if (r == 0 && m.err)
		r = m.err;
	if (r == 0 && m.e.error != YAML_NO_ERROR)
		r = m.write_err ? m.write_err : -EIO;
	yaml_emitter_delete(&m.e);
	if (to_stdout ? fflush(f) != 0 : fclose(f) != 0)
		r = r ? r : -errno;
	if (tmp && r == 0 && rename(tmp, path) < 0)
		r = -errno;
	if (tmp && r < 0)
		unlink(tmp);
	if (r < 0)
		log_err("cannot write the report %s: %s", path, strerror(-r));
	return r;
}
