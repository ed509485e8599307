// SPDX-License-Identifier: GPL-2.0-or-later
/* strip: debug. The copies are made by elfutils' eu-strip --strip-debug:
 * symbols, dynamic sections and a proc-macro's .rustc (its crate metadata,
 * which rustc reads) stay; DWARF and stabs go. eu-strip and not binutils'
 * objcopy: one eu-strip reads every machine and byte order, where a
 * distribution's objcopy reads its own machine's (Debian's x86 one refuses
 * the aarch64, riscv64 and s390x programs of --host-tools=target with
 * "Unable to recognise the format"). Its output is the same bytes for the
 * same input, so two packs of one tree stay identical. */
#define _GNU_SOURCE
#include "pack/steps/strip-debug.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#include "kernel/kelf.h"
#include "rules/filelist.h"
#include "pack/ctx.h"
#include "shared/log.h"
#include "shared/macro.h"
#include "shared/alloc.h"
#include "shared/path.h"
#include "shared/spawn.h"

/* Does e need stripping? 1 yes, 0 no (not ELF, or no debug section). */
static int wants_strip(const struct pack_entry *e)
{
	int r;

	if (e->type != ENTRY_FILE || !e->strip_debug || !e->abs)
		return 0;
	r = kelf_has_debug_sections(e->abs);
	if (r == -ENOEXEC)
		return 0;
	if (r == -EBADMSG) {
		log_warn("%s: not stripped: libelf cannot read it as ELF (%s)", e->abs, kelf_errmsg());
		return 0;
	}
	if (r < 0)
		log_err("%s: %s", e->abs, strerror(-r));
	return r;
}

/* eu-strip writes out; what it says on failure goes to our stderr. It
 * reads the file that was checked, open as its stdin, never e->abs again. */
static int strip_to(const struct pack_entry *e, const char *out)
{
	char *argv[] = { STRIP_DEBUG_TOOL, "--strip-debug", "-o", (char *)out, "--", "/dev/stdin", NULL };
	_cleanup_close_ int in = filelist_entry_open(e, 0);
	int r;

	if (in < 0) {
		log_err("%s: %s", e->abs, filelist_open_strerror(in));
		return in;
	}
	r = spawn_run(argv, &(struct spawn_opts){ .stdin_fd = in });

	if (r == -ENOENT)
		log_err("%s: rule '%s' says strip: debug, and %s is not installed: install the package %s", e->abs,
			e->rule, STRIP_DEBUG_TOOL, STRIP_DEBUG_PACKAGE);
	else if (r < 0 && r != -EINTR)
		log_err("%s: cannot run %s: %s", e->abs, STRIP_DEBUG_TOOL, strerror(-r));
	else if (r > 0)
		log_err("%s: %s --strip-debug failed (exit status %d)", e->abs, STRIP_DEBUG_TOOL, r);
	return r > 0 ? -EIO : r;
}

static int strip_entry(struct pack_entry *e, const char *out)
{
	struct stat st;
	int r = strip_to(e, out);

	if (r < 0)
		return r;
	if (stat(out, &st) < 0) {
		r = -errno;
		log_err("%s: %s", out, strerror(-r));
		return r;
	}
	e->unstripped_size = e->size;
	e->size = st.st_size;
	e->src = file_id_of(&st);
	free(e->abs);
	e->abs = xstrdup(out);
	return 0;
}

int strip_debug_step(struct pack_ctx *ctx)
{
	struct filelist *fl = ctx->fl;
	_cleanup_free_ char *dir = NULL;
	long long before = 0, after = 0;
	size_t n = 0;

	if (ctx->o->list)
		return 0;
	for (size_t i = 0; i < fl->n; i++) {
		struct pack_entry *e = fl->v[i];
		_cleanup_free_ char *out = NULL;
		int r = wants_strip(e);

		if (r <= 0) {
			if (r < 0)
				return r;
			continue;
		}
		if (!dir) {
			const char *scratch = pack_scratch_dir(ctx);

			if (!scratch)
				return -EIO;
			dir = path_join(scratch, "strip-debug");
			if (mkdir(dir, 0755) < 0) {
				r = -errno;
				log_err("%s: %s", dir, strerror(-r));
				return r;
			}
		}
		/* one name per entry: several may come from one file (links copied) */
		out = xasprintf("%s/%zu", dir, i);
		r = strip_entry(e, out);
		if (r < 0)
			return r;
		before += e->unstripped_size;
		after += e->size;
		n++;
	}
	if (n)
		log_info("stripped the debug sections of %zu file(s): %lld bytes to %lld", n, before, after);
	return 0;
}
