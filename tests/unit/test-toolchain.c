// SPDX-License-Identifier: GPL-2.0-or-later
/* kernel/toolchain: the target's architecture comes from the compiler's
 * own -dumpmachine, never from the spelling of its prefix. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <sys/stat.h>

#include "kernel/compiler.h"
#include "kernel/target.h"
#include "kernel/toolchain.h"
#include "shared/alloc.h"
#include "shared/fs.h"
#include "shared/path.h"
#include "shared/scratch.h"
#include "testsuite.h"

/* DIR/NAME: a fake gcc that prints triple for -dumpmachine. */
static char *fake_gcc(const char *dir, const char *name, const char *triple)
{
	char *p = path_join(dir, name);
	FILE *f = fopen(p, "we");

	assert_true(f != NULL);
	fprintf(f, "#!/bin/sh\n[ \"$1\" = -dumpmachine ] || exit 9\necho %s\n", triple);
	fclose(f);
	assert_int_eq(chmod(p, 0755), 0);
	return p;
}

static void check(const char *name, const char *triple, const char *want)
{
	_cleanup_free_ char *d = NULL, *cc = NULL, *log = NULL;
	const char *arch = NULL;

	assert_int_eq(scratch_make("test", &d), 0);
	cc = fake_gcc(d, name, triple);
	log = path_join(d, "log");
	assert_int_eq(toolchain_tools_arch(cc, log, &arch), 0);
	assert_str_eq(arch, want);
	rm_rf(d);
}

/* An absolute prefix: /usr/bin/aarch64-linux-gnu- or a toolchain under /opt. */
DEFINE_TEST(toolchain_absolute_prefix)
{
	check("aarch64-linux-gnu-gcc", "aarch64-linux-gnu", "arm64");
}

/* A prefix whose name says nothing (or lies): the compiler's answer wins. */
DEFINE_TEST(toolchain_name_lies)
{
	check("cc-gcc", "riscv64-linux-gnu", "riscv");
	check("x86_64-linux-gnu-gcc", "powerpc64le-linux-gnu", "powerpc");
}

DEFINE_TEST(toolchain_triples)
{
	assert_str_eq(target_srcarch_of_triple("x86_64-linux-gnu"), "x86");
	assert_str_eq(target_srcarch_of_triple("i686-linux-gnu"), "x86");
	assert_str_eq(target_srcarch_of_triple("arm-linux-gnueabihf"), "arm");
	assert_str_eq(target_srcarch_of_triple("s390x-linux-gnu"), "s390");
	assert_str_eq(target_srcarch_of_triple("loongarch64-linux-gnu"), "loongarch");
	assert_true(target_srcarch_of_triple("vax-dec-ultrix") == NULL);
	assert_true(target_srcarch_of_triple("") == NULL);
}

DEFINE_TEST(toolchain_unknown_or_failing)
{
	_cleanup_free_ char *d = NULL, *cc = NULL, *log = NULL;
	const char *arch = NULL;

	assert_int_eq(scratch_make("test", &d), 0);
	cc = fake_gcc(d, "odd-gcc", "vax-dec-ultrix");
	log = path_join(d, "log");
	assert_int_eq(toolchain_tools_arch(cc, log, &arch), -EINVAL);
	free(cc);
	cc = path_join(d, "no-such-gcc");
	assert_int_eq(toolchain_tools_arch(cc, log, &arch), -ENOENT);
	rm_rf(d);
}

/* kernel/compiler's one parser of CONFIG_CC_VERSION_TEXT, on the compiler
 * texts of every fixture and of Debian's own kernels: the gcc it names and
 * its cross prefix; none for clang. */
static void gcc_of(const char *text, const char *want_cc, const char *want_prefix)
{
	_cleanup_free_ char *cc = NULL, *prefix = NULL;

	if (!want_cc) {
		assert_int_eq(compiler_gcc_of(text, &cc, &prefix), -ENOENT);
		return;
	}
	assert_int_eq(compiler_gcc_of(text, &cc, &prefix), 0);
	assert_str_eq(cc, want_cc);
	assert_str_eq(prefix, want_prefix);
}

DEFINE_TEST(compiler_gcc_of_texts)
{
	gcc_of("gcc (Debian 12.2.0-14+deb12u1) 12.2.0", "gcc", "");
	gcc_of("gcc-12 (Debian 12.2.0-14+deb12u1) 12.2.0", "gcc-12", "");
	gcc_of("x86_64-linux-gnu-gcc-12 (Debian 12.2.0-14+deb12u1) 12.2.0", "x86_64-linux-gnu-gcc-12", "x86_64-linux-gnu-");
	gcc_of("x86_64-linux-gnu-gcc-16 (Debian 16.2.0-3) 16.2.0", "x86_64-linux-gnu-gcc-16", "x86_64-linux-gnu-");
	gcc_of("aarch64-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0", "aarch64-linux-gnu-gcc", "aarch64-linux-gnu-");
	gcc_of("aarch64-linux-gnu-gcc-12 (Debian 12.2.0-14) 12.2.0", "aarch64-linux-gnu-gcc-12", "aarch64-linux-gnu-");
	gcc_of("s390x-linux-gnu-gcc (Debian 12.2.0-14) 12.2.0", "s390x-linux-gnu-gcc", "s390x-linux-gnu-");
	gcc_of("Debian clang version 16.0.6 (15~deb12u1)", NULL, NULL);
	gcc_of("", NULL, NULL);
	gcc_of(NULL, NULL, NULL);
}
