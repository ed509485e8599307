// SPDX-License-Identifier: GPL-2.0-or-later
/* Parser of strace's text output. Why strace: it sees every child (-f),
 * static binaries included (an LD_PRELOAD shim would not), needs no root
 * (fanotify would), and with --seccomp-bpf only the traced calls stop the
 * tracee; a Debian package away, where a tracer of our own would be code
 * to keep. Its lines, with -o LOG and -f, are "PID call(args) = ret": a
 * call another process interrupted is split in "call(args <unfinished ...>"
 * and "<... call resumed>rest) = ret". Relative paths are resolved against
 * the cwd each process inherits (clone) and changes (chdir). */
#define _GNU_SOURCE
#include "strace-log.h"

#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "shared/macro.h"
#include "shared/alloc.h"
#include "shared/strbuf.h"
#include "shared/path.h"
#include "shared/str.h"

struct proc {
	int pid;
	char *cwd;        /* NULL: not known yet (the child ran before its parent's clone returned) */
	const char *prog; /* NULL: not known yet */
	char *pending;    /* the first half of an unfinished call */
};

static struct proc *procs(struct access_log *log) { return log->procs; }

static struct proc *proc_get(struct access_log *log, int pid)
{
	struct proc *p;

	for (size_t i = log->nprocs; i-- > 0;)
		if (procs(log)[i].pid == pid)
			return &procs(log)[i];
	if (log->nprocs == log->cap_procs) {
		log->cap_procs = log->cap_procs ? 2 * log->cap_procs : 64;
		log->procs = xrealloc(log->procs, log->cap_procs * sizeof(struct proc));
	}
	p = &procs(log)[log->nprocs++];
	*p = (struct proc){ .pid = pid };
	return p;
}

static const char *intern(struct access_log *log, const char *s)
{
	for (size_t i = 0; i < log->nnames; i++)
		if (!strcmp(log->names[i], s))
			return log->names[i];
	log->names = xrealloc(log->names, (log->nnames + 1) * sizeof(char *));
	return log->names[log->nnames++] = xstrdup(s);
}

char *path_fold(const char *path)
{
	char *out = xmalloc(strlen(path) + 2);
	size_t n = 0;
	const char *p = path;

	while (*p) {
		size_t len;

		while (*p == '/')
			p++;
		len = strcspn(p, "/");
		if (len == 0)
			break;
		if (len == 1 && p[0] == '.') {
			/* nothing */
		} else if (len == 2 && p[0] == '.' && p[1] == '.') {
			while (n > 0 && out[--n] != '/')
				;
		} else {
			out[n++] = '/';
			memcpy(out + n, p, len);
			n += len;
		}
		p += len;
	}
	if (n == 0)
		out[n++] = '/';
	out[n] = '\0';
	return out;
}

/* The C string strace printed at *s (after the opening quote); *s moves
 * past the closing quote. NULL when unterminated. */
static char *unquote(const char **s)
{
	struct strbuf b = { 0 };
	const char *p = *s;

	for (; *p && *p != '"'; p++) {
		if (*p != '\\') {
			strbuf_addc(&b, *p);
			continue;
		}
		p++;
		switch (*p) {
		case 'n': strbuf_addc(&b, '\n'); break;
		case 't': strbuf_addc(&b, '\t'); break;
		case 'r': strbuf_addc(&b, '\r'); break;
		case 'v': strbuf_addc(&b, '\v'); break;
		case 'f': strbuf_addc(&b, '\f'); break;
		case 'x': {
			unsigned v = 0;
			for (int i = 0; i < 2 && isxdigit((unsigned char)p[1]); i++, p++)
				v = v * 16 + (isdigit((unsigned char)p[1]) ? p[1] - '0' : (tolower((unsigned char)p[1]) - 'a' + 10));
			strbuf_addc(&b, (char)v);
			break;
		}
		case '0' ... '7': {
			unsigned v = 0;
			for (int i = 0; i < 3 && *p >= '0' && *p <= '7'; i++, p++)
				v = v * 8 + (unsigned)(*p - '0');
			p--;
			strbuf_addc(&b, (char)v);
			break;
		}
		case '\0':
			strbuf_release(&b);
			return NULL;
		default:
			strbuf_addc(&b, *p);
		}
	}
	if (*p != '"') {
		strbuf_release(&b);
		return NULL;
	}
	*s = p + 1;
	return strbuf_steal(&b);
}

