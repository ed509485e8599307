// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "inspect/canary.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "kernel/compiler.h"
#include "kernel/kconfig.h"
#include "kernel/kelf.h"
#include "kernel/target.h"
#include "kernel/tree.h"
#include "shared/log.h"
#include "shared/alloc.h"
#include "shared/path.h"
#include "shared/fs.h"
#include "shared/fileio.h"
#include "shared/scratch.h"
#include "shared/spawn.h"
#include "kernel/symvers.h"

/* Built in, so verify needs no data files: uses a few exports every
 * modular kernel has, so __versions is never empty with MODVERSIONS. */
static const char canary_c[] =
	"// SPDX-License-Identifier: GPL-2.0\n"
	"#include <linux/module.h>\n"
	"#include <linux/slab.h>\n"
	"static int __init kbp_canary_init(void)\n"
	"{\n"
	"\tvoid *p = kmalloc(16, GFP_KERNEL);\n"
	"\tpr_info(\"kbp_canary %p\\n\", p);\n"
	"\tkfree(p);\n"
	"\treturn 0;\n"
	"}\n"
	"static void __exit kbp_canary_exit(void) { }\n"
	"module_init(kbp_canary_init);\n"
	"module_exit(kbp_canary_exit);\n"
	"MODULE_LICENSE(\"GPL\");\n"
	"MODULE_DESCRIPTION(\"kbuild-pack verify canary\");\n";
static const char canary_kbuild[] = "obj-m := kbp_canary.o\n";

/* With CONFIG_RUST, a Rust module too: it reads the kernel's crate
 * metadata (core, kernel), runs its proc-macros (module!) and names Rust
 * symbols of the kernel crate in its modversions. module!'s syntax is
 * that of 6.12 and later. */
static const char canary_rs[] =
	"// SPDX-License-Identifier: GPL-2.0\n"
	"//! kbuild-pack verify canary (Rust)\n"
	"use kernel::prelude::*;\n"
	"module! {\n"
	"    type: KbpCanaryRs,\n"
	"    name: \"kbp_canary_rs\",\n"
	"    authors: [\"kbuild-pack\"],\n"
	"    description: \"kbuild-pack verify canary (Rust)\",\n"
	"    license: \"GPL\",\n"
	"}\n"
	"struct KbpCanaryRs;\n"
	"impl kernel::Module for KbpCanaryRs {\n"
	"    fn init(_module: &'static ThisModule) -> Result<Self> {\n"
	"        pr_info!(\"kbp_canary_rs\\n\");\n"
	"        Ok(KbpCanaryRs)\n"
	"    }\n"
	"}\n";
static const char canary_kbuild_rs[] = "obj-m := kbp_canary.o kbp_canary_rs.o\n";

static int write_text(const char *dir, const char *name, const char *text)
{
	_cleanup_free_ char *p = path_join(dir, name);
	_cleanup_fclose_ FILE *f = fopen(p, "we");

	if (!f || fputs(text, f) < 0)
		return -errno;
	return 0;
}

/* make_var (may be NULL): what calls the tree's compiler (LLVM=-16) */
static int run_make(const char *build, const char *mdir, const char *make_var, const char *log_path)
{
	_cleanup_free_ char *c = xasprintf("-C%s", build);
	_cleanup_free_ char *m = xasprintf("M=%s", mdir);
	char *argv[] = { "make", c, m, (char *)make_var, "modules", NULL };
	int r;

	if (!make_var)
		argv[3] = "modules", argv[4] = NULL;
	r = spawn_run(argv, &(struct spawn_opts){ .log = log_path });
	if (r < 0 && r != -EINTR)
		log_err("cannot run make: %s", strerror(-r));
	return r;
}

/* kbuild's RUSTC_VERSION_TEXT: the first line of `rustc --version` (kbuild
 * runs $(RUSTC), "rustc" from PATH unless make is told otherwise), or NULL
 * when rustc cannot be run. */
static char *rustc_version_text(const char *dir)
{
	_cleanup_free_ char *logp = path_join(dir, "rustc-version.txt");
	char *text = NULL;

	compiler_version_text("rustc", logp, &text);
	return text;
}

