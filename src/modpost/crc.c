// SPDX-License-Identifier: GPL-2.0-or-later
/* CRCs of a module's exports from "#SYMVER <sym> <crc>" lines of the
 * member objects' .<obj>.cmd files (written by genksyms). */
#define _GNU_SOURCE
#include <ctype.h>
#include <limits.h>
#include <string.h>

#include "modpost.h"
#include "shared/alloc.h"
#include "shared/str.h"

static void extract_crcs_for_object(struct modpost *mp, const char *object, struct mp_module *mod)
{
	_cleanup_free_ char *cmd_file = NULL, *buf = NULL;
	const char *base = mp_basename(object);
	int dirlen = (int)(base - object);
	int baselen = (int)strlen(base) - (int)strlen(".o");
	char *p;

	/* 7.2 swaps the last two characters for "o" (for CONFIG_LTO_CLANG_THIN_DIST,
	 * whose x.thinlto-native.o has its CRCs in .x.o.cmd) */
	if (mp->fmt < KBP_MODPOST_7_2) {
		cmd_file = xasprintf("%.*s.%s.cmd", dirlen, object, base);
	} else {
		if (str_ends_with(object, ".thinlto-native.o"))
			baselen -= (int)strlen(".thinlto-native");
		cmd_file = xasprintf("%.*s.%.*s.o.cmd", dirlen, object, baselen, base);
	}
	if (strlen(cmd_file) >= PATH_MAX) {
		cmd_file[PATH_MAX - 1] = '\0';
		mp_error(mp, "%s: too long path was truncated\n", cmd_file);
		return;
	}
	buf = mp_read_text_file(cmd_file);
	p = buf;
	while ((p = strstr(p, "\n#SYMVER "))) {
		char *name = p + strlen("\n#SYMVER ");
		size_t namelen;
		unsigned long crc;
		struct mp_symbol *sym;

		p = strchr(name, ' ');
		if (!p)
			break;
		namelen = (size_t)(p - name);
		p++;
		if (!isdigit((unsigned char)*p))
			continue;
		crc = strtoul(p, &p, 0);
		if (*p != '\n')
			continue;
		name[namelen] = '\0';
		/* orphan CRCs (trimmed exports) are ignored */
		sym = mp_find_symbol(mp, name, mod);
		if (sym) {
			sym->crc = (uint32_t)crc;
			sym->crc_valid = true;
		}
	}
}

void mp_set_crcs(struct modpost *mp, struct mp_module *mod)
{
	_cleanup_free_ char *objlist = NULL, *buf = NULL;
	char *p, *obj;

	objlist = mod->is_vmlinux ? xstrdup(".vmlinux.objs") : xasprintf("%s.mod", mod->name);
	if (strlen(objlist) >= PATH_MAX) {
		objlist[PATH_MAX - 1] = '\0';
		mp_error(mp, "%s: too long path was truncated\n", objlist);
		return;
	}
	buf = mp_read_text_file(objlist);
	p = buf;
	while ((obj = strsep(&p, "\n")) && obj[0])
		extract_crcs_for_object(mp, obj, mod);
}