static const char *const open_calls[] = { "open", "openat", "openat2" };
static const char *const stat_calls[] = { "stat", "lstat", "stat64", "lstat64", "newfstatat", "fstatat64",
					  "statx", "access", "faccessat", "faccessat2", "readlink", "readlinkat" };
static const char *const exec_calls[] = { "execve", "execveat" };
static const char *const fork_calls[] = { "clone", "clone3", "fork", "vfork" };

/* Names a program takes for a file that are not paths: gcc's "-" (stdin),
 * cc1's "<stdin>", "<built-in>", "<command-line>". */
static bool not_a_path(const char *raw)
{
	return !strchr(raw, '/') && (!strcmp(raw, "-") || raw[0] == '<');
}

/* Is what stands between the previous argument and a string argument
 * ("", "AT_FDCWD, ") the cwd? A dirfd number we cannot resolve. */
static bool relative_to_cwd(const char *from, const char *quote)
{
	while (from < quote && (*from == ' ' || *from == ','))
		from++;
	return from == quote || str_starts_with(from, "AT_FDCWD");
}

/* The path of a call's n-th (from 0) string argument, resolved; NULL when
 * there is none, it is no path, or it is relative to a dirfd we cannot
 * resolve. *end (when not NULL) is set past it. */
static char *call_path_n(const char *args, const char *cwd, int n, const char **end)
{
	const char *from = args, *q = args;
	_cleanup_free_ char *raw = NULL;

	for (int k = 0; k <= n; k++) {
		from = q;
		q = strchr(q, '"');
		if (!q)
			return NULL;
		q++;
		free(raw);
		raw = unquote(&q);
		if (!raw)
			return NULL;
	}
	if (end)
		*end = q;
	if (!*raw || not_a_path(raw))
		return NULL;
	if (raw[0] == '/')
		return path_fold(raw);
	if (!relative_to_cwd(from, strchr(from, '"')))
		return NULL;
	if (!cwd) /* resolved when the process is adopted */
		return xstrdup(raw);
	_cleanup_free_ char *abs = path_join(cwd, raw);
	return path_fold(abs);
}

static char *call_path(const char *args, const char *cwd) { return call_path_n(args, cwd, 0, NULL); }

/* The calls that change the file a string argument names: its index, or
 * -1 for all of them (rename: both). */
static const struct {
	const char *name;
	int arg;
} write_calls[] = {
	{ "creat", 0 },	     { "rename", -1 },	   { "renameat", -1 },	  { "renameat2", -1 }, { "unlink", 0 },
	{ "unlinkat", 0 },   { "rmdir", 0 },	   { "mkdir", 0 },	  { "mkdirat", 0 },    { "mknod", 0 },
	{ "mknodat", 0 },    { "truncate", 0 },	   { "truncate64", 0 },	  { "chmod", 0 },      { "fchmodat", 0 },
	{ "fchmodat2", 0 },  { "chown", 0 },	   { "chown32", 0 },	  { "lchown", 0 },     { "lchown32", 0 },
	{ "fchownat", 0 },   { "utime", 0 },	   { "utimes", 0 },	  { "futimesat", 0 },  { "utimensat", 0 },
	{ "setxattr", 0 },   { "lsetxattr", 0 },   { "removexattr", 0 }, { "lremovexattr", 0 },
	{ "link", 1 },	     { "linkat", 1 },	   { "symlink", 1 },	  { "symlinkat", 1 },
};

