// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "kernel/symvers.h"

#include <assert.h>
#include <errno.h>
#include <stdint.h>
#include <string.h>

#include "shared/alloc.h"
#include "shared/fileio.h"
#include "shared/str.h"

static struct symvers_entry *symvers_new(struct symvers *sv)
{
	if (sv->n == sv->cap) {
		sv->cap = sv->cap ? sv->cap * 2 : 1024;
		sv->v = xrealloc(sv->v, sv->cap * sizeof(*sv->v));
	}
	memset(&sv->v[sv->n], 0, sizeof(sv->v[0]));
	return &sv->v[sv->n++];
}

void symvers_add(struct symvers *sv, uint32_t crc, const char *name, const char *module,
		 bool gpl, const char *ns)
{
	struct symvers_entry *e = symvers_new(sv);

	e->crc = crc;
	e->name = xstrdup(name);
	e->module = xstrdup(module);
	e->gpl = gpl;
	e->export_type = xstrdup(gpl ? "EXPORT_SYMBOL_GPL" : "EXPORT_SYMBOL");
	e->ns = xstrdup(ns ? ns : "");
}

static int fail(char **errmsg, const char *path, unsigned line, const char *why)
{
	if (errmsg)
		*errmsg = xasprintf("%s:%u: %s", path, line, why);
	return -EINVAL;
}

/* modpost's sym_add_exported() as a "make M=" run (-e) calls it for each
 * line: a symbol exported again is an error when the export it replaces
 * (the latest one) is vmlinux's or the same module's. The first such line
 * in the file is reported. In file order, with the latest export of each
 * name in a hash table. */
static int check_duplicates(const char *path, const struct symvers *sv, char **errmsg)
{
	size_t size = 64;

	while (size < 2 * sv->n)
		size *= 2;
	_cleanup_free_ const struct symvers_entry **latest = xcalloc(size, sizeof(*latest));
	for (size_t i = 0; i < sv->n; i++) {
		const struct symvers_entry *e = &sv->v[i], **slot;
		size_t h = str_hash(e->name) & (size - 1);

		while ((slot = &latest[h]), *slot && strcmp((*slot)->name, e->name))
			h = (h + 1) & (size - 1);
		if (*slot && (!strcmp((*slot)->module, "vmlinux") || !strcmp((*slot)->module, e->module))) {
			_cleanup_free_ char *why = xasprintf(
				"'%s' exported twice (also on line %u, by %s): modpost would reject it", e->name,
				(*slot)->line, (*slot)->module);
			return fail(errmsg, path, e->line, why);
		}
		*slot = e;
	}
	return 0;
}

static bool in_text(const struct symvers *sv, const char *p)
{
	return sv->text && (uintptr_t)p >= (uintptr_t)sv->text && (uintptr_t)p <= (uintptr_t)sv->text_end;
}

/* Same acceptance rule as the kernel's read_dump(): exactly five
 * tab-separated fields, a hex CRC, non-empty symbol and module. The
 * fields stay where they are, in one copy of the file (sv->text): a
 * distribution's 30,000 lines are read at every pack. */
