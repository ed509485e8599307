// SPDX-License-Identifier: GPL-2.0-or-later
/* audit_run: each module directory copied into a scratch directory and
 * built there with make -C BUILD M=COPY under strace; its log classified. */
#define _GNU_SOURCE
#include "audit/audit.h"

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit/usage.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/fileio.h"
#include "shared/fs.h"
#include "shared/log.h"
#include "shared/path.h"
#include "shared/scratch.h"
#include "shared/spawn.h"
#include "shared/str.h"
#include "shared/strbuf.h"

/* What one audit works with: the resolved paths, the copies' names. */
struct audit_ctx {
	const struct audit_opts *o;
	char *build, *source, *scratch;
	char **orig;   /* the module directories, resolved */
	char **copies; /* their copies in scratch */
};

/* Characters make or the shells of kbuild's recipes take apart in a path. */
#define MAKE_UNSAFE " \t\n$#:;%\\'\"`&|<>*?"

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

static void show_log(const char *path)
{
	_cleanup_free_ char *buf = NULL;
	size_t len;

	if (read_file(path, &buf, &len) == 0)
		fwrite(buf, 1, len, stderr);
}

/* Runs argv with its output to log. */
static int run(char *const argv[], const char *log)
{
	struct spawn_opts so = { .log = log };

	return spawn_run(argv, &so);
}

/* Does arg name a path at p: after its start or a separator, ending at a
 * '/' or a separator (not /a/mod2 for /a/mod)? */
static bool names_at(const char *arg, const char *p, const char *path)
{
	size_t len = strlen(path);

	return (p == arg || strchr("= :,", p[-1])) && !strncmp(p, path, len) && strchr("/ :,", p[len]);
}

/* A make argument naming audited module directories names their copies
 * (KBUILD_EXTRA_SYMBOLS="/a/Module.symvers /b/Module.symvers"): each
 * occurrence, the longest name that matches on a path boundary. */
static char *rewrite_arg(const char *arg, const struct audit_ctx *x)
{
	struct strbuf b = { 0 };

	for (const char *p = arg; *p;) {
		size_t best = x->o->nmodules, blen = 0;

		for (size_t i = 0; i < x->o->nmodules; i++) {
			const char *names[] = { x->orig[i], x->o->modules[i] };
			for (int k = 0; k < 2; k++)
				if (names[k][0] == '/' && strlen(names[k]) > blen && names_at(arg, p, names[k])) {
					best = i;
					blen = strlen(names[k]);
				}
		}
		if (best < x->o->nmodules) {
			strbuf_adds(&b, x->copies[best]);
			p += blen;
		} else {
			strbuf_addc(&b, *p++);
		}
	}
	return strbuf_steal(&b);
}

/* The copy of a kernel sample builds the objects the list names, whatever
 * CONFIG_SAMPLE_* its Makefile asks for: a Kbuild file wins over it. */
static int write_kbuild(const char *dir, const char *obj_m)
{
	_cleanup_free_ char *path = path_join(dir, "Kbuild");
	_cleanup_fclose_ FILE *f = fopen(path, "we");

	if (!f || fprintf(f, "obj-m := %s\n", obj_m) < 0 || fflush(f) != 0) {
		log_err("%s: cannot write: %m", path);
		return -EIO;
	}
	return 0;
}

/* A relative link of the module directory (orig) that leads out of it
 * would dangle in the copy: it leads where it led, absolutely. */
static int fix_link(const char *copy, const char *orig, const char *rel)
{
	_cleanup_free_ char *link = path_join(copy, rel), *at = path_join(orig, rel);
	_cleanup_free_ char *target = NULL, *joined = NULL, *abs = NULL;
	char buf[4096];
	ssize_t n = readlink(link, buf, sizeof(buf) - 1);

	if (n < 0 || buf[0] == '/')
		return 0;
	buf[n] = '\0';
	target = xstrdup(buf);
	*strrchr(at, '/') = '\0';
	joined = path_join(at, target);
	abs = path_fold(joined);
	if (path_is_below(abs, orig))
		return 0;
	if (unlink(link) < 0 || symlink(abs, link) < 0) {
		log_err("%s: cannot point the copy of the link to %s: %m", link, abs);
		return -errno;
	}
	return 0;
}