static int write_call_arg(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(write_calls); i++)
		if (!strcmp(write_calls[i].name, name))
			return write_calls[i].arg;
	return -2;
}

/* An open whose flags (after the path) ask to write, create or truncate. */
static bool open_writes(const char *after_path)
{
	return strstr(after_path, "O_WRONLY") || strstr(after_path, "O_RDWR") || strstr(after_path, "O_CREAT") ||
	       strstr(after_path, "O_TRUNC");
}

/* " = ret" at the end of a complete call: its value, and its errno name
 * ("ENOENT") when it failed. false: no result (e.g. "= ?"). */
static bool call_result(const char *line, long *ret, char err[32])
{
	const char *eq = NULL, *back;
	char *end;

	/* the last " = " (arguments may hold the text), after ")" and the
	 * spaces strace pads the column with */
	for (const char *p = strstr(line, " = "); p; p = strstr(p + 1, " = "))
		eq = p;
	if (!eq)
		return false;
	for (back = eq; back > line && *back == ' '; back--)
		;
	if (*back != ')')
		return false;
	eq += 3;
	*ret = strtol(eq, &end, 0);
	if (end == eq)
		return false;
	err[0] = '\0';
	if (*ret < 0 && *end == ' ')
		sscanf(end + 1, "%31[A-Z0-9]", err);
	return true;
}

static void add_access(struct access_log *log, struct file_access a)
{
	if (log->n == log->cap) {
		log->cap = log->cap ? 2 * log->cap : 1024;
		log->v = xrealloc(log->v, log->cap * sizeof(*log->v));
	}
	log->v[log->n++] = a;
}

/* A child whose first calls came before its parent's clone returned: its
 * cwd and program are its parent's, also for what it did meanwhile. */
static void adopt(struct access_log *log, int parent_pid, int child_pid)
{
	/* child first: proc_get may move the array */
	struct proc *child = proc_get(log, child_pid);
	struct proc *parent = proc_get(log, parent_pid);

	if (!child->prog)
		child->prog = parent->prog;
	if (!child->cwd && parent->cwd)
		child->cwd = xstrdup(parent->cwd);
	for (size_t i = 0; i < log->n; i++) {
		struct file_access *a = &log->v[i];

		if (a->pid != child_pid)
			continue;
		if (!a->prog)
			a->prog = parent->prog;
		if (a->path[0] != '/' && parent->cwd) {
			_cleanup_free_ char *abs = path_join(parent->cwd, a->path);
			free(a->path);
			a->path = path_fold(abs);
		}
	}
}

static enum access_result result_of(long ret, const char *err)
{
	if (ret >= 0)
		return ACCESS_FOUND;
	return !strcmp(err, "ENOENT") || !strcmp(err, "ENOTDIR") ? ACCESS_NOT_FOUND : ACCESS_ERROR;
}

/* The files a write call changed (arg: which string argument, -1 all). */
static void add_writes(struct access_log *log, struct proc *p, int pid, const char *args, int arg, long ret,
		       const char *err)
{
	for (int k = arg < 0 ? 0 : arg; k <= (arg < 0 ? 1 : arg); k++) {
		char *path = call_path_n(args, p->cwd, k, NULL);
		if (path)
			add_access(log, (struct file_access){ .path = path, .prog = p->prog, .pid = pid,
							      .kind = ACCESS_WRITE, .result = result_of(ret, err) });
	}
}

