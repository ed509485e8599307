// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "shared/fileio.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "shared/alloc.h"
#include "shared/strbuf.h"

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

int open_regular(const char *path, unsigned flags, char **errmsg)
{
	int oflags = O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (flags & READ_NOFOLLOW ? O_NOFOLLOW : 0);
	int fd = open(path, oflags), r;
	struct stat st;

	if (fd < 0) {
		r = -errno;
		if (errmsg && r == -ELOOP && (flags & READ_NOFOLLOW))
			*errmsg = xasprintf("%s: a symbolic link where kbuild writes a regular file", path);
		else if (errmsg)
			*errmsg = xasprintf("%s: %s", path, strerror(-r));
		return r;
	}
	if (fstat(fd, &st) < 0) {
		r = -errno;
		close(fd);
		if (errmsg)
			*errmsg = xasprintf("%s: %s", path, strerror(-r));
		return r;
	}
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		if (errmsg)
			*errmsg = xasprintf("%s: %s, not a regular file", path, file_type_name(st.st_mode));
		return -EINVAL;
	}
	return fd;
}

int read_control_file(const char *path, unsigned flags, char **buf, size_t *len, char **errmsg)
{
	_cleanup_close_ int fd = open_regular(path, flags, errmsg);
	struct stat st;
	int r;

	if (fd < 0)
		return fd;
	if (fstat(fd, &st) < 0) {
		r = -errno;
		goto fail;
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

int write_file(const char *path, const void *buf, size_t len)
{
	_cleanup_close_ int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	const char *p = buf;

	if (fd < 0)
		return -errno;
	while (len) {
		ssize_t n = write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		p += n;
		len -= (size_t)n;
	}
	if (close(fd) < 0) {
		fd = -1;
		return -errno;
	}
	fd = -1;
	return 0;
}