/* Whether the Rust canary can be built: a rustc other than the kernel's
 * cannot read its crate metadata (E0514), so a mismatch is a problem, told
 * as kbuild tells a C compiler mismatch; no rustc at all only leaves Rust
 * unchecked (C modules still build). 1 build it, 0 not, problems in *np. */
static int rust_canary_wanted(const struct kconfig *kc, const char *dir, FILE *out, int *np)
{
	const char *want = kconfig_get(kc, "CONFIG_RUSTC_VERSION_TEXT");
	_cleanup_free_ char *have = rustc_version_text(dir);

	if (!have) {
		log_warn("canary: CONFIG_RUST=y but rustc cannot be run: only the C canary is built (the kernel was built by: %s)",
			 want ? want : "?");
		return 0;
	}
	if (!want || strcmp(want, have)) {
		fprintf(out, "canary: the Rust compiler differs from the one used to build the kernel, which Rust modules cannot be built with: the kernel was built by: %s; you are using: %s\n",
			want ? want : "(no CONFIG_RUSTC_VERSION_TEXT)", have);
		(*np)++;
		return 0;
	}
	return 1;
}

static const struct symvers_entry *sv_find(const struct symvers *sv, const char *name)
{
	for (size_t i = 0; i < sv->n; i++)
		if (!strcmp(sv->v[i].name, name))
			return &sv->v[i];
	return NULL;
}

static int check_crc(const struct symvers *sv, const char *table, const char *name, uint32_t crc, FILE *out)
{
	const struct symvers_entry *e = sv_find(sv, name);

	if (!e) {
		fprintf(out, "canary: %s names %s, which Module.symvers does not export\n", table, name);
		return 1;
	}
	if (e->crc != crc) {
		fprintf(out, "canary: %s CRC of %s is 0x%08x, Module.symvers has 0x%08x\n", table, name, crc, e->crc);
		return 1;
	}
	return 0;
}

/* CONFIG_EXTENDED_MODVERSIONS (6.14+): __version_ext_crcs holds u32 CRCs in
 * the order of __version_ext_names' NUL-terminated names. The kernel checks
 * this table whenever a module has one, and only it holds the names longer
 * than __versions' 55 bytes (most Rust symbols). */
static int check_ext_versions(const struct kelf *k, const struct symvers *sv, FILE *out)
{
	size_t ci = kelf_find_section(k, "__version_ext_crcs");
	size_t ni = kelf_find_section(k, "__version_ext_names");
	const uint8_t *crcs, *names;
	size_t clen, nlen, i = 0;
	int problems = 0;

	if (!ci && !ni)
		return 0;
	if (!ci || !ni || kelf_section_bytes(k, ci, &crcs, &clen) < 0 ||
	    kelf_section_bytes(k, ni, &names, &nlen) < 0)
		return fprintf(out, "canary: unreadable extended modversions (__version_ext_crcs, __version_ext_names)\n"), 1;
	for (size_t off = 0; off < nlen; i++) {
		const char *name = (const char *)names + off;
		const char *end = memchr(name, '\0', nlen - off);

		if (!end || i * 4 + 4 > clen)
			return fprintf(out, "canary: extended modversions: names and CRCs do not pair up\n"), problems + 1;
		problems += check_crc(sv, "__version_ext_crcs", name, (uint32_t)kelf_read_uint(k, crcs + i * 4, 4), out);
		off = (size_t)(end - (const char *)names) + 1;
		/* the names are padded to 4 bytes with NULs */
		while (off < nlen && names[off] == '\0')
			off++;
	}
	if (i * 4 != clen)
		return fprintf(out, "canary: extended modversions: %zu names for %zu CRCs\n", i, clen / 4), problems + 1;
	return problems;
}