static void handle_call(struct access_log *log, int pid, const char *call)
{
	struct proc *p = proc_get(log, pid);
	size_t namelen = strcspn(call, "(");
	_cleanup_free_ char *name = NULL;
	const char *args;
	long ret;
	char err[32];
	int kind = -1;

	if (call[namelen] != '(')
		return;
	name = xstrndup(call, namelen);
	args = call + namelen + 1;
	if (!call_result(call, &ret, err))
		return;

	if (strv_index(fork_calls, ARRAY_SIZE(fork_calls), name) >= 0) {
		if (ret > 0)
			adopt(log, pid, (int)ret);
		return;
	}
	if (!strcmp(name, "chdir")) {
		_cleanup_free_ char *to = call_path(args, p->cwd);
		if (ret == 0 && to) {
			free(p->cwd);
			p->cwd = to;
			to = NULL;
		}
		return;
	}
	if (write_call_arg(name) > -2) {
		add_writes(log, p, pid, args, write_call_arg(name), ret, err);
		return;
	}
	if (strv_index(open_calls, ARRAY_SIZE(open_calls), name) >= 0)
		kind = ACCESS_OPEN;
	else if (strv_index(stat_calls, ARRAY_SIZE(stat_calls), name) >= 0)
		kind = ACCESS_STAT;
	else if (strv_index(exec_calls, ARRAY_SIZE(exec_calls), name) >= 0)
		kind = ACCESS_EXEC;
	if (kind < 0)
		return;

	const char *after = NULL;
	char *path = call_path_n(args, p->cwd, 0, &after);
	if (!path)
		return;
	if (kind == ACCESS_OPEN && open_writes(after))
		kind = ACCESS_WRITE;
	/* opendir: a look (the shell's globbing, make's $(wildcard)) */
	else if (kind == ACCESS_OPEN && strstr(after, "O_DIRECTORY"))
		kind = ACCESS_STAT;
	add_access(log, (struct file_access){
		.path = path,
		.prog = p->prog,
		.pid = pid,
		.kind = kind,
		.result = result_of(ret, err),
	});
	if (kind == ACCESS_EXEC && ret == 0) {
		const char *slash = strrchr(path, '/');
		p->prog = intern(log, slash ? slash + 1 : path);
	}
}

static void handle_line(struct access_log *log, const char *line, const char *cwd)
{
	char *rest;
	long pid = strtol(line, &rest, 10);
	struct proc *p;
	size_t len;

	if (rest == line || pid <= 0)
		return;
	while (*rest == ' ')
		rest++;
	p = proc_get(log, (int)pid);
	if (log->nprocs == 1 && !p->cwd) /* the command strace started */
		p->cwd = xstrdup(cwd);
	len = strlen(rest);
	if (str_ends_with(rest, " <unfinished ...>")) {
		free(p->pending);
		p->pending = xstrndup(rest, len - strlen(" <unfinished ...>"));
		return;
	}
	if (str_starts_with(rest, "<... ")) {
		const char *tail = strstr(rest, " resumed>");
		_cleanup_free_ char *whole = NULL;

		if (!tail || !p->pending)
			return;
		whole = xasprintf("%s%s", p->pending, tail + strlen(" resumed>"));
		free(p->pending);
		p->pending = NULL;
		handle_call(log, (int)pid, whole);
		return;
	}
	handle_call(log, (int)pid, rest);
}

int access_log_read(FILE *f, const char *cwd, struct access_log *log)
{
	_cleanup_free_ char *line = NULL;
	size_t cap = 0;
	ssize_t n;

	while ((n = getline(&line, &cap, f)) > 0) {
		if (line[n - 1] == '\n')
			line[n - 1] = '\0';
		handle_line(log, line, cwd);
	}
	/* relative paths of processes whose parent never said */
	size_t out = 0;
	for (size_t i = 0; i < log->n; i++) {
		if (log->v[i].path[0] == '/')
			log->v[out++] = log->v[i];
		else
			free(log->v[i].path);
	}
	log->n = out;
	return ferror(f) ? -EIO : 0;
}

void access_log_release(struct access_log *log)
{
	for (size_t i = 0; i < log->n; i++)
		free(log->v[i].path);
	free(log->v);
	for (size_t i = 0; i < log->nprocs; i++) {
		free(procs(log)[i].cwd);
		free(procs(log)[i].pending);
	}
	free(log->procs);
	for (size_t i = 0; i < log->nnames; i++)
		free(log->names[i]);
	free(log->names);
	*log = (struct access_log){ 0 };
}
