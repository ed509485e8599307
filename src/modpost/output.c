// SPDX-License-Identifier: GPL-2.0-or-later
/* Checks per module and the generated <module>.mod.c. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>

#include "modpost.h"
#include "shared/alloc.h"
#include "shared/strbuf.h"
#include "shared/str.h"

const char *mp_basename(const char *path)
{
	const char *p = strrchr(path, '/');
	return p ? p + 1 : path;
}

static size_t module_name_len(const struct mp_module *mod)
{
	return 64 - mod->addr_size;
}

void mp_check_modname_len(struct modpost *mp, struct mp_module *mod)
{
	if (strlen(mp_basename(mod->name)) >= module_name_len(mod))
		mp_error(mp, "module name is too long [%s.ko]\n", mod->name);
}

/* 5.10: no limit on "undefined!" and none without vmlinux, a module's own
 * export is undefined too; UNUSED and GPL_FUTURE exports */
static void check_exports_5_10(struct modpost *mp, struct mp_module *mod)
{
	const char *base = mp_basename(mod->name);

	for (size_t i = 0; i < mod->unresolved.n; i++) {
		struct mp_symbol *s = mod->unresolved.v[i];
		struct mp_symbol *exp = mp_find_symbol(mp, s->name, NULL);

		if (!exp || exp->module == mod) {
			if (mp->have_vmlinux && !s->weak)
				mp_log(mp, !mp->warn_unresolved, "\"%s\" [%s.ko] undefined!\n", s->name, mod->name);
			continue;
		}
		s->module = exp->module;
		s->crc_valid = exp->crc_valid;
		s->crc = exp->crc;
		if (exp->ns && !mp_contains_ns(mp, &mod->imported_ns, exp->ns)) {
			mp_log(mp, !mp->allow_missing_ns_imports,
			       "module %s uses symbol %s from namespace %s, but does not import it.\n", base,
			       exp->name, exp->ns);
			mp_add_ns(mp, &mod->missing_ns, exp->ns);
		}
		if (!mod->is_gpl_compatible) {
			if (exp->export == MP_EXPORT_GPL)
				mp_fatal(mp, "GPL-incompatible module %s.ko uses GPL-only symbol '%s'\n", base,
					 exp->name);
			if (exp->export == MP_EXPORT_UNUSED_GPL)
				mp_fatal(mp, "GPL-incompatible module %s.ko uses GPL-only symbol marked UNUSED '%s'\n",
					 base, exp->name);
			if (exp->export == MP_EXPORT_GPL_FUTURE)
				mp_warn(mp, "GPL-incompatible module %s.ko uses future GPL-only symbol '%s'\n", base,
					exp->name);
		}
		if (exp->export == MP_EXPORT_UNUSED || exp->export == MP_EXPORT_UNUSED_GPL)
			mp_warn(mp, "module %s.ko uses symbol '%s' marked UNUSED\n", base, exp->name);
	}
}

void mp_check_exports(struct modpost *mp, struct mp_module *mod)
{
	if (mp->fmt == KBP_MODPOST_5_10) {
		check_exports_5_10(mp, mod);
		return;
	}
	for (size_t i = 0; i < mod->unresolved.n; i++) {
		struct mp_symbol *s = mod->unresolved.v[i];
		struct mp_symbol *exp = mp_find_symbol(mp, s->name, NULL);
		const char *base;

		if (!exp) {
			if (!s->weak && mp->nr_unresolved++ < 10)
				mp_log(mp, !mp->warn_unresolved, "\"%s\" [%s.ko] undefined!\n", s->name,
				       mod->name);
			continue;
		}
		if (exp->module == mod) {
			mp_error(mp, "\"%s\" [%s.ko] was exported without definition\n", s->name, mod->name);
			continue;
		}
		exp->used = true;
		s->module = exp->module;
		s->crc_valid = exp->crc_valid;
		s->crc = exp->crc;

		base = mp_basename(mod->name);
		if (exp->ns && !(mp->fmt >= KBP_MODPOST_7_2 && mp_verify_module_ns(exp->ns, base)) &&
		    !mp_contains_ns(mp, &mod->imported_ns, exp->ns)) {
			mp_log(mp, !mp->allow_missing_ns_imports,
			       "module %s uses symbol %s from namespace %s, but does not import it.\n", base,
			       exp->name, exp->ns);
			mp_add_ns(mp, &mod->missing_ns, exp->ns);
		}
		if (!mod->is_gpl_compatible && exp->gpl_only)
			mp_error(mp, "GPL-incompatible module %s.ko uses GPL-only symbol '%s'\n", base,
				 exp->name);
	}
}

