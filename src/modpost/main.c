// SPDX-License-Identifier: GPL-2.0-or-later
/* kbuild-modpost: drop-in for the kernel's scripts/mod/modpost. */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "modpost.h"
#include "shared/array.h"
#include "shared/strbuf.h"

/* The kernel build directory: kbuild exports $objtree, which since 6.13 is
 * not the directory modpost runs in for M= builds (that is the module's). */
static const char *find_objtree(void)
{
	const char *objtree = getenv("objtree");

	return objtree && *objtree ? objtree : ".";
}

static enum kbp_modpost_format detect_format(const char *objtree)
{
	const char *force = getenv("KBUILD_MODPOST_KERNEL");
	unsigned v, p;
	int r;

	if (force && *force) {
		r = kversion_parse(force, &v, &p);
		if (r < 0) {
			fprintf(stderr, "kbuild-modpost: KBUILD_MODPOST_KERNEL=%s is not a kernel version\n", force);
			exit(1);
		}
	} else {
		r = kversion_read_tree(objtree, &v, &p);
		if (r < 0) {
			fprintf(stderr,
				"kbuild-modpost: cannot tell the kernel version of the build directory %s "
				"(no include/config/kernel.release, include/generated/utsrelease.h or Makefile)\n",
				objtree);
			exit(1);
		}
	}
	if (!kbp_modpost_supports(v, p)) {
		fprintf(stderr, "kbuild-modpost: kernel %u.%u is not supported (known: %s)\n", v, p,
			kbp_modpost_known_series());
		exit(1);
	}
	return kbp_modpost_format(v, p);
}

static void read_symbols_from_files(struct modpost *mp, const char *filename)
{
	_cleanup_fclose_ FILE *in = NULL;
	FILE *f = stdin;
	char fname[PATH_MAX];

	/* "-" is stdin up to 6.1 */
	if (mp->fmt >= KBP_MODPOST_6_12 || strcmp(filename, "-") != 0) {
		in = fopen(filename, "r");
		if (!in)
			mp_fatal(mp, "Can't open filenames file %s: %s", filename, strerror(errno));
		f = in;
	}
	while (fgets(fname, PATH_MAX, f) != NULL) {
		size_t n = strlen(fname);

		if (n && fname[n - 1] == '\n')
			fname[n - 1] = '\0';
		mp_read_symbols(mp, fname);
	}
}

static void handle_white_list_exports(struct modpost *mp, const char *white_list)
{
	_cleanup_free_ char *buf = mp_read_text_file(white_list);
	char *p = buf, *name;

	while ((name = strsep(&p, "\n"))) {
		struct mp_symbol *s = mp_find_symbol(mp, name, NULL);
		if (s)
			s->used = true;
	}
}

static void write_vmlinux_export_c_file(struct modpost *mp, struct mp_module *mod)
{
	struct strbuf b = { 0 };

	strbuf_adds(&b, "#include <linux/export-internal.h>\n");
	mp_add_exported_symbols(mp, &b, mod);
	/* 7.2: the built-in modules' aliases, as <module>.alias= modinfo */
	if (mp->fmt >= KBP_MODPOST_7_2) {
		strbuf_adds(&b, "#include <linux/module.h>\n"
			       "#undef __MODULE_INFO_PREFIX\n"
			       "#define __MODULE_INFO_PREFIX\n");
		for (size_t i = 0; i < mod->aliases.n; i++) {
			struct mp_alias *a = mod->aliases.v[i];

			mp_buf_printf(mp, &b, "MODULE_INFO(%s.alias, \"%s\");\n", a->builtin_modname, a->str);
		}
	}
	mp_write_if_changed(mp, &b, ".vmlinux.export.c");
	strbuf_release(&b);
}

/* 5.10: an export whose object has no global symbol of its name */
static void warn_static_exports(struct modpost *mp)
{
	size_t n;
	_cleanup_free_ struct mp_symbol **v = mp_symbols_in_hash_order(mp, &n);

	for (size_t i = 0; i < n; i++)
		if (v[i]->is_static)
			mp_warn(mp, "\"%s\" [%s] is a static %s\n", v[i]->name, v[i]->module->name,
				mp_export_str(v[i]->export));
}