/* d_type, or what lstat says where the file system does not tell. */
static unsigned char entry_type(const char *dir, const struct dirent *e)
{
	_cleanup_free_ char *p = NULL;
	struct stat st;

	if (e->d_type != DT_UNKNOWN)
		return e->d_type;
	p = path_join(dir, e->d_name);
	if (lstat(p, &st) < 0)
		return DT_UNKNOWN;
	return S_ISLNK(st.st_mode) ? DT_LNK : S_ISDIR(st.st_mode) ? DT_DIR : DT_REG;
}

/* fix_link on every link below copy/rel. */
static int fix_links(const char *copy, const char *orig, const char *rel)
{
	_cleanup_free_ char *dir = path_join(copy, rel);
	DIR *d = opendir(dir);
	struct dirent *e;
	int r = 0;

	if (!d)
		return 0;
	while (r == 0 && (e = readdir(d))) {
		_cleanup_free_ char *sub = NULL;

		if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, ".."))
			continue;
		sub = *rel ? path_join(rel, e->d_name) : xstrdup(e->d_name);
		if (entry_type(dir, e) == DT_LNK)
			r = fix_link(copy, orig, sub);
		else if (entry_type(dir, e) == DT_DIR)
			r = fix_links(copy, orig, sub);
	}
	closedir(d);
	return r;
}

static int copy_module(const struct audit_ctx *x, size_t i)
{
	_cleanup_free_ char *cplog = xasprintf("%s/%zu.cp", x->scratch, i);
	_cleanup_free_ char *cpfrom = xasprintf("%s/.", x->orig[i]);
	char *cp[] = { "cp", "-a", "--", cpfrom, x->copies[i], NULL };
	int rc = 0;

	if (mkdir_p(x->copies[i], 0755, NULL, NULL) < 0 || (rc = run(cp, cplog)) != 0) {
		if (rc == -EINTR)
			return rc;
		log_err("%s: cannot copy to %s", x->orig[i], x->copies[i]);
		show_log(cplog);
		return -EIO;
	}
	rc = fix_links(x->copies[i], x->orig[i], "");
	if (rc == 0 && x->o->obj_m && x->o->obj_m[i])
		rc = write_kbuild(x->copies[i], x->o->obj_m[i]);
	return rc;
}

/* make -C BUILD M=COPY under strace, its trace in trace; make's status,
 * or a negative errno. */
static int build_traced(const struct audit_ctx *x, size_t i, const char *trace, const char *buildlog)
{
	_cleanup_free_ char *mdir = xasprintf("M=%s", x->copies[i]);
	const char *fixed[] = { "strace", "-f", "-qq", "--seccomp-bpf", "-e", "signal=none",
				"-e", "trace=" STRACE_LOG_TRACE, "-o", trace, "make", "-C", x->build, mdir };
	struct ptrarray argv = { 0 };
	int rc;

	for (size_t k = 0; k < ARRAY_SIZE(fixed); k++)
		ptrarray_push(&argv, xstrdup(fixed[k]));
	for (size_t k = 0; k < x->o->nmake_args; k++)
		ptrarray_push(&argv, rewrite_arg(x->o->make_args[k], x));
	ptrarray_push(&argv, NULL);
	rc = run((char *const *)argv.v, buildlog);
	ptrarray_free(&argv, free);
	if (rc == -ENOENT)
		log_err("strace not found: audit traces the build with it (Debian package strace)");
	return rc;
}

static int classify_trace(const struct audit_ctx *x, size_t i, const char *trace, struct audit_result *r)
{
	_cleanup_free_ char *cwd = getcwd(NULL, 0);
	_cleanup_fclose_ FILE *f = fopen(trace, "re");
	struct access_log log = { 0 };
	const char *const trees[2] = { x->o->trees[0], x->o->trees[1] };
	int rc;

	if (!f || !cwd) {
		log_err("%s: no strace log (%s)", x->orig[i], trace);
		return -EIO;
	}
	rc = access_log_read(f, cwd, &log);
	if (rc == 0)
		audit_classify(&log, x->build, x->source, x->copies[i], trees, r);
	access_log_release(&log);
	return rc;
}

