// SPDX-License-Identifier: GPL-2.0-or-later
#define _GNU_SOURCE
#include "sink/sink.h"

#include <errno.h>
#include <signal.h>
#include <string.h>

#include "shared/log.h"

static volatile sig_atomic_t caught;

static void on_signal(int sig)
{
	caught = sig;
}

void sink_install_signal_handlers(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

int sink_interrupted(void)
{
	return caught;
}

void sink_reraise(void)
{
	int sig = caught;

	if (!sig)
		return;
	signal(sig, SIG_DFL);
	raise(sig);
}

int sink_write_all(struct sink *s, const struct filelist *fl)
{
	int r = s->ops->begin(s);

	if (r < 0) {
		s->ops->abort(s);
		return r;
	}
	for (size_t i = 0; i < fl->n; i++) {
		if (sink_interrupted()) {
			log_err("interrupted by signal %d; removing the partial output", sink_interrupted());
			s->ops->abort(s);
			return -EINTR;
		}
		r = s->ops->add(s, fl->v[i]);
		if (r < 0) {
			s->ops->abort(s);
			return r;
		}
	}
	return 0;
}

void sink_free(struct sink *s)
{
	if (s)
		s->ops->free(s);
}

static const char *const format_names[] = {
	[FORMAT_DIR] = "dir", [FORMAT_TAR] = "tar", [FORMAT_TAR_GZ] = "tar.gz",
	[FORMAT_TAR_XZ] = "tar.xz", [FORMAT_TAR_ZST] = "tar.zst", [FORMAT_CPIO] = "cpio",
};

int sink_format_parse(const char *name, enum sink_format *f)
{
	for (size_t i = 0; i < ARRAY_SIZE(format_names); i++)
		if (!strcmp(name, format_names[i])) {
			*f = (enum sink_format)i;
			return 0;
		}
	return -EINVAL;
}

const char *sink_format_name(enum sink_format f)
{
	return (size_t)f < ARRAY_SIZE(format_names) ? format_names[f] : "?";
}

struct sink *sink_new(const struct sink_config *cfg)
{
	return cfg->format == FORMAT_DIR ? sink_dir_new(cfg) : sink_archive_new(cfg);
}
