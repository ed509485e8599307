/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Manifest rules: which files of the source or object tree go into the
 * packed build directory. Schema: manifests/README.md. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "kernel/kconfig.h"

enum origin { ORIGIN_SRC, ORIGIN_OBJ, ORIGIN_TOOL };

/* One term of a rule's "when": CONFIG_FOO, !CONFIG_FOO or CONFIG_FOO=value. */
struct cond {
	char *sym;
	char *value; /* NULL: enabled (y/m) */
	bool negate;
};

struct kver_bound {
	int op; /* 0 none, else one of '<', 'l' (<=), '>', 'g' (>=), '=' */
	int version, patchlevel;
};

struct rule {
	char *name;
	char *file; /* manifest path and line, for messages */
	unsigned line, column;
	enum origin from;
	char **include;
	size_t ninclude;
	char **exclude;
	size_t nexclude;
	struct cond *when;
	size_t nwhen;
	struct kver_bound kernel[2];
	bool required;
};

struct manifest_set {
	struct rule **rules; /* in load order: later rules win for the same path */
	size_t nrules;
	char **exclude; /* global excludes from every manifest */
	size_t nexclude;
	/* Paths whose mtimes must not decrease in this order (kbuild compares
	 * .config, auto.conf and autoconf.h); later manifests append. */
	char **mtime_order;
	size_t nmtime_order;
	char **files; /* manifests loaded, in order */
	size_t nfiles;
};

/* Loads one manifest file and appends its rules. On error prints
 * "FILE:LINE:COLUMN: reason" and returns a negative errno. */
int manifest_load(struct manifest_set *ms, const char *path);
void manifest_set_release(struct manifest_set *ms);

/* Does the rule apply to this configuration and kernel version? */
bool rule_applies(const struct rule *r, const struct kconfig *kc, int version, int patchlevel);
/* The config symbols a rule's condition reads (for the report). */
const char *origin_name(enum origin o);