/* struct modversion_info { unsigned long crc; char name[64 - sizeof(long)]; } */
static int check_versions(const char *ko, const struct symvers *sv, FILE *out)
{
	_cleanup_kelf_ struct kelf *k = NULL;
	const uint8_t *d;
	size_t len, idx, wsz;
	int r, problems = 0, n = 0;

	r = kelf_open(ko, &k);
	if (r < 0) {
		fprintf(out, "canary: cannot read %s: %s\n", ko, kelf_errmsg());
		return 1;
	}
	idx = kelf_find_section(k, "__versions");
	if (!idx) {
		fprintf(out, "canary: module has no __versions section although CONFIG_MODVERSIONS=y\n");
		return 1;
	}
	if (kelf_section_bytes(k, idx, &d, &len) < 0)
		return fprintf(out, "canary: unreadable __versions section\n"), 1;
	wsz = kelf_is64(k) ? 8 : 4;
	for (size_t off = 0; off + 64 <= len; off += 64, n++) {
		uint32_t crc = (uint32_t)kelf_read_uint(k, d + off, wsz);
		const char *name = (const char *)d + off + wsz;

		if (!memchr(name, '\0', 64 - wsz))
			continue;
		problems += check_crc(sv, "__versions", name, crc, out);
	}
	if (n == 0) {
		fprintf(out, "canary: __versions is empty\n");
		problems++;
	}
	return problems + check_ext_versions(k, sv, out);
}

int canary_check(const char *build, FILE *out)
{
	_cleanup_free_ char *dir = NULL;
	_cleanup_free_ char *logp = NULL, *ko = NULL, *ko_rs = NULL, *symp = path_join(build, "Module.symvers");
	_cleanup_free_ char *auto_conf = path_join(build, "include/config/auto.conf");
	_cleanup_free_ char *make_var = NULL, *why = NULL;
	struct kconfig kc = { 0 };
	struct symvers sv = { 0 };
	char *err = NULL;
	int r, problems = 0, rust = 0;

	r = scratch_make("canary", &dir);
	if (r < 0)
		return r;
	logp = path_join(dir, "build.log");
	ko = path_join(dir, "kbp_canary.ko");
	ko_rs = path_join(dir, "kbp_canary_rs.ko");
	/* verify has read auto.conf before: an unreadable one is its problem */
	if (kconfig_read(auto_conf, &kc, &err) < 0) {
		free(err);
		err = NULL;
	}
	/* a build with another compiler fails on the kernel's flags: say
	 * which one the tree wants instead of the compiler's error */
	r = compiler_find(&kc, target_srcarch_of_config(&kc), dir, &make_var, &why);
	if (r < 0)
		goto out;
	if (r > 0) {
		fprintf(out, "canary: %s\n", why);
		r = 1;
		goto out;
	}
	if (kconfig_enabled(&kc, "CONFIG_RUST"))
		rust = rust_canary_wanted(&kc, dir, out, &problems);
	r = write_text(dir, "kbp_canary.c", canary_c);
	if (r == 0 && rust)
		r = write_text(dir, "kbp_canary_rs.rs", canary_rs);
	if (r == 0)
		r = write_text(dir, "Kbuild", rust ? canary_kbuild_rs : canary_kbuild);
	if (r < 0)
		goto out;
	/* The build directory is only read: M= writes into the scratch dir. */
	r = run_make(build, dir, make_var, logp);
	if (r < 0)
		goto out;
	if (r != 0 || !path_is_reg(ko) || (rust && !path_is_reg(ko_rs))) {
		_cleanup_free_ char *text = NULL;
		size_t len = 0;
		if (r != 0)
			fprintf(out, "canary: make -C %s M=...%s%s modules failed (exit %d)%s\n", build,
				make_var ? " " : "", make_var ? make_var : "", r, rust ? " (a C and a Rust module)" : "");
		else
			fprintf(out, "canary: make -C %s M=...%s%s modules succeeded but made no %s\n", build,
				make_var ? " " : "", make_var ? make_var : "",
				!path_is_reg(ko) ? "kbp_canary.ko" : "kbp_canary_rs.ko");
		if (read_file(logp, &text, &len) == 0) {
			const char *tail = text + (len > 2000 ? len - 2000 : 0);
			fprintf(stderr, "---- canary build log (tail) ----\n%s", tail);
		}
		r = problems + 1;
		goto out;
	}
	if (kconfig_enabled(&kc, "CONFIG_MODVERSIONS")) {
		if (symvers_read(symp, &sv, &err) < 0) {
			fprintf(out, "%s\n", err);
			free(err);
			problems++;
		} else {
			problems += check_versions(ko, &sv, out);
			if (rust)
				problems += check_versions(ko_rs, &sv, out);
		}
		symvers_release(&sv);
	}
	r = problems;
out:
	kconfig_release(&kc);
	scratch_remove(dir);
	return r;
}