static int audit_one(const struct audit_ctx *x, size_t i, struct audit_result *r)
{
	_cleanup_free_ char *trace = xasprintf("%s/%zu.strace", x->scratch, i);
	_cleanup_free_ char *buildlog = xasprintf("%s/%zu.log", x->scratch, i);
	int rc = copy_module(x, i);

	if (rc < 0)
		return rc;
	rc = build_traced(x, i, trace, buildlog);
	if (rc < 0)
		return rc;
	if (rc != 0) {
		log_err("%s: make exited with %d; its output:", x->orig[i], rc);
		show_log(buildlog);
		ptrarray_push(&r->failed, xstrdup(x->orig[i]));
	} else {
		ptrarray_push(&r->built, xstrdup(x->o->modules[i]));
	}
	return classify_trace(x, i, trace, r);
}

/* The link of an installed tree (DIR/source, or build/../source) to
 * /usr/src: part of the tree, no escape. */
static char *find_source(const char *build)
{
	for (int k = 0; k < 2; k++) {
		_cleanup_free_ char *link = path_join(build, k ? "../source" : "source");
		char *source = realpath(link, NULL);
		if (source && strcmp(source, build) && path_is_dir(source) && str_starts_with(source, "/usr/src/"))
			return source;
		free(source);
	}
	return NULL;
}

/* The copy's directory name: the module's, with what make would take
 * apart replaced. */
static char *copy_name(const char *scratch, size_t i, const char *orig)
{
	char *c = xasprintf("%s/%zu/%s", scratch, i, base_name(orig));

	for (char *p = c + strlen(scratch); *p; p++)
		if (strchr(MAKE_UNSAFE, *p))
			*p = '_';
	return c;
}

/* The scratch directory (each build gets its TMPDIR from spawn_run). kbuild
 * cannot build a module whose path holds a space (or '$', ':', ...):
 * refused with the cause, as TMPDIR is ours to choose, not the build's. */
static int make_scratch(struct audit_ctx *x)
{
	_cleanup_free_ char *base = scratch_base();
	const char *bad = base + strcspn(base, MAKE_UNSAFE);
	int r;

	if (*bad) {
		log_err("TMPDIR=%s: kbuild cannot build modules in a path with '%c' (audit copies them there): "
			"set TMPDIR to a directory whose path has none",
			base, *bad);
		return -EINVAL;
	}
	/* resolved, as the paths it is compared with after the build */
	r = scratch_make("audit", &x->scratch);
	if (r < 0)
		return r;
	for (size_t i = 0; i < x->o->nmodules; i++)
		x->copies[i] = copy_name(x->scratch, i, x->orig[i]);
	return 0;
}

static int resolve_dirs(struct audit_ctx *x)
{
	x->build = realpath(x->o->build, NULL);
	if (!x->build || !path_is_dir(x->build)) {
		log_err("%s: not a directory", x->o->build);
		return -ENOTDIR;
	}
	for (size_t i = 0; i < x->o->nmodules; i++) {
		x->orig[i] = realpath(x->o->modules[i], NULL);
		if (!x->orig[i] || !path_is_dir(x->orig[i])) {
			log_err("%s: not a directory", x->o->modules[i]);
			return -ENOTDIR;
		}
	}
	x->source = find_source(x->build);
	return 0;
}

static void ctx_release(struct audit_ctx *x)
{
	for (size_t i = 0; i < x->o->nmodules; i++) {
		free(x->orig[i]);
		free(x->copies[i]);
	}
	free(x->orig);
	free(x->copies);
	free(x->build);
	free(x->source);
	free(x->scratch);
}

/* Removes the scratch directory, or keeps it and says where. */
static void drop_scratch(const struct audit_ctx *x, int rc)
{
	if (!x->scratch)
		return;
	if (x->o->keep && rc != -EINTR) {
		fprintf(stderr, "kbuild-pack: audit scratch directory kept: %s\n", x->scratch);
		scratch_keep(x->scratch);
	} else {
		scratch_remove(x->scratch);
	}
}

int audit_run(const struct audit_opts *o, struct audit_result *r)
{
	struct audit_ctx x = { .o = o };
	int rc;

	x.orig = xcalloc(o->nmodules + 1, sizeof(char *));
	x.copies = xcalloc(o->nmodules + 1, sizeof(char *));
	rc = resolve_dirs(&x);
	if (rc == 0)
		rc = make_scratch(&x);
	for (size_t i = 0; i < o->nmodules && rc == 0; i++)
		rc = audit_one(&x, i, r);
	audit_finish(r);
	if (rc == 0 && o->pack_report)
		rc = rule_usage_read(o->pack_report, &r->used, &r->rules);
	drop_scratch(&x, rc);
	ctx_release(&x);
	return rc;
}