static void add_header(struct modpost *mp, struct strbuf *b, struct mp_module *mod)
{
	bool v61 = mp->fmt <= KBP_MODPOST_6_1;

	strbuf_adds(b, "#include <linux/module.h>\n");
	if (mp->fmt == KBP_MODPOST_5_10)
		strbuf_adds(b, "#define INCLUDE_VERMAGIC\n"
			       "#include <linux/build-salt.h>\n"
			       "#include <linux/vermagic.h>\n"
			       "#include <linux/compiler.h>\n"
			       "\n"
			       "BUILD_SALT;\n"
			       "\n"
			       "MODULE_INFO(vermagic, VERMAGIC_STRING);\n");
	else if (v61)
		strbuf_adds(b, "#define INCLUDE_VERMAGIC\n"
			       "#include <linux/build-salt.h>\n"
			       "#include <linux/elfnote-lto.h>\n"
			       "#include <linux/export-internal.h>\n"
			       "#include <linux/vermagic.h>\n"
			       "#include <linux/compiler.h>\n"
			       "\n"
			       "BUILD_SALT;\n"
			       "BUILD_LTO_INFO;\n"
			       "\n"
			       "MODULE_INFO(vermagic, VERMAGIC_STRING);\n");
	else
		strbuf_adds(b, "#include <linux/export-internal.h>\n"
			       "#include <linux/compiler.h>\n"
			       "\n");
	strbuf_adds(b, "MODULE_INFO(name, KBUILD_MODNAME);\n"
		       "\n"
		       "__visible struct module __this_module\n"
		       "__section(\".gnu.linkonce.this_module\") = {\n"
		       "\t.name = KBUILD_MODNAME,\n");
	if (mod->has_init)
		strbuf_adds(b, "\t.init = init_module,\n");
	if (mod->has_cleanup)
		strbuf_adds(b, "#ifdef CONFIG_MODULE_UNLOAD\n"
			       "\t.exit = cleanup_module,\n"
			       "#endif\n");
	strbuf_adds(b, "\t.arch = MODULE_ARCH_INIT,\n"
		       "};\n");
	if (!mp->external_module)
		strbuf_adds(b, "\nMODULE_INFO(intree, \"Y\");\n");
	if (v61)
		strbuf_adds(b, "\n"
			       "#ifdef CONFIG_RETPOLINE\n"
			       "MODULE_INFO(retpoline, \"Y\");\n"
			       "#endif\n");
	if (str_starts_with(mod->name, "drivers/staging"))
		strbuf_adds(b, "\nMODULE_INFO(staging, \"Y\");\n");
	if (mp->fmt >= KBP_MODPOST_6_1 && str_starts_with(mod->name, "tools/testing"))
		strbuf_adds(b, "\nMODULE_INFO(test, \"Y\");\n");
}

void mp_add_exported_symbols(struct modpost *mp, struct strbuf *b, struct mp_module *mod)
{
	/* 5.10 has the CRCs in the objects already */
	if (mp->fmt == KBP_MODPOST_5_10)
		return;
	if (mp->fmt >= KBP_MODPOST_6_12) {
		strbuf_adds(b, "\n");
		for (size_t i = 0; i < mod->exports.n; i++) {
			struct mp_symbol *s = mod->exports.v[i];

			if (mp->trim_unused_exports && !s->used)
				continue;
			if (mp->fmt < KBP_MODPOST_7_2) {
				mp_buf_printf(mp, b, "KSYMTAB_%s(%s, \"%s\", \"%s\");\n",
					      s->is_func ? "FUNC" : "DATA", s->name, s->gpl_only ? "_gpl" : "",
					      s->ns ? s->ns : "");
				continue;
			}
			/* 7.2: GPL-only moved into a flags byte (KSYM_FLAG_GPL_ONLY) */
			mp_buf_printf(mp, b, "KSYMTAB_%s(%s, \"%s\");\n", s->is_func ? "FUNC" : "DATA", s->name,
				      s->ns ? s->ns : "");
			mp_buf_printf(mp, b, "SYMBOL_FLAGS(%s, 0x%02x);\n", s->name, s->gpl_only ? 1 : 0);
		}
	}
	if (!mp->modversions)
		return;
	strbuf_adds(b, "\n");
	for (size_t i = 0; i < mod->exports.n; i++) {
		struct mp_symbol *s = mod->exports.v[i];

		if (mp->trim_unused_exports && !s->used)
			continue;
		if (!s->crc_valid)
			mp_warn(mp, "EXPORT symbol \"%s\" [%s%s] version generation failed, symbol will not be versioned.\n"
				    "Is \"%s\" prototyped in <asm/asm-prototypes.h>?\n",
				s->name, mod->name, mod->is_vmlinux ? "" : ".ko", s->name);
		if (mp->fmt < KBP_MODPOST_7_2)
			mp_buf_printf(mp, b, "SYMBOL_CRC(%s, 0x%08x, \"%s\");\n", s->name, s->crc,
				      s->gpl_only ? "_gpl" : "");
		else
			mp_buf_printf(mp, b, "SYMBOL_CRC(%s, 0x%08x);\n", s->name, s->crc);
	}
}