int symvers_parse(const char *path, const char *buf, size_t len, struct symvers *sv, char **errmsg)
{
	char *p, *end;
	unsigned lineno = 0;
	size_t lines = 1;

	assert(!sv->text); /* one file per set: its entries point into it */
	sv->text = p = xmalloc(len + 1);
	sv->text_end = end = p + len;
	memcpy(p, buf, len);
	*end = '\0';
	for (const char *q = p; (q = memchr(q, '\n', (size_t)(end - q))) != NULL; q++)
		lines++;
	if (sv->n + lines > sv->cap) {
		sv->cap = sv->n + lines;
		sv->v = xrealloc(sv->v, sv->cap * sizeof(*sv->v));
	}
	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));
		size_t ll = nl ? (size_t)(nl - p) : (size_t)(end - p);
		char *f[5], *s = p, *d;
		unsigned long crc;
		int i;

		lineno++;
		if (memchr(p, '\0', ll) != NULL)
			return fail(errmsg, path, lineno, "NUL byte in line");
		p[ll] = '\0';
		p += ll + (nl ? 1 : 0);
		for (i = 0; i < 4; i++) {
			char *t = strchr(s, '\t');
			if (!t)
				return fail(errmsg, path, lineno,
					    "parse error: expected 5 tab-separated fields (crc, symbol, module, export type, namespace)");
			*t = '\0';
			f[i] = s;
			s = t + 1;
		}
		f[4] = s;
		if (strchr(f[4], '\t'))
			return fail(errmsg, path, lineno, "parse error: more than 5 tab-separated fields");
		if (!str_starts_with(f[0], "0x") || f[0][2] == '\0')
			return fail(errmsg, path, lineno, "parse error: CRC is not a 0x-prefixed hex number");
		errno = 0;
		crc = strtoul(f[0], &d, 16);
		if (*d != '\0' || errno || crc > 0xffffffffUL)
			return fail(errmsg, path, lineno, "parse error: CRC is not a 32-bit hex number");
		if (!*f[1] || !*f[2])
			return fail(errmsg, path, lineno, "parse error: empty symbol or module name");
		/* modpost's read_dump() errors out ("unknown license") on any other. */
		if (strcmp(f[3], "EXPORT_SYMBOL") && strcmp(f[3], "EXPORT_SYMBOL_GPL")) {
			_cleanup_free_ char *why = xasprintf(
				"unknown export type '%s' (modpost accepts EXPORT_SYMBOL and EXPORT_SYMBOL_GPL)", f[3]);
			return fail(errmsg, path, lineno, why);
		}

		struct symvers_entry *e = symvers_new(sv);
		e->crc = (uint32_t)crc;
		e->name = f[1];
		e->module = f[2];
		e->export_type = f[3];
		e->gpl = f[3][13] != '\0'; /* EXPORT_SYMBOL_GPL */
		e->ns = f[4];
		e->line = lineno;
	}
	return check_duplicates(path, sv, errmsg);
}

int symvers_read(const char *path, struct symvers *sv, char **errmsg)
{
	_cleanup_free_ char *buf = NULL;
	size_t len;
	int r = read_control_file(path, READ_NOFOLLOW, &buf, &len, errmsg);

	if (r < 0)
		return r;
	return symvers_parse(path, buf, len, sv, errmsg);
}

void symvers_write_entry(FILE *f, const struct symvers_entry *e)
{
	fprintf(f, "0x%08x\t%s\t%s\t%s\t%s\n", e->crc, e->name, e->module, e->export_type, e->ns);
}

int symvers_write(const char *path, const struct symvers *sv)
{
	FILE *f = fopen(path, "we");

	if (!f)
		return -errno;
	for (size_t i = 0; i < sv->n; i++)
		symvers_write_entry(f, &sv->v[i]);
	if (fclose(f) != 0)
		return -errno;
	return 0;
}

void symvers_release(struct symvers *sv)
{
	for (size_t i = 0; i < sv->n; i++) {
		if (in_text(sv, sv->v[i].name))
			continue; /* symvers_parse's: in sv->text */
		free(sv->v[i].name);
		free(sv->v[i].module);
		free(sv->v[i].export_type);
		free(sv->v[i].ns);
	}
	free(sv->v);
	free(sv->text);
	memset(sv, 0, sizeof(*sv));
}

int symvers_parse_kernel(char *buf, int (*fn)(const struct symvers_line *l, void *userdata),
			 void *userdata, unsigned *bad_line)
{
	char *pos = buf;
	unsigned lineno = 0;

	while (pos && *pos) {
		char *line = pos, *nl = strchr(pos, '\n'), *f[5], *d;
		struct symvers_line l;
		int r;

		if (nl)
			*nl++ = '\0';
		pos = nl;
		lineno++;
		f[0] = line;
		for (int i = 1; i < 5; i++) {
			f[i] = strchr(f[i - 1], '\t');
			if (!f[i])
				goto fail;
			*f[i]++ = '\0';
		}
		l.crc = (uint32_t)strtoul(f[0], &d, 16);
		if (!*f[1] || !*f[2] || *d != '\0')
			goto fail;
		l.name = f[1];
		l.module = f[2];
		l.export_type = f[3];
		l.ns = f[4];
		l.line = lineno;
		r = fn(&l, userdata);
		if (r)
			return r;
	}
	return 0;
fail:
	if (bad_line)
		*bad_line = lineno;
	return -EINVAL;
}
