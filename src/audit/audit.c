// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "audit/audit.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>

#include "audit/usage.h"
#include "shared/interrupt.h"
#include "shared/log.h"
#include "shared/yaml-out.h"
#include "sink/sink.h"
#include "shared/alloc.h"
#include "shared/array.h"
#include "shared/path.h"
#include "shared/fs.h"
#include "shared/fileio.h"
#include "shared/str.h"

extern char **environ;

/* Where a kernel tree cannot be: what is read there is the toolchain's. */
static const char *const system_dirs[] = { "/usr", "/lib", "/lib32", "/lib64", "/libx32", "/bin", "/sbin",
					   "/etc", "/proc", "/dev", "/sys", "/run" };

/* Lookups that fail in every correct build: the top Makefile's
 * "-include $(objtree)/.kernelvariables" (a user's optional settings). */
static const char *const optional_paths[] = { ".kernelvariables" };

/* Not a need: cc1 probes for a precompiled header X.gch before each X;
 * kbuild's "-include .X.cmd" (the command that made X, for if_changed)
 * reads it only when there. */
static bool is_probe(const char *rel)
{
	const char *base = strrchr(rel, '/');

	base = base ? base + 1 : rel;
	return str_ends_with(rel, ".gch") || (base[0] == '.' && str_ends_with(base, ".cmd")) ||
	       strv_index(optional_paths, ARRAY_SIZE(optional_paths), rel) >= 0;
}

/* With the original trees known, a path is missing only if they have it:
 * what neither has was a probe ($(wildcard), gcc's "-", a PATH search). */
static bool in_trees(const char *rel, const char *const trees[2])
{
	bool known = false;

	for (int i = 0; i < 2; i++) {
		if (!trees[i])
			continue;
		known = true;
		_cleanup_free_ char *p = path_join(trees[i], rel);
		struct stat st;
		if (lstat(p, &st) == 0)
			return true;
	}
	return !known;
}

static void add_finding(struct ptrarray *a, const char *path, const char *prog)
{
	struct audit_finding *f = xmalloc(sizeof(*f));

	f->path = xstrdup(path);
	f->progs = xstrdup(prog ? prog : "?");
	ptrarray_push(a, f);
}

static void finding_free(void *p)
{
	struct audit_finding *f = p;

	free(f->path);
	free(f->progs);
	free(f);
}

static const char *base_name(const char *path)
{
	const char *s = strrchr(path, '/');

	return s ? s + 1 : path;
}

/* "pid/basename" of what a process found: a lookup that failed and that
 * the same process then satisfied under the same name elsewhere is a
 * search (cc1's -I list, make's VPATH), not something missing. */
static char *found_key(const struct file_access *a)
{
	return xasprintf("%d/%s", a->pid, base_name(a->path));
}

/* Is some ancestor directory of path a kernel tree (Kbuild, Makefile and
 * include/linux)? checked caches the answers, as "1DIR" or "0DIR". */
static bool in_kernel_tree(const char *path, struct ptrarray *checked)
{
	_cleanup_free_ char *dir = xstrdup(path);
	char *slash;

	while ((slash = strrchr(dir, '/')) && slash != dir) {
		bool yes = false, known = false;

		*slash = '\0';
		for (size_t i = 0; i < checked->n; i++) {
			const char *c = checked->v[i];
			if (!strcmp(c + 1, dir)) {
				known = true;
				yes = c[0] == '1';
				break;
			}
		}
		if (!known) {
			_cleanup_free_ char *kb = path_join(dir, "Kbuild");
			_cleanup_free_ char *mk = path_join(dir, "Makefile");
			_cleanup_free_ char *il = path_join(dir, "include/linux");
			yes = path_is_reg(kb) && path_is_reg(mk) && path_is_dir(il);
			ptrarray_push(checked, xasprintf("%d%s", yes, dir));
		}
		if (yes)
			return true;
	}
	return false;
}