/* An unresolved symbol that a version table lists: one some module
 * exports, with a CRC (the table warns about one without). */
static bool versioned(struct modpost *mp, const struct mp_module *mod, const struct mp_symbol *s)
{
	if (!s->module)
		return false;
	if (!s->crc_valid) {
		mp_warn(mp, "\"%s\" [%s.ko] has no CRC!\n", s->name, mod->name);
		return false;
	}
	return true;
}

/* 7.2 writes __versions only with -b (CONFIG_BASIC_MODVERSIONS) */
static void add_versions(struct modpost *mp, struct strbuf *b, struct mp_module *mod)
{
	bool v72 = mp->fmt >= KBP_MODPOST_7_2;

	if (v72 ? !mp->basic_modversions : !mp->modversions)
		return;
	strbuf_adds(b, "\n"
		       "static const struct modversion_info ____versions[]\n"
		       "__used __section(\"__versions\") = {\n");
	for (size_t i = 0; i < mod->unresolved.n; i++) {
		struct mp_symbol *s = mod->unresolved.v[i];

		if (!versioned(mp, mod, s))
			continue;
		if (strlen(s->name) >= module_name_len(mod)) {
			/* with -x the long name is in the extended tables only */
			if (mp->extended_modversions)
				continue;
			mp_error(mp, "too long symbol \"%s\" [%s.ko]\n", s->name, mod->name);
			break;
		}
		if (v72)
			mp_buf_printf(mp, b, "\t{ 0x%08x, \"%s\" },\n", s->crc, s->name);
		else
			mp_buf_printf(mp, b, "\t{ %#8x, \"%s\" },\n", s->crc, s->name);
	}
	strbuf_adds(b, "};\n");
}

/* 7.2 -x (CONFIG_EXTENDED_MODVERSIONS): CRCs and names of any length in two
 * parallel tables; a symbol without CRC is left out of both */
static void add_extended_versions(struct modpost *mp, struct strbuf *b, struct mp_module *mod)
{
	if (!mp->extended_modversions)
		return;
	strbuf_adds(b, "\n"
		       "static const u32 ____version_ext_crcs[]\n"
		       "__used __section(\"__version_ext_crcs\") = {\n");
	for (size_t i = 0; i < mod->unresolved.n; i++) {
		struct mp_symbol *s = mod->unresolved.v[i];

		if (versioned(mp, mod, s))
			mp_buf_printf(mp, b, "\t0x%08x,\n", s->crc);
	}
	strbuf_adds(b, "};\n"
		       "static const char ____version_ext_names[]\n"
		       "__used __section(\"__version_ext_names\") =\n");
	for (size_t i = 0; i < mod->unresolved.n; i++) {
		struct mp_symbol *s = mod->unresolved.v[i];

		if (s->module && s->crc_valid)
			mp_buf_printf(mp, b, "\t\"%s\\0\"\n", s->name);
	}
	strbuf_adds(b, ";\n");
}

static void add_depends(struct modpost *mp, struct strbuf *b, struct mp_module *mod)
{
	bool first = true;

	for (size_t i = 0; i < mod->unresolved.n; i++) {
		struct mp_symbol *s = mod->unresolved.v[i];
		if (s->module)
			s->module->seen = s->module->is_vmlinux;
	}
	strbuf_adds(b, "\n");
	strbuf_adds(b, "MODULE_INFO(depends, \"");
	for (size_t i = 0; i < mod->unresolved.n; i++) {
		struct mp_symbol *s = mod->unresolved.v[i];

		if (!s->module || s->module->seen)
			continue;
		s->module->seen = true;
		mp_buf_printf(mp, b, "%s%s", first ? "" : ",", mp_basename(s->module->name));
		first = false;
	}
	strbuf_adds(b, "\");\n");
}

