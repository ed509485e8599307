// SPDX-License-Identifier: GPL-2.0-or-later
/* Messages and small I/O helpers with the kernel modpost's exact text. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>

#include "modpost.h"
#include "shared/strbuf.h"
#include "shared/fileio.h"

static void vlog(struct modpost *mp, const char *tag, bool is_error, const char *fmt, va_list ap)
{
	fprintf(stderr, "%smodpost: ", tag);
	vfprintf(stderr, fmt, ap);
	if (is_error)
		mp->error_occurred = true;
}

void mp_log(struct modpost *mp, bool is_error, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(mp, is_error ? "ERROR: " : "WARNING: ", is_error, fmt, ap);
	va_end(ap);
}

void mp_warn(struct modpost *mp, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(mp, "WARNING: ", false, fmt, ap);
	va_end(ap);
}

void mp_error(struct modpost *mp, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(mp, "ERROR: ", true, fmt, ap);
	va_end(ap);
}

void mp_error_nofail(struct modpost *mp, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(mp, "ERROR: ", false, fmt, ap);
	va_end(ap);
}

void mp_fatal(struct modpost *mp, const char *fmt, ...)
{
	va_list ap;

	/* up to 6.1 fatal() has its own FATAL level; 6.12 prints it as an error */
	va_start(ap, fmt);
	vlog(mp, mp->fmt <= KBP_MODPOST_6_1 ? "FATAL: " : "ERROR: ", true, fmt, ap);
	va_end(ap);
	exit(1);
}

void mp_perror_exit(const char *path, int err)
{
	fprintf(stderr, "%s: %s\n", path, strerror(err));
	exit(1);
}

char *mp_read_text_file(const char *path)
{
	char *buf;
	int r = read_file(path, &buf, NULL);

	if (r < 0)
		mp_perror_exit(path, -r);
	return buf;
}

#define SZ 500

void mp_buf_printf(struct modpost *mp, struct strbuf *b, const char *fmt, ...)
{
	char tmp[SZ];
	va_list ap;
	int len;

	va_start(ap, fmt);
	len = vsnprintf(tmp, SZ, fmt, ap);
	va_end(ap);
	if (len < 0) {
		fprintf(stderr, "vsnprintf failed: %s\n", strerror(errno));
		exit(1);
	}
	if (len >= SZ && mp->fmt == KBP_MODPOST_5_10) {
		/* 5.10 strncpy()s len bytes of the truncated text: NULs pad it */
		strbuf_addn(b, tmp, SZ - 1);
		for (int i = SZ - 1; i < len; i++)
			strbuf_addc(b, '\0');
		return;
	}
	if (len >= SZ)
		mp_fatal(mp, "buf_printf output truncated for string %s: %d bytes needed, %d available\n",
			 tmp, len + 1, SZ);
	strbuf_addn(b, tmp, (size_t)len);
}