int main(int argc, char **argv)
{
	struct modpost mp = { .sec_mismatch_warn_only = true };
	const char *missing_ns_deps = NULL, *dump_write = NULL, *files_source = NULL;
	const char *white_list = NULL;
	struct ptrarray dumps = { 0 };
	const char *optstring;
	int opt;

	mp.objtree = find_objtree();
	mp.fmt = detect_format(mp.objtree);
	optstring = mp.fmt == KBP_MODPOST_5_10 ? "ei:mnT:o:awENd:" :
		    mp.fmt == KBP_MODPOST_6_1  ? "ei:mnT:o:aWwENd:" :
		    mp.fmt == KBP_MODPOST_6_12 ? "ei:MmnT:to:au:WwENd:" :
						 "ei:MmnT:to:au:WwENd:xb";

	while ((opt = getopt(argc, argv, optstring)) != -1) {
		switch (opt) {
		case 'e': mp.external_module = true; break;
		case 'i': ptrarray_push(&dumps, optarg); break;
		case 'M': mp.module_enabled = true; break;
		case 'm': mp.modversions = true; break;
		case 'n': mp.ignore_missing_files = true; break;
		case 'o': dump_write = optarg; break;
		case 'a': mp.all_versions = true; break;
		case 'T': files_source = optarg; break;
		case 't': mp.trim_unused_exports = true; break;
		case 'u': white_list = optarg; break;
		case 'W': mp.extra_warn = true; break;
		case 'w': mp.warn_unresolved = true; break;
		case 'E': mp.sec_mismatch_warn_only = false; break;
		case 'N': mp.allow_missing_ns_imports = true; break;
		case 'd': missing_ns_deps = optarg; break;
		case 'b': mp.basic_modversions = true; break;
		case 'x': mp.extended_modversions = true; break;
		default: exit(1);
		}
	}

	for (size_t i = 0; i < dumps.n; i++)
		mp_read_dump(&mp, dumps.v[i]);
	ptrarray_free(&dumps, NULL);

	while (optind < argc)
		mp_read_symbols(&mp, argv[optind++]);
	if (files_source)
		read_symbols_from_files(&mp, files_source);

	if (mp.fmt == KBP_MODPOST_5_10) {
		if (!mp.have_vmlinux)
			mp_warn(&mp, "Symbol info of vmlinux is missing. Unresolved symbol check will be entirely skipped.\n");
		/* 5.10 keeps its modules newest first */
		ptrarray_reverse(&mp.modules);
	}
	if (mp.fmt >= KBP_MODPOST_6_12) {
		/* 6.12 checks every module before writing anything */
		for (size_t i = 0; i < mp.modules.n; i++) {
			struct mp_module *mod = mp.modules.v[i];

			if (mp.fmt >= KBP_MODPOST_7_2)
				mp_keep_no_trim_symbols(&mp, mod);
			if (mod->dump_file || mod->is_vmlinux)
				continue;
			mp_check_modname_len(&mp, mod);
			mp_check_exports(&mp, mod);
		}
		if (white_list)
			handle_white_list_exports(&mp, white_list);
	}

	for (size_t i = 0; i < mp.modules.n; i++) {
		struct mp_module *mod = mp.modules.v[i];

		if (mod->dump_file)
			continue;
		if (mod->is_vmlinux)
			write_vmlinux_export_c_file(&mp, mod);
		else
			mp_write_mod_c_file(&mp, mod);
	}

	if (missing_ns_deps)
		mp_write_namespace_deps(&mp, missing_ns_deps);
	if (dump_write)
		mp_write_dump(&mp, dump_write);
	if (mp.sec_mismatch_count && !mp.sec_mismatch_warn_only) {
		static const char msg[] = "Section mismatches detected.\n"
					  "Set CONFIG_SECTION_MISMATCH_WARN_ONLY=y to allow them.\n";

		/* 5.10: fatal, before the static exports */
		if (mp.fmt == KBP_MODPOST_5_10)
			mp_fatal(&mp, "%s", msg);
		mp_error(&mp, "%s", msg);
	}

	if (mp.fmt == KBP_MODPOST_5_10)
		warn_static_exports(&mp);
	if (mp.nr_unresolved > 10)
		mp_warn(&mp, "suppressed %u unresolved symbol warnings because there were too many)\n",
			mp.nr_unresolved - 10);

	mp_free(&mp);
	return mp.error_occurred ? 1 : 0;
}
