/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A command's options as one table, git's parse_options in small: the
 * getopt_long arrays, the option lines of --help and the list the man page
 * check reads (--dump-options) all come from it. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

/* What an option does with the field at its offset in the command's struct. */
enum option_kind {
	OPTION_END,
	OPTION_GROUP,    /* a heading in --help */
	OPTION_STRING,   /* const char *field = the argument */
	OPTION_BOOL,     /* bool field = true */
	OPTION_COUNT,    /* int field += 1 */
	OPTION_CALLBACK, /* parse(&field, argument) */
	OPTION_HELP,     /* prints --help and stops */
	OPTION_VERSION,  /* prints the version and stops */
};

struct option_spec {
	enum option_kind kind;
	char short_name;       /* 0: long only */
	const char *long_name;
	size_t offset; /* of the field it sets, in the struct parse_options fills */
	/* The argument as --help shows it: "SRC" (after a space) or
	 * "=tree|bundled" (attached); NULL: the option takes none. */
	const char *argh;
	/* --help text, lines separated by '\n'; a group's title. NULL: not
	 * shown in --help. */
	const char *help;
	/* OPTION_CALLBACK: stores arg in the field, or returns a negative
	 * errno and bad_value (a format taking arg) is the usage error. */
	int (*parse)(void *field, const char *arg);
	const char *bad_value;
};

#define OPT_GROUP(title) { .kind = OPTION_GROUP, .help = (title) }
#define OPT_STRING(s, l, v, a, h) { .kind = OPTION_STRING, .short_name = (s), .long_name = (l), .offset = (v), .argh = (a), .help = (h) }
#define OPT_BOOL(s, l, v, h) { .kind = OPTION_BOOL, .short_name = (s), .long_name = (l), .offset = (v), .help = (h) }
#define OPT_COUNT(s, l, v, h) { .kind = OPTION_COUNT, .short_name = (s), .long_name = (l), .offset = (v), .help = (h) }
#define OPT_CALLBACK(s, l, v, a, h, fn, bad)                                                                     \
	{ .kind = OPTION_CALLBACK, .short_name = (s), .long_name = (l), .offset = (v), .argh = (a), .help = (h), \
	  .parse = (fn), .bad_value = (bad) }
#define OPT_HELP(h) { .kind = OPTION_HELP, .short_name = 'h', .long_name = "help", .help = (h) }
#define OPT_VERSION(h) { .kind = OPTION_VERSION, .short_name = 'V', .long_name = "version", .help = (h) }
#define OPT_END() { .kind = OPTION_END }

struct command_usage {
	const char *try_help;   /* "kbuild-pack verify --help" */
	const char *head;       /* --help text before the options */
	const struct option_spec *options;
	int help_column;        /* where an option's help starts */
	const char *tail;       /* --help text after the options, or NULL */
	/* Printed (as a usage error) when getopt rejects an option; NULL: only
	 * the "Try ... --help" line. */
	const char *bad_option;
};

/* What parse_options returns when the command is to go on. */
enum { OPTIONS_GO_ON = -1 };

/* Parses argv[1..] into the fields of *cmdline that u->options name;
 * optind is then the first operand. Returns OPTIONS_GO_ON, or the exit
 * status after --help,
 * --version, --dump-options (one long option a line, for the man page
 * check) or a usage error, each already printed. */
int parse_options(const struct command_usage *u, int argc, char *argv[], void *cmdline);

/* "kbuild-pack: " msg "\nTry '<try_help>' for more information.\n"; returns EXIT_USAGE. */
int usage_error(const struct command_usage *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
