// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "log.h"

#include <stdarg.h>
#include <stdio.h>

#include "shared/strbuf.h"

static const char *prog = "kbuild-pack";
static enum log_level cur = LOG_WARN;
static _Thread_local struct strbuf *captured;

void log_init(const char *progname, enum log_level level)
{
	prog = progname;
	cur = level;
}

enum log_level log_get_level(void)
{
	return cur;
}

void log_set_level(enum log_level level)
{
	cur = level;
}

void log_msg(enum log_level level, const char *fmt, ...)
{
	static const char *const tag[] = {
		[LOG_ERR] = "error: ", [LOG_WARN] = "warning: ", [LOG_INFO] = "", [LOG_DEBUG] = "debug: ",
	};
	va_list ap;

	if (level > cur)
		return;
	if (captured) {
		strbuf_addf(captured, "%s: %s", prog, tag[level]);
		va_start(ap, fmt);
		strbuf_addvf(captured, fmt, ap);
		va_end(ap);
		strbuf_addc(captured, '\n');
		return;
	}
	flockfile(stderr); /* one line, whichever thread says it */
	fprintf(stderr, "%s: %s", prog, tag[level]);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	funlockfile(stderr);
}

struct strbuf *log_capture(struct strbuf *buf)
{
	struct strbuf *prev = captured;

	captured = buf;
	return prev;
}

void log_replay(const char *text, size_t len)
{
	if (!len)
		return; /* text: NULL, a buffer nothing was said into */
	if (captured)
		strbuf_addn(captured, text, len);
	else
		fwrite(text, 1, len, stderr);
}
