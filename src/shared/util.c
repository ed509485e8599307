// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <string.h>
#include <sys/stat.h>

static _noreturn_ void oom(void)
{
	fputs("out of memory\n", stderr);
	abort();
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom();
	return p;
}

void *xcalloc(size_t n, size_t m)
{
	void *p = calloc(n ? n : 1, m ? m : 1);
	if (!p)
		oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom();
	return p;
}

char *xstrdup(const char *s)
{
	char *p = strdup(s);
	if (!p)
		oom();
	return p;
}

char *xstrndup(const char *s, size_t n)
{
	char *p = strndup(s, n);
	if (!p)
		oom();
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0)
		oom();
	va_end(ap);
	return s;
}

void ptrarray_push(struct ptrarray *a, void *p)
{
	if (a->n == a->cap) {
		a->cap = a->cap ? a->cap * 2 : 16;
		a->v = xrealloc(a->v, a->cap * sizeof(*a->v));
	}
	a->v[a->n++] = p;
}

void ptrarray_free(struct ptrarray *a, void (*fn)(void *))
{
	if (fn)
		for (size_t i = 0; i < a->n; i++)
			fn(a->v[i]);
	free(a->v);
	a->v = NULL;
	a->n = a->cap = 0;
}

void ptrarray_sort_strings(struct ptrarray *a)
{
	/* qsort's base must not be NULL, even for zero elements. */
	if (a->n > 1)
		qsort(a->v, a->n, sizeof(*a->v), strcmp_bytes);
}

void dir_sorted_names(DIR *d, struct ptrarray *names)
{
	struct dirent *de;

	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			ptrarray_push(names, xstrdup(de->d_name));
	ptrarray_sort_strings(names);
}

static void strbuf_grow(struct strbuf *b, size_t extra)
{
	if (b->len + extra + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 64;
		while (cap < b->len + extra + 1)
			cap *= 2;
		b->s = xrealloc(b->s, cap);
		b->cap = cap;
	}
}

