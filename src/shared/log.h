/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Messages go to stderr prefixed with the program name, as kmod's tools do. */
#pragma once

#include <stddef.h>

#include "shared/macro.h"

enum log_level { LOG_QUIET = 0, LOG_ERR = 1, LOG_WARN = 2, LOG_INFO = 3, LOG_DEBUG = 4 };

void log_init(const char *progname, enum log_level level);
enum log_level log_get_level(void);
void log_set_level(enum log_level level);
void log_msg(enum log_level level, const char *fmt, ...) _printf_(2, 3);

/* Work done on several threads says its messages in the order the same
 * work done one piece after the other would: each piece's messages, on
 * the thread that does it, go into its own buffer (log_capture(buf) until
 * log_capture(what it returned)), and log_replay says them in order,
 * later, into the buffer of the thread that replays them, or stderr. */
struct strbuf;
struct strbuf *log_capture(struct strbuf *buf);
void log_replay(const char *text, size_t len);

#define log_err(...) log_msg(LOG_ERR, __VA_ARGS__)
#define log_warn(...) log_msg(LOG_WARN, __VA_ARGS__)
#define log_info(...) log_msg(LOG_INFO, __VA_ARGS__)
#define log_debug(...) log_msg(LOG_DEBUG, __VA_ARGS__)
