// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/path.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/alloc.h"
#include "shared/strbuf.h"

char *path_join(const char *a, const char *b)
{
	size_t la = strlen(a);

	if (!*b)
		return xstrdup(a);
	if (la && a[la - 1] == '/')
		return xasprintf("%s%s", a, b);
	return xasprintf("%s/%s", a, b);
}

char *path_dirname(const char *p)
{
	const char *slash = strrchr(p, '/');

	if (!slash)
		return xstrdup(".");
	return slash == p ? xstrdup("/") : xstrndup(p, (size_t)(slash - p));
}

const char *path_basename(const char *p)
{
	const char *slash = strrchr(p, '/');

	return slash ? slash + 1 : p;
}

bool path_exists(const char *p)
{
	struct stat st;
	return lstat(p, &st) == 0;
}

bool path_is_dir(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

bool path_is_reg(const char *p)
{
	struct stat st;
	return stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

bool path_is_below(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	if (n && dir[n - 1] == '/')
		n--; /* "/" */
	return !strncmp(path, dir, n) && (path[n] == '/' || path[n] == '\0');
}

char *path_resolve_parents(const char *path)
{
	_cleanup_free_ char *segs = NULL;
	char *cur = xstrdup(""), *save = NULL, *next;

	if (path[0] != '/') {
		_cleanup_free_ char *cwd = getcwd(NULL, 0);
		if (!cwd) {
			free(cur);
			return NULL;
		}
		segs = path_join(cwd, path);
	} else {
		segs = xstrdup(path);
	}
	for (char *seg = strtok_r(segs, "/", &save); seg; seg = next) {
		next = strtok_r(NULL, "/", &save);
		if (!strcmp(seg, "."))
			continue;
		if (!strcmp(seg, "..")) {
			char *slash = strrchr(cur, '/'); /* cur has no symlink left: ".." is its parent */
			if (slash)
				*slash = '\0';
			continue;
		}
		char *p = xasprintf("%s/%s", cur, seg);
		char *real = next ? realpath(p, NULL) : NULL; /* missing: mkdir -p makes it a directory */

		free(cur);
		cur = real ? real : p;
		if (real)
			free(p);
		if (!strcmp(cur, "/"))
			cur[0] = '\0';
	}
	if (!*cur) {
		free(cur);
		cur = xstrdup("/");
	}
	return cur;
}

char *path_resolve_link(const char *rel, const char *target)
{
	struct strbuf b = { 0 };
	_cleanup_free_ char *dir = xstrdup(rel);
	_cleanup_free_ char *all = NULL;
	_cleanup_free_ char **parts = NULL;
	char *slash = strrchr(dir, '/'), *save = NULL, *seg;
	size_t n = 0;

	if (target[0] == '/')
		return NULL;
	if (slash)
		*slash = '\0';
	else
		dir[0] = '\0';
	all = *dir ? xasprintf("%s/%s", dir, target) : xstrdup(target);
	for (seg = strtok_r(all, "/", &save); seg; seg = strtok_r(NULL, "/", &save)) {
		if (!strcmp(seg, "."))
			continue;
		if (!strcmp(seg, "..")) {
			if (!n)
				return NULL;
			n--;
			continue;
		}
		parts = xrealloc(parts, (n + 1) * sizeof(char *));
		parts[n++] = seg;
	}
	for (size_t i = 0; i < n; i++) {
		if (i)
			strbuf_addc(&b, '/');
		strbuf_adds(&b, parts[i]);
	}
	return strbuf_steal(&b);
}

/* The first component of *rest (NUL-terminated in place), *rest moved past it. */
static char *next_component(char **rest)
{
	char *c = *rest, *slash;

	while (*c == '/')
		c++;
	slash = strchr(c, '/');
	if (slash) {
		*slash = '\0';
		*rest = slash + 1;
	} else {
		*rest = c + strlen(c);
	}
	return c;
}

char *path_resolve_in_root(const char *root, const char *rel)
{
	struct strbuf done = { 0 };
	char *todo = xstrdup(rel), *rest = todo, *c;
	int links = 0;

	strbuf_adds(&done, "");
	while (*(c = next_component(&rest))) {
		if (!strcmp(c, "."))
			continue;
		if (!strcmp(c, "..")) { /* never above the root, as in a chroot */
			char *slash = strrchr(done.s, '/');
			done.len = slash ? (size_t)(slash - done.s) : 0;
			done.s[done.len] = '\0';
			continue;
		}
		_cleanup_free_ char *at = xasprintf("%s/%s%s%s", root, done.s, done.len ? "/" : "", c);
		char target[PATH_MAX];
		ssize_t n = readlink(at, target, sizeof(target) - 1);
		if (n > 0) {
			char *next;

			if (++links > 40) {
				free(todo);
				strbuf_release(&done);
				return NULL;
			}
			target[n] = '\0';
			if (target[0] == '/') {
				done.len = 0;
				done.s[0] = '\0';
			}
			next = xasprintf("%s/%s", target, rest);
			free(todo);
			todo = rest = next;
			continue;
		}
		if (done.len)
			strbuf_addc(&done, '/');
		strbuf_adds(&done, c);
	}
	free(todo);
	return strbuf_steal(&done);
}
