// SPDX-License-Identifier: GPL-2.0-or-later
/* Module.symvers in (-i) and out (-o), with the kernel modpost's messages. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "modpost.h"
#include "kernel/symvers.h"
#include "shared/alloc.h"
#include "shared/macro.h"
#include "shared/strbuf.h"

struct dump_ctx {
	struct modpost *mp;
	const char *fname;
};

static int dump_line(const struct symvers_line *l, void *userdata)
{
	struct dump_ctx *c = userdata;
	struct modpost *mp = c->mp;
	struct mp_module *mod;
	struct mp_symbol *s;
	bool gpl_only;

	if (mp->fmt == KBP_MODPOST_5_10) {
		/* any export type reads (unknown ones as "(unknown)") */
		mod = mp_module_find_dump(mp, c->fname, l->module);
		if (!mod) {
			mod = mp_module_new(mp, l->module, strlen(l->module));
			mod->dump_file = c->fname;
		}
		s = mp_add_exported_5_10(mp, l->name, mod, mp_export_no(l->export_type));
		s->is_static = false;
		s->crc = l->crc;
		s->crc_valid = true;
		s->ns = l->ns[0] ? mp_intern(mp, l->ns) : NULL;
		return 0;
	}
	if (!strcmp(l->export_type, "EXPORT_SYMBOL_GPL")) {
		gpl_only = true;
	} else if (!strcmp(l->export_type, "EXPORT_SYMBOL")) {
		gpl_only = false;
	} else {
		mp_error(mp, "%s: unknown license %s. skip", l->name, l->export_type);
		return 0;
	}
	mod = mp_module_find_dump(mp, c->fname, l->module);
	if (!mod) {
		mod = mp_module_new(mp, l->module, strlen(l->module));
		mod->dump_file = c->fname;
	}
	if (mp->fmt == KBP_MODPOST_6_1)
		/* sym_update_namespace(): "" means none */
		s = mp_add_exported(mp, l->name, mod, gpl_only, l->ns[0] ? l->ns : NULL);
	else
		s = mp_add_exported(mp, l->name, mod, gpl_only, l->ns);
	s->crc = l->crc;
	s->crc_valid = true;
	return 0;
}

#define DUMP_CHUNK (64 * 1024)

/* The dump read in chunks of whole lines, not whole: a distribution's
 * Module.symvers is megabytes, and nothing of a line outlives its parse.
 * As the whole file read as one string would be, it ends at a NUL byte. */
void mp_read_dump(struct modpost *mp, const char *fname)
{
	_cleanup_close_ int fd = open(fname, O_RDONLY | O_CLOEXEC);
	struct dump_ctx c = { mp, fname };
	size_t cap = DUMP_CHUNK + 1, have = 0;
	_cleanup_free_ char *buf = xmalloc(cap);
	bool eof = false;

	if (fd < 0)
		mp_perror_exit(fname, errno);
	while (!eof) {
		ssize_t n;
		size_t whole;
		char *nl, *nul;
		int r;

		if (cap - 1 - have < DUMP_CHUNK / 2) /* a line longer than what is left */
			buf = xrealloc(buf, cap *= 2);
		n = read(fd, buf + have, cap - 1 - have);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			mp_perror_exit(fname, errno);
		nul = memchr(buf + have, '\0', (size_t)n);
		eof = n == 0 || nul;
		have = nul ? (size_t)(nul - buf) : have + (size_t)n;
		buf[have] = '\0';
		/* whole lines only, but at the end whatever is left */
		nl = eof ? NULL : memrchr(buf, '\n', have);
		whole = eof ? have : nl ? (size_t)(nl - buf) + 1 : 0;
		if (!whole)
			continue;
		{
			char keep = buf[whole];

			buf[whole] = '\0';
			r = symvers_parse_kernel(buf, dump_line, &c, NULL);
			buf[whole] = keep;
		}
		if (r == -EINVAL)
			mp_fatal(mp, "parse error in symbol dump file\n");
		if (r)
			break;
		memmove(buf, buf + whole, have - whole + 1);
		have -= whole;
	}
}

/* 5.10 writes its symbol hash table in bucket order, each symbol under the
 * module that exported it last */
static void write_dump_5_10(struct modpost *mp, struct strbuf *b)
{
	size_t n;
	_cleanup_free_ struct mp_symbol **v = mp_symbols_in_hash_order(mp, &n);

	for (size_t i = 0; i < n; i++) {
		struct mp_symbol *s = v[i];

		if (s->module->dump_file)
			continue;
		mp_buf_printf(mp, b, "0x%08x\t%s\t%s\t%s\t%s\n", s->crc, s->name, s->module->name,
			      mp_export_str(s->export), s->ns ? s->ns : "");
	}
}

void mp_write_dump(struct modpost *mp, const char *fname)
{
	struct strbuf b = { 0 };

	if (mp->fmt == KBP_MODPOST_5_10)
		write_dump_5_10(mp, &b);
	for (size_t i = 0; mp->fmt != KBP_MODPOST_5_10 && i < mp->modules.n; i++) {
		struct mp_module *mod = mp->modules.v[i];

		if (mod->dump_file)
			continue;
		for (size_t j = 0; j < mod->exports.n; j++) {
			struct mp_symbol *s = mod->exports.v[j];

			if (mp->trim_unused_exports && !s->used)
				continue;
			mp_buf_printf(mp, &b, "0x%08x\t%s\t%s\tEXPORT_SYMBOL%s\t%s\n", s->crc, s->name,
				      mod->name, s->gpl_only ? "_GPL" : "", s->ns ? s->ns : "");
		}
	}
	mp_write_buf(mp, &b, fname);
	strbuf_release(&b);
}