void strbuf_addn(struct strbuf *b, const char *s, size_t n)
{
	strbuf_grow(b, n);
	memcpy(b->s + b->len, s, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void strbuf_adds(struct strbuf *b, const char *s)
{
	strbuf_addn(b, s, strlen(s));
}

void strbuf_addc(struct strbuf *b, char c)
{
	strbuf_addn(b, &c, 1);
}

void strbuf_addf(struct strbuf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	strbuf_grow(b, (size_t)n);
	va_start(ap, fmt);
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->len += (size_t)n;
}

const char *strbuf_str(struct strbuf *b)
{
	if (!b->s)
		strbuf_grow(b, 0), b->s[0] = '\0';
	return b->s;
}

char *strbuf_steal(struct strbuf *b)
{
	char *s;

	strbuf_str(b);
	s = b->s;
	b->s = NULL;
	b->len = b->cap = 0;
	return s;
}

void strbuf_release(struct strbuf *b)
{
	free(b->s);
	b->s = NULL;
	b->len = b->cap = 0;
}

char *path_join(const char *a, const char *b)
{
	size_t la = strlen(a);

	if (!*b)
		return xstrdup(a);
	if (la && a[la - 1] == '/')
		return xasprintf("%s%s", a, b);
	return xasprintf("%s/%s", a, b);
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

/* Creates missing components; records each directory it created so a
 * failed run can remove exactly those again. */
int mkdir_p(const char *path, unsigned mode, char ***created, size_t *ncreated)
{
	_cleanup_free_ char *p = xstrdup(path);
	size_t len = strlen(p);

	for (size_t i = 1; i <= len; i++) {
		if (p[i] != '/' && p[i] != '\0')
			continue;
		char c = p[i];
		p[i] = '\0';
		if (mkdir(p, mode) == 0) {
			if (created) {
				*created = xrealloc(*created, (*ncreated + 1) * sizeof(char *));
				(*created)[(*ncreated)++] = xstrdup(p);
			}
		} else if (errno != EEXIST) {
			return -errno;
		} else if (!path_is_dir(p)) {
			return -ENOTDIR;
		}
		p[i] = c;
	}
	return 0;
}

static int rm_one(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_DP)
		return rmdir(path) < 0 ? -1 : 0;
	return unlink(path) < 0 ? -1 : 0;
}

int rm_rf(const char *path)
{
	if (!path_exists(path))
		return 0;
	if (nftw(path, rm_one, 64, FTW_DEPTH | FTW_PHYS) < 0)
		return -errno;
	return 0;
}

int rename_noreplace(const char *from, const char *to)
{
	struct stat st;

	if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -errno;
	if (lstat(to, &st) == 0)
		return -EEXIST;
	return rename(from, to) < 0 ? -errno : 0;
}

/* Reads fd to EOF, or want bytes when known; more than max bytes is -EFBIG. */
static int read_fd(int fd, size_t want, size_t max, char **buf, size_t *len)
{
	struct strbuf b = { 0 };
	ssize_t n;

	strbuf_grow(&b, want ? want : 65536);
	b.s[0] = '\0';
	for (;;) {
		size_t room = want ? want - b.len : 65536;

		if (max && b.len + room > max)
			room = max + 1 - b.len; /* one byte more tells "too big" */
		strbuf_grow(&b, room);
		n = read(fd, b.s + b.len, room);
		if (n < 0) {
			if (errno == EINTR)
				continue;
			int err = -errno;
			strbuf_release(&b);
			return err;
		}
		if (n == 0)
			break;
		b.len += (size_t)n;
		b.s[b.len] = '\0';
		if (max && b.len > max) {
			strbuf_release(&b);
			return -EFBIG;
		}
		if (want && b.len == want)
			break;
	}
	if (len)
		*len = b.len;
	*buf = strbuf_steal(&b);
	return 0;
}

int read_file(const char *path, char **buf, size_t *len)
{
	_cleanup_close_ int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	size_t want = 0;

	if (fd < 0)
		return -errno;
	/* a regular file is read in one go, as big as fstat() says (modpost
	 * reads thousands of small .cmd files); anything else until EOF */
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0)
		want = (size_t)st.st_size;
	return read_fd(fd, want, 0, buf, len);
}

static const char *file_type_name(mode_t m)
{
	return S_ISFIFO(m) ? "a FIFO" : S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device"
	       : S_ISSOCK(m) ? "a socket" : S_ISDIR(m) ? "a directory" : "not a regular file";
}

int read_control_file(const char *path, unsigned flags, char **buf, size_t *len, char **errmsg)
{
	int oflags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (flags & READ_NOFOLLOW ? O_NOFOLLOW : 0);
	_cleanup_close_ int fd = open(path, oflags);
	struct stat st;
	int r;

	if (fd < 0) {
		r = -errno;
		if (r == -ELOOP && (flags & READ_NOFOLLOW)) {
			if (errmsg)
				*errmsg = xasprintf("%s: a symbolic link where kbuild writes a regular file", path);
			return r;
		}
		goto fail;
	}
	if (fstat(fd, &st) < 0) {
		r = -errno;
		goto fail;
	}
	if (!S_ISREG(st.st_mode)) {
		if (errmsg)
			*errmsg = xasprintf("%s: %s, not a regular file", path, file_type_name(st.st_mode));
		return -EINVAL;
	}
	if (st.st_size > (off_t)CONTROL_FILE_MAX) {
		r = -EFBIG;
		goto fail;
	}
	r = read_fd(fd, (size_t)st.st_size, CONTROL_FILE_MAX, buf, len);
	if (r == 0)
		return 0;
fail:
	if (errmsg) {
		if (r == -EFBIG)
			*errmsg = xasprintf("%s: larger than %u MiB, too big for a kernel control file", path,
					    CONTROL_FILE_MAX >> 20);
		else
			*errmsg = xasprintf("%s: %s", path, strerror(-r));
	}
	return r;
}

int read_line_file(const char *path, unsigned flags, char **line, char **errmsg)
{
	char *buf;
	int r = read_control_file(path, flags, &buf, NULL, errmsg);

	if (r < 0)
		return r;
	buf[strcspn(buf, "\n")] = '\0';
	*line = buf;
	return 0;
}

int parse_size(const char *s, uint64_t *out)
{
	static const char units[] = "kmgt";
	unsigned long long v;
	const char *u;
	char *end;
	int shift = 0;

	if (!s || *s < '0' || *s > '9')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno)
		return -EINVAL;
	if (*end) {
		u = strchr(units, end[0] | 0x20);
		if (!u || !*u)
			return -EINVAL;
		shift = 10 * (int)(u - units + 1);
		end++;
		if (*end == 'i' && end[1] == 'B')
			end += 2;
		else if (*end == 'B' || *end == 'b')
			end++;
	}
	if (*end || v > (UINT64_MAX >> shift))
		return -EINVAL;
	*out = (uint64_t)v << shift;
	return 0;
}

bool str_starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

const char *str_after_prefix(const char *s, const char *prefix)
{
	size_t n = strlen(prefix);

	return strncmp(s, prefix, n) ? NULL : s + n;
}

int strv_index(const char *const *names, size_t n, const char *s)
{
	for (size_t i = 0; i < n; i++)
		if (names[i] && !strcmp(names[i], s))
			return (int)i;
	return -EINVAL;
}

bool str_ends_with(const char *s, const char *suffix)
{
	size_t ls = strlen(s), lx = strlen(suffix);
	return ls >= lx && memcmp(s + ls - lx, suffix, lx) == 0;
}

char *str_strip(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

int strcmp_bytes(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}
