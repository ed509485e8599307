// SPDX-License-Identifier: GPL-2.0-or-later
/* Module.symvers in (-i) and out (-o), with the kernel modpost's messages. */
#define _GNU_SOURCE
#include <errno.h>
#include <string.h>

#include "modpost.h"
#include "kernel/symvers.h"
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

void mp_read_dump(struct modpost *mp, const char *fname)
{
	_cleanup_free_ char *buf = mp_read_text_file(fname);
	struct dump_ctx c = { mp, fname };
	int r = symvers_parse_kernel(buf, dump_line, &c, NULL);

	if (r == -EINVAL)
		mp_fatal(mp, "parse error in symbol dump file\n");
}

void mp_write_dump(struct modpost *mp, const char *fname)
{
	struct strbuf b = { 0 };

	for (size_t i = 0; i < mp->modules.n; i++) {
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
