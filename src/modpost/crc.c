// SPDX-License-Identifier: GPL-2.0-or-later
/* CRCs of a module's exports: from "#SYMVER <sym> <crc>" lines of the
 * member objects' .<obj>.cmd files (written by genksyms, 6.1 on), or
 * (5.10) from the __crc_<sym> symbols that genksyms' linker script put
 * in the objects. */
#define _GNU_SOURCE
#include <ctype.h>
#include <limits.h>
#include <string.h>

#include "kernel/kelf.h"
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

void mp_handle_modversion(struct modpost *mp, const struct mp_module *mod, struct kelf *k,
			  const GElf_Sym *sym, size_t shndx, const char *name)
{
	struct mp_symbol *s;
	uint32_t crc;

	/* the weak reference of __CRC_SYMBOL() that genksyms left unresolved */
	if (sym->st_shndx == SHN_UNDEF) {
		mp_warn(mp, "EXPORT symbol \"%s\" [%s%s] version generation failed, symbol will not be versioned.\n",
			name, mod->name, mod->is_vmlinux ? "" : ".ko");
		return;
	}
	if (sym->st_shndx == SHN_ABS) {
		crc = (uint32_t)sym->st_value;
	} else {
		/* CONFIG_MODULE_REL_CRCS: the symbol points at the CRC */
		const uint8_t *p;

		if (kelf_sym_bytes(k, shndx, sym->st_value, 4, &p) < 0)
			mp_fatal(mp, "%s: __crc_%s lies outside its section\n", mod->name, name);
		crc = (uint32_t)kelf_read_uint(k, p, 4);
	}
	/* a stand-alone __crc_ (an ARM veneer, say) is no export's */
	s = mp_find_symbol(mp, name, NULL);
	if (s) {
		s->crc = crc;
		s->crc_valid = true;
	}
}