static bool is_escape(const char *path, const char *build, const char *source, const char *moddir,
		      const char *const trees[2], struct ptrarray *checked)
{
	_cleanup_free_ char *real = NULL;

	/* but /usr/src, where distributions install kernel trees */
	for (size_t i = 0; i < ARRAY_SIZE(system_dirs); i++)
		if (path_is_below(path, system_dirs[i]) && !path_is_below(path, "/usr/src"))
			return false;
	/* through symlinks (build/../source): where the bytes came from */
	real = realpath(path, NULL);
	if (!real)
		real = xstrdup(path);
	/* a directory looked at (make caches them) reads nothing from it */
	if (path_is_below(real, build) || path_is_below(real, moddir) || path_is_dir(real))
		return false;
	for (int i = 0; i < 2; i++)
		if (trees[i] && path_is_below(real, trees[i]))
			return true;
	/* an installed package's other half, not another kernel tree */
	if (source && path_is_below(real, source))
		return false;
	return in_kernel_tree(real, checked);
}

void audit_classify(const struct access_log *log, const char *build, const char *source, const char *moddir,
		    const char *const trees[2], struct audit_result *r)
{
	struct ptrarray found = { 0 }, checked = { 0 };

	for (size_t i = 0; i < log->n; i++)
		if (log->v[i].result == ACCESS_FOUND)
			ptrarray_push(&found, found_key(&log->v[i]));
	if (found.n)
		qsort(found.v, found.n, sizeof(*found.v), strcmp_bytes);

	for (size_t i = 0; i < log->n; i++) {
		const struct file_access *a = &log->v[i];
		const char *rel;

		if (path_is_below(a->path, moddir))
			continue;
		rel = str_after_prefix(a->path, build);
		if (rel && (*rel == '/' || !*rel)) {
			rel = *rel ? rel + 1 : ".";
			if (a->result == ACCESS_FOUND) {
				ptrarray_push(&r->used, xstrdup(rel));
			} else if (a->result == ACCESS_NOT_FOUND && !is_probe(rel)) {
				_cleanup_free_ char *key = found_key(a);
				if ((!found.n || !bsearch(&key, found.v, found.n, sizeof(*found.v), strcmp_bytes)) &&
				    in_trees(rel, trees))
					add_finding(&r->missing, rel, a->prog);
			}
		} else if (a->result == ACCESS_FOUND && is_escape(a->path, build, source, moddir, trees, &checked)) {
			add_finding(&r->escapes, a->path, a->prog);
		}
	}
	ptrarray_free(&found, free);
	ptrarray_free(&checked, free);
}

static int cmp_finding(const void *a, const void *b)
{
	const struct audit_finding *x = *(void *const *)a, *y = *(void *const *)b;
	int c = strcmp(x->path, y->path);

	return c ? c : strcmp(x->progs, y->progs);
}

/* Sorted by path, one entry per path, its programs joined by ','. */
static void merge_findings(struct ptrarray *a)
{
	size_t out = 0;

	if (!a->n)
		return;
	qsort(a->v, a->n, sizeof(*a->v), cmp_finding);
	for (size_t i = 0; i < a->n; i++) {
		struct audit_finding *f = a->v[i], *last = out ? a->v[out - 1] : NULL;

		if (last && !strcmp(last->path, f->path)) {
			if (strcmp(last->progs, f->progs) && !strstr(last->progs, f->progs)) {
				char *joined = xasprintf("%s,%s", last->progs, f->progs);
				free(last->progs);
				last->progs = joined;
			}
			finding_free(f);
			continue;
		}
		a->v[out++] = f;
	}
	a->n = out;
}

void audit_finish(struct audit_result *r)
{
	size_t out = 0;

	merge_findings(&r->missing);
	merge_findings(&r->escapes);
	ptrarray_sort_strings(&r->used);
	for (size_t i = 0; i < r->used.n; i++) {
		if (out && !strcmp(r->used.v[out - 1], r->used.v[i])) {
			free(r->used.v[i]);
			continue;
		}
		r->used.v[out++] = r->used.v[i];
	}
	r->used.n = out;
}

/* Runs argv with stdout and stderr to log_path; its exit status, or a
 * negative errno when it could not start. It runs in a process group of its
 * own, which a SIGINT/TERM/HUP of ours kills whole (strace, make and every
 * compiler): then -EINTR once it is gone. */
