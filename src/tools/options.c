// SPDX-License-Identifier: GPL-2.0-or-later
#include "options.h"

#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "config.h"
#include "kbuild-pack.h"
#include "shared/alloc.h"

/* getopt_long's value of a long-only option: past every char. */
#define LONG_ONLY_BASE 256
/* Spaces at least between an option and its help. */
#define HELP_GAP 2

int usage_error(const struct command_usage *u, const char *fmt, ...)
{
	va_list ap;

	fputs("kbuild-pack: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s' for more information.\n", u->try_help);
	return EXIT_USAGE;
}

static size_t count_options(const struct option_spec *o)
{
	size_t n = 0;

	for (; o->kind != OPTION_END; o++)
		n += o->long_name != NULL;
	return n;
}

/* "  -s, --src SRC" padded to the help column (or two spaces past a long
 * one), then the help, its further lines at the help column. */
static void print_option(const struct option_spec *o, int column)
{
	int n;

	if (o->short_name)
		n = printf("  -%c, --%s", o->short_name, o->long_name);
	else
		n = printf("      --%s", o->long_name);
	if (o->argh)
		n += printf("%s%s", o->argh[0] == '=' ? "" : " ", o->argh);
	printf("%*s", n + HELP_GAP > column ? HELP_GAP : column - n, "");
	for (const char *l = o->help; *l;) {
		size_t len = strcspn(l, "\n");
		printf("%.*s\n", (int)len, l);
		l += len;
		if (*l && *++l)
			printf("%*s", column, "");
	}
}

static void print_help(const struct command_usage *u)
{
	fputs(u->head, stdout);
	for (const struct option_spec *o = u->options; o->kind != OPTION_END; o++) {
		if (o->kind == OPTION_GROUP)
			printf("%s\n", o->help);
		else if (o->help)
			print_option(o, u->help_column);
	}
	if (u->tail)
		fputs(u->tail, stdout);
}

static void dump_options(const struct command_usage *u)
{
	for (const struct option_spec *o = u->options; o->kind != OPTION_END; o++)
		if (o->long_name)
			printf("--%s\n", o->long_name);
}

/* The table as getopt_long wants it: short options "s:O:...", and long
 * options whose value is the short name or LONG_ONLY_BASE + index. */
static void getopt_arrays(const struct option_spec *spec, char *shorts, struct option *longs)
{
	for (int i = 0; spec[i].kind != OPTION_END; i++) {
		const struct option_spec *o = &spec[i];
		bool arg = o->kind == OPTION_STRING || o->kind == OPTION_CALLBACK;

		if (!o->long_name)
			continue;
		if (o->short_name) {
			*shorts++ = o->short_name;
			if (arg)
				*shorts++ = ':';
		}
		*longs++ = (struct option){ o->long_name, arg ? required_argument : no_argument, NULL,
					    o->short_name ? o->short_name : LONG_ONLY_BASE + i };
	}
	*shorts = '\0';
	*longs = (struct option){ 0 };
}

static const struct option_spec *find_option(const struct option_spec *spec, int c)
{
	if (c >= LONG_ONLY_BASE)
		return &spec[c - LONG_ONLY_BASE];
	for (; spec->kind != OPTION_END; spec++)
		if (spec->long_name && spec->short_name == c)
			return spec;
	return NULL;
}

/* Applies one option; OPTIONS_GO_ON, or an exit status. */
static int apply(const struct command_usage *u, const struct option_spec *o, const char *arg, void *cmdline)
{
	void *field = (char *)cmdline + o->offset;

	switch (o->kind) {
	case OPTION_STRING:
		*(const char **)field = arg;
		return OPTIONS_GO_ON;
	case OPTION_BOOL:
		*(bool *)field = true;
		return OPTIONS_GO_ON;
	case OPTION_COUNT:
		(*(int *)field)++;
		return OPTIONS_GO_ON;
	case OPTION_CALLBACK:
		return o->parse(field, arg) < 0 ? usage_error(u, o->bad_value, arg) : OPTIONS_GO_ON;
	case OPTION_HELP:
		print_help(u);
		return EXIT_OK;
	case OPTION_VERSION:
		printf("kbuild-pack %s\n", KBP_VERSION);
		return EXIT_OK;
	case OPTION_GROUP:
	case OPTION_END:
		break;
	}
	return OPTIONS_GO_ON;
}

int parse_options(const struct command_usage *u, int argc, char *argv[], void *cmdline)
{
	size_t n = count_options(u->options);
	_cleanup_free_ char *shorts = xcalloc(2 * n + 1, 1);
	_cleanup_free_ struct option *longs = xcalloc(n + 1, sizeof(*longs));
	int c;

	/* Exact and alone, so no abbreviation of a real option changes meaning. */
	if (argc == 2 && !strcmp(argv[1], "--dump-options")) {
		dump_options(u);
		return EXIT_OK;
	}
	getopt_arrays(u->options, shorts, longs);
	optind = 1;
	while ((c = getopt_long(argc, argv, shorts, longs, NULL)) != -1) {
		const struct option_spec *o = find_option(u->options, c);
		int r;

		if (!o) {
			if (u->bad_option)
				return usage_error(u, "%s", u->bad_option);
			fprintf(stderr, "Try '%s' for more information.\n", u->try_help);
			return EXIT_USAGE;
		}
		r = apply(u, o, optarg, cmdline);
		if (r != OPTIONS_GO_ON)
			return r;
	}
	return OPTIONS_GO_ON;
}
