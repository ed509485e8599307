// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "kernel/compiler.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "shared/alloc.h"
#include "shared/fileio.h"
#include "shared/macro.h"
#include "shared/path.h"
#include "shared/spawn.h"
#include "shared/strbuf.h"

int compiler_version_text(const char *prog, const char *log, char **text)
{
	char *argv[] = { (char *)prog, "--version", NULL };
	_cleanup_free_ char *buf = NULL;
	size_t len = 0;
	int r;

	*text = NULL;
	r = spawn_run(argv, &(struct spawn_opts){ .log = log });
	if (r != 0)
		return r;
	r = read_file(log, &buf, &len);
	if (r < 0)
		return r;
	*text = xstrndup(buf, strcspn(buf, "\n"));
	return 0;
}

static void describe(struct strbuf *b, const char *prog, int r, const char *text)
{
	strbuf_addf(b, "%s%s: %s", b->len ? "; " : "", prog,
		    r == 0 ? text : r == -ENOENT ? "not found" : "does not run");
}

/* The clang kbuild runs for LLVM=value (the top Makefile: a value ending
 * in / is a directory, one starting with - a suffix). */
static char *llvm_clang(const char *llvm)
{
	size_t n = strlen(llvm);

	if (llvm[n - 1] == '/')
		return xasprintf("%sclang", llvm);
	if (llvm[0] == '-')
		return xasprintf("clang%s", llvm);
	return xstrdup("clang");
}

struct candidate {
	char *prog;
	char *make_var; /* NULL: the environment's LLVM calls it */
};

static int find_clang(const struct kconfig *kc, const char *want, const char *log, char **make_var, char **why)
{
	const char *v = kconfig_get(kc, "CONFIG_CLANG_VERSION");
	const char *env = getenv("LLVM");
	unsigned long major = v ? strtoul(v, NULL, 10) / 10000 : 0;
	struct candidate c[3] = { 0 };
	struct strbuf tried = { 0 };
	size_t n = 0;
	int r = 1;

	if (env && *env)
		c[n++] = (struct candidate){ llvm_clang(env), NULL };
	c[n++] = (struct candidate){ xstrdup("clang"), xstrdup("LLVM=1") };
	if (major)
		c[n++] = (struct candidate){ xasprintf("clang-%lu", major), xasprintf("LLVM=-%lu", major) };
	for (size_t i = 0; i < n && r == 1; i++) {
		_cleanup_free_ char *text = NULL;
		int q;

		/* LLVM=1 or LLVM=-MAJOR in the environment: probed already */
		if (i > 0 && c[0].make_var == NULL && !strcmp(c[i].prog, c[0].prog))
			continue;
		q = compiler_version_text(c[i].prog, log, &text);
		if (q == -EINTR) {
			r = q;
		} else if (q == 0 && (!want || !strcmp(text, want))) {
			*make_var = c[i].make_var;
			c[i].make_var = NULL;
			r = 0;
		} else {
			describe(&tried, c[i].prog, q, text);
		}
	}
	if (r == 1)
		*why = xasprintf("this tree was built by %s%s, which is not here (%s): install it and build modules "
				 "with make LLVM=1 when it is clang, LLVM=-%lu when it is clang-%lu, or "
				 "LLVM=/usr/lib/llvm-%lu/bin/ (the directory of its tools)",
				 want ? want : "clang", want ? " (CONFIG_CC_VERSION_TEXT)" : "", strbuf_str(&tried), major,
				 major, major);
	for (size_t i = 0; i < n; i++) {
		free(c[i].prog);
		free(c[i].make_var);
	}
	strbuf_release(&tried);
	return r;
}

int compiler_gcc_of(const char *cc_text, char **cc, char **prefix)
{
	_cleanup_free_ char *w = cc_text ? xstrndup(cc_text, strcspn(cc_text, " ")) : NULL;
	char *g = NULL;

	for (char *p = w ? strstr(w, "gcc") : NULL; p; p = strstr(p + 1, "gcc"))
		g = p;
	if (!g)
		return -ENOENT;
	*prefix = xstrndup(w, (size_t)(g - w));
	*cc = w;
	w = NULL;
	return 0;
}

char *compiler_command_of(const struct kconfig *kc)
{
	const char *v = kconfig_get(kc, "CONFIG_CLANG_VERSION");
	char *cc = NULL, *prefix = NULL;

	if (kconfig_enabled(kc, "CONFIG_CC_IS_CLANG")) {
		unsigned long major = v ? strtoul(v, NULL, 10) / 10000 : 0;
		return major ? xasprintf("clang-%lu", major) : NULL;
	}
	if (compiler_gcc_of(kconfig_get(kc, "CONFIG_CC_VERSION_TEXT"), &cc, &prefix) < 0)
		return NULL;
	free(prefix);
	if (!*cc || strspn(cc, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._+-") != strlen(cc)) {
		free(cc);
		return NULL;
	}
	return cc;
}

/* The make variables that name the gcc of CONFIG_CC_VERSION_TEXT: a cross
 * prefix is CROSS_COMPILE (and the tree's ARCH), a suffix ("gcc-12") needs
 * CC. NULL when it is plain gcc (or not recognisably a gcc). */
static char *gcc_make_vars(const char *want, const char *srcarch)
{
	_cleanup_free_ char *cc = NULL, *prefix = NULL, *plain = NULL;
	struct strbuf b = { 0 };

	if (compiler_gcc_of(want, &cc, &prefix) < 0)
		return NULL;
	plain = xasprintf("%sgcc", prefix);
	if (*prefix)
		strbuf_addf(&b, "ARCH=%s CROSS_COMPILE=%s", srcarch ? srcarch : "?", prefix);
	if (strcmp(cc, plain))
		strbuf_addf(&b, "%sCC=%s", b.len ? " " : "", cc);
	return b.len ? strbuf_steal(&b) : NULL;
}

static int find_gcc(const char *want, const char *srcarch, const char *log, char **why)
{
	const char *cross = getenv("CROSS_COMPILE");
	_cleanup_free_ char *prog = xasprintf("%sgcc", cross ? cross : "");
	_cleanup_free_ char *text = NULL, *vars = NULL;
	int r = compiler_version_text(prog, log, &text);

	if (r == 0 || r == -EINTR)
		return r;
	vars = want ? gcc_make_vars(want, srcarch) : NULL;
	*why = xasprintf("this tree was built by %s%s, which is not here (%s: %s): install it%s%s",
			 want ? want : "gcc", want ? " (CONFIG_CC_VERSION_TEXT)" : "", prog,
			 r == -ENOENT ? "not found" : "does not run", vars ? " and build modules with make " : "",
			 vars ? vars : "");
	return 1;
}

int compiler_find(const struct kconfig *kc, const char *srcarch, const char *dir, char **make_var, char **why)
{
	_cleanup_free_ char *log = path_join(dir, "cc-version.txt");
	const char *want = kconfig_get(kc, "CONFIG_CC_VERSION_TEXT");

	*make_var = NULL;
	*why = NULL;
	if (kconfig_enabled(kc, "CONFIG_CC_IS_CLANG"))
		return find_clang(kc, want, log, make_var, why);
	return find_gcc(want, srcarch, log, why);
}