static int run_logged(char *const argv[], const char *log_path)
{
	posix_spawn_file_actions_t fa;
	posix_spawnattr_t attr;
	pid_t pid;
	int r, status;
	bool killed = false;

	posix_spawnattr_init(&attr);
	posix_spawnattr_setpgroup(&attr, 0);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, log_path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND, 0644);
	posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO, STDERR_FILENO);
	posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
	r = interrupted() ? EINTR : posix_spawnp(&pid, argv[0], &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	if (r)
		return -r;
	for (;;) {
		if (interrupted() && !killed) {
			kill(-pid, SIGKILL);
			killed = true;
		}
		if (waitpid(pid, &status, 0) == pid)
			break;
		if (errno != EINTR)
			return -errno;
	}
	if (killed || interrupted()) {
		/* strace's tracees outlive it (detached): kill the group until
		 * it is empty, for a few seconds at most */
		for (int k = 0; k < 250 && !(kill(-pid, SIGKILL) < 0 && errno == ESRCH); k++)
			nanosleep(&(struct timespec){ .tv_nsec = 20 * 1000 * 1000 }, NULL);
		return -EINTR;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

static void show_log(const char *path)
{
	_cleanup_free_ char *buf = NULL;
	size_t len;

	if (read_file(path, &buf, &len) == 0)
		fwrite(buf, 1, len, stderr);
}

/* A make argument naming an audited module directory names its copy
 * (KBUILD_EXTRA_SYMBOLS=DIR/Module.symvers). */
static char *rewrite_arg(const char *arg, char *const *orig, char *const *copies, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *at = strstr(arg, orig[i]);
		if (at)
			return xasprintf("%.*s%s%s", (int)(at - arg), arg, copies[i], at + strlen(orig[i]));
	}
	return xstrdup(arg);
}

/* The copy of a kernel sample builds the objects the list names, whatever
 * CONFIG_SAMPLE_* its Makefile asks for: a Kbuild file wins over it. */
static int write_kbuild(const char *dir, const char *obj_m)
{
	_cleanup_free_ char *path = path_join(dir, "Kbuild");
	_cleanup_fclose_ FILE *f = fopen(path, "we");

	if (!f || fprintf(f, "obj-m := %s\n", obj_m) < 0 || fflush(f) != 0) {
		log_err("cannot write %s: %s", path, strerror(errno));
		return -EIO;
	}
	return 0;
}

static int audit_one(const struct audit_opts *o, const char *build, const char *source, const char *scratch,
		     size_t i, char *const *orig, char *const *copies, struct audit_result *r)
{
	_cleanup_free_ char *trace = xasprintf("%s/%zu.strace", scratch, i);
	_cleanup_free_ char *buildlog = xasprintf("%s/%zu.log", scratch, i);
	_cleanup_free_ char *cplog = xasprintf("%s/%zu.cp", scratch, i);
	_cleanup_free_ char *cpfrom = xasprintf("%s/.", orig[i]);
	_cleanup_free_ char *mdir = xasprintf("M=%s", copies[i]);
	_cleanup_free_ char *cwd = getcwd(NULL, 0);
	char *cp[] = { "cp", "-a", "--", cpfrom, copies[i], NULL };
	struct ptrarray argv = { 0 };
	struct access_log log = { 0 };
	_cleanup_fclose_ FILE *f = NULL;
	const char *const trees[2] = { o->trees[0], o->trees[1] };
	int rc = 0;

	if (mkdir_p(copies[i], 0755, NULL, NULL) < 0 || (rc = run_logged(cp, cplog)) != 0) {
		if (rc == -EINTR)
			return rc;
		log_err("%s: cannot copy to %s", orig[i], copies[i]);
		show_log(cplog);
		return -EIO;
	}
	if (o->obj_m && o->obj_m[i] && (rc = write_kbuild(copies[i], o->obj_m[i])) < 0)
		return rc;
	const char *fixed[] = { "strace", "-f", "-qq", "--seccomp-bpf", "-e", "signal=none",
				"-e", "trace=" STRACE_LOG_TRACE, "-o", trace, "make", "-C", build, mdir };
	for (size_t k = 0; k < ARRAY_SIZE(fixed); k++)
		ptrarray_push(&argv, xstrdup(fixed[k]));
	for (size_t k = 0; k < o->nmake_args; k++)
		ptrarray_push(&argv, rewrite_arg(o->make_args[k], orig, copies, o->nmodules));
	ptrarray_push(&argv, NULL);
	rc = run_logged((char *const *)argv.v, buildlog);
	ptrarray_free(&argv, free);
	if (rc == -ENOENT) {
		log_err("strace not found: audit traces the build with it (Debian package strace)");
		return rc;
	}
	if (rc < 0)
		return rc;
	if (rc != 0) {
		log_err("%s: make exited with %d; its output:", orig[i], rc);
		show_log(buildlog);
		ptrarray_push(&r->failed, xstrdup(orig[i]));
	} else {
		ptrarray_push(&r->built, xstrdup(o->modules[i]));
	}
	f = fopen(trace, "re");
	if (!f || !cwd) {
		log_err("%s: no strace log (%s)", orig[i], trace);
		return -EIO;
	}
	rc = access_log_read(f, cwd, &log);
	if (rc == 0)
		audit_classify(&log, build, source, copies[i], trees, r);
	access_log_release(&log);
	return rc;
}

int audit_run(const struct audit_opts *o, struct audit_result *r)
{
	const char *tmp = getenv("TMPDIR");
	_cleanup_free_ char *oldtmp = tmp ? xstrdup(tmp) : NULL, *buildtmp = NULL;
	_cleanup_free_ char *scratch = xasprintf("%s/kbp-audit.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	_cleanup_free_ char *build = realpath(o->build, NULL);
	_cleanup_free_ char *source = NULL;
	char **orig = xcalloc(o->nmodules + 1, sizeof(char *));
	char **copies = xcalloc(o->nmodules + 1, sizeof(char *));
	int rc = 0;

	if (!build || !path_is_dir(build)) {
		log_err("%s: not a directory", o->build);
		rc = -ENOTDIR;
		goto out;
	}
	for (size_t i = 0; i < o->nmodules; i++) {
		orig[i] = realpath(o->modules[i], NULL);
		if (!orig[i] || !path_is_dir(orig[i])) {
			log_err("%s: not a directory", o->modules[i]);
			rc = -ENOTDIR;
			goto out;
		}
	}
	/* the link of an installed tree (DIR/source, or build/../source) */
	for (int k = 0; k < 2 && !source; k++) {
		_cleanup_free_ char *link = path_join(build, k ? "../source" : "source");
		source = realpath(link, NULL);
		if (source && (!strcmp(source, build) || !path_is_dir(source) || !str_starts_with(source, "/usr/src/"))) {
			free(source);
			source = NULL;
		}
	}
	if (!mkdtemp(scratch)) {
		rc = -errno;
		log_err("cannot create %s: %s", scratch, strerror(errno));
		goto out;
	}
	for (size_t i = 0; i < o->nmodules; i++)
		copies[i] = xasprintf("%s/%zu/%s", scratch, i, base_name(orig[i]));
	/* the compilers' temporary files too, so that a build killed by a
	 * signal leaves none behind */
	buildtmp = path_join(scratch, "tmp");
	if (mkdir(buildtmp, 0700) < 0 || setenv("TMPDIR", buildtmp, 1) < 0) {
		rc = -errno;
		log_err("cannot create %s: %s", buildtmp, strerror(errno));
	}
	for (size_t i = 0; i < o->nmodules && rc == 0; i++)
		rc = audit_one(o, build, source, scratch, i, orig, copies, r);
	if (oldtmp)
		setenv("TMPDIR", oldtmp, 1);
	else
		unsetenv("TMPDIR");
	audit_finish(r);
	if (rc == 0 && o->pack_report)
		rc = rule_usage_read(o->pack_report, &r->used, &r->rules);
	if (o->keep && rc != -EINTR)
		fprintf(stderr, "kbuild-pack: audit scratch directory kept: %s\n", scratch);
	else
		rm_rf(scratch);
out:
	for (size_t i = 0; i < o->nmodules; i++) {
		free(orig[i]);
		free(copies[i]);
	}
	free(orig);
	free(copies);
	return rc;
}

void audit_print(const struct audit_result *r, bool verbose, FILE *out)
{
	for (size_t i = 0; i < r->missing.n; i++) {
		const struct audit_finding *f = r->missing.v[i];
		fprintf(out, "missing: %s (%s)\n", f->path, f->progs);
	}
	for (size_t i = 0; i < r->escapes.n; i++) {
		const struct audit_finding *f = r->escapes.v[i];
		fprintf(out, "escape: %s (%s)\n", f->path, f->progs);
	}
	for (size_t i = 0; i < r->failed.n; i++)
		fprintf(out, "build failed: %s\n", (const char *)r->failed.v[i]);
	for (size_t i = 0; i < r->rules.n; i++) {
		const struct rule_usage *u = r->rules.v[i];
		fprintf(out, "rule %s: %zu/%zu files, %" PRIu64 "/%" PRIu64 " bytes used%s\n", u->name, u->files_used,
			u->files, u->bytes_used, u->bytes, u->files_used ? "" : " (unused)");
		for (size_t k = 0; verbose && k < u->used.n; k++)
			fprintf(out, "  %s\n", (const char *)u->used.v[k]);
	}
}

static void yaml_findings(struct yaml_out *y, const char *key, const struct ptrarray *a)
{
	yaml_out_key(y, key);
	yaml_out_seq_start(y);
	for (size_t i = 0; i < a->n; i++) {
		const struct audit_finding *x = a->v[i];
		yaml_out_map_start(y);
		yaml_out_kv(y, "path", x->path);
		yaml_out_kv(y, "by", x->progs);
		yaml_out_map_end(y);
	}
	yaml_out_seq_end(y);
}

static void yaml_strings(struct yaml_out *y, const char *key, const struct ptrarray *a)
{
	yaml_out_key(y, key);
	yaml_out_seq_start(y);
	for (size_t i = 0; i < a->n; i++)
		yaml_out_str(y, a->v[i]);
	yaml_out_seq_end(y);
}

int audit_write_report(const char *path, const struct audit_opts *o, const struct audit_result *r)
{
	_cleanup_fclose_ FILE *f = strcmp(path, "-") ? fopen(path, "we") : NULL;
	FILE *out = strcmp(path, "-") ? f : stdout;
	struct ptrarray modules = { .v = (void **)o->modules, .n = o->nmodules };
	struct yaml_out y;

	if (!out)
		return -errno;
	yaml_out_begin(&y, out, false);
	yaml_out_map_start(&y);
	yaml_out_kvu(&y, "kbuild-pack-audit", 1);
	yaml_out_kv(&y, "build", o->build);
	yaml_strings(&y, "modules", &modules);
	yaml_findings(&y, "missing", &r->missing);
	yaml_findings(&y, "escapes", &r->escapes);
	yaml_strings(&y, "failed", &r->failed);
	yaml_out_key(&y, "rules");
	yaml_out_seq_start(&y);
	for (size_t i = 0; i < r->rules.n; i++) {
		const struct rule_usage *u = r->rules.v[i];
		yaml_out_map_start(&y);
		yaml_out_kv(&y, "name", u->name);
		yaml_out_kvu(&y, "files", u->files);
		yaml_out_kvu(&y, "files-used", u->files_used);
		yaml_out_kvu(&y, "bytes", u->bytes);
		yaml_out_kvu(&y, "bytes-used", u->bytes_used);
		yaml_out_map_end(&y);
	}
	yaml_out_seq_end(&y);
	yaml_strings(&y, "used", &r->used);
	yaml_out_map_end(&y);
	return yaml_out_end(&y);
}

void audit_result_release(struct audit_result *r)
{
	ptrarray_free(&r->missing, finding_free);
	ptrarray_free(&r->escapes, finding_free);
	ptrarray_free(&r->used, free);
	ptrarray_free(&r->failed, free);
	ptrarray_free(&r->built, free);
	ptrarray_free(&r->rules, rule_usage_free);
}