static void add_aliases(struct modpost *mp, struct strbuf *b, struct mp_module *mod)
{
	struct strbuf t = { 0 };
	size_t n;

	if (mp->fmt != KBP_MODPOST_5_10) {
		for (size_t i = 0; i < mod->aliases.n; i++)
			mp_buf_printf(mp, b, "MODULE_ALIAS(\"%s\");\n", ((struct mp_alias *)mod->aliases.v[i])->str);
		return;
	}
	/* 5.10 gathers them in a buffer of their own and strncpy()s that into
	 * the file: past the NULs of a truncated line (mp_buf_printf()),
	 * everything is NULs */
	for (size_t i = 0; i < mod->aliases.n; i++)
		mp_buf_printf(mp, &t, "MODULE_ALIAS(\"%s\");\n", ((struct mp_alias *)mod->aliases.v[i])->str);
	if (t.len) {
		n = strnlen(t.s, t.len);
		strbuf_addn(b, t.s, n);
		for (; n < t.len; n++)
			strbuf_addc(b, '\0');
	}
	strbuf_release(&t);
}

void mp_write_buf(struct modpost *mp, struct strbuf *b, const char *fname)
{
	FILE *f;

	/* 5.10 writes its files whatever went wrong */
	if (mp->error_occurred && mp->fmt >= KBP_MODPOST_6_1)
		return;
	f = fopen(fname, "w");
	if (!f)
		mp_perror_exit(fname, errno);
	if (fwrite(b->s ? b->s : "", 1, b->len, f) != b->len)
		mp_perror_exit(fname, errno);
	if (fclose(f) != 0)
		mp_perror_exit(fname, errno);
}

void mp_write_if_changed(struct modpost *mp, struct strbuf *b, const char *fname)
{
	_cleanup_fclose_ FILE *f = fopen(fname, "r");
	struct stat st;

	if (f && fstat(fileno(f), &st) == 0 && (size_t)st.st_size == b->len) {
		_cleanup_free_ char *tmp = xmalloc(b->len);

		if (fread(tmp, 1, b->len, f) == b->len && memcmp(tmp, b->s ? b->s : "", b->len) == 0)
			return;
	}
	mp_write_buf(mp, b, fname);
}

void mp_write_mod_c_file(struct modpost *mp, struct mp_module *mod)
{
	struct strbuf b = { 0 };
	_cleanup_free_ char *fname = NULL;

	if (mp->fmt <= KBP_MODPOST_6_1) {
		mp_check_modname_len(mp, mod);
		mp_check_exports(mp, mod);
	}
	add_header(mp, &b, mod);
	mp_add_exported_symbols(mp, &b, mod);
	add_versions(mp, &b, mod);
	add_extended_versions(mp, &b, mod);
	add_depends(mp, &b, mod);
	strbuf_adds(&b, "\n");
	add_aliases(mp, &b, mod);
	if (mod->srcversion[0]) {
		strbuf_adds(&b, "\n");
		mp_buf_printf(mp, &b, "MODULE_INFO(srcversion, \"%s\");\n", mod->srcversion);
	}
	fname = xasprintf("%s.mod.c", mod->name);
	if (strlen(fname) >= PATH_MAX) {
		fname[PATH_MAX - 1] = '\0';
		mp_error(mp, "%s: too long path was truncated\n", fname);
	} else {
		mp_write_if_changed(mp, &b, fname);
	}
	strbuf_release(&b);
}

void mp_write_namespace_deps(struct modpost *mp, const char *fname)
{
	struct strbuf b = { 0 };

	for (size_t i = 0; i < mp->modules.n; i++) {
		struct mp_module *mod = mp->modules.v[i];

		if (mod->dump_file || !mod->missing_ns.n)
			continue;
		mp_buf_printf(mp, &b, "%s.ko:", mod->name);
		/* 5.10 lists them newest first */
		if (mp->fmt == KBP_MODPOST_5_10)
			ptrarray_reverse(&mod->missing_ns);
		for (size_t j = 0; j < mod->missing_ns.n; j++)
			mp_buf_printf(mp, &b, " %s", (const char *)mod->missing_ns.v[j]);
		strbuf_adds(&b, "\n");
	}
	mp_write_if_changed(mp, &b, fname);
	strbuf_release(&b);
}
