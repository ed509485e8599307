/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Manifest rules: which files of the source or object tree go into the
 * packed build directory. Schema: manifests/README.md. */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "kernel/kconfig.h"
#include "shared/array.h"

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

/* A file the result must hold when the rule applies (verify checks it). */
struct expect {
	char *path;
	bool executable;
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
	struct expect *expect;
	size_t nexpect;
	char *component; /* package part its files go to ("main" by default) */
	bool strip_debug; /* strip: debug: its ELF files are packed without debug sections */
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
	/* Headers (patterns) whose quoted #include "../..." leaves what the
	 * tree holds, on purpose: verify warns about the others. */
	char **dangling_includes;
	size_t ndangling_includes;
	/* The kernel series the manifests are proven on (proven-series of
	 * every manifest loaded): pack refuses the others without
	 * --unproven-series, verify does not vouch for them. */
	struct kver_bound *proven; /* op '=' */
	size_t nproven;
	char **files; /* manifests loaded, in order */
	size_t nfiles;
};

/* Loads one manifest file and appends its rules. On error prints
 * "FILE:LINE:COLUMN: reason" and returns a negative errno; -EINTR, silently,
 * once a signal has set interrupted(). */
int manifest_load(struct manifest_set *ms, const char *path);
void manifest_set_release(struct manifest_set *ms);
/* Drops (and frees) the rules keep() refuses, keeping the order of the rest. */
void manifest_set_keep(struct manifest_set *ms, bool (*keep)(const struct rule *r, void *ctx), void *ctx);
/* The manifests of a tree, as pack and verify use them: common.yaml, then
 * arch/<srcarch>.yaml of dir (NULL: kbp_manifest_dir()), then the extra ones. */
int manifest_load_tree(struct manifest_set *ms, const char *dir, const char *srcarch, const char **extra,
		       size_t nextra);
/* The same for the sources of an architecture in a distribution's common
 * part (split --layout debian --arch): one without a manifest of its own
 * (Debian 12's mips) takes common.yaml's. No tree of it is packed. */
int manifest_load_sources(struct manifest_set *ms, const char *dir, const char *srcarch, const char **extra,
			  size_t nextra);

/* Is VERSION.PATCHLEVEL a series of some manifest's proven-series? */
bool manifest_series_proven(const struct manifest_set *ms, int version, int patchlevel);
/* The proven series, oldest first and each once: "5.10, 6.1, 6.12, 7.2"
 * ("none" without any); malloc'ed. */
char *manifest_proven_list(const struct manifest_set *ms);

/* A manifest pattern with ${SRCARCH} replaced by the tree's. */
char *manifest_expand(const char *pattern, const char *srcarch);
/* What a rule's walk drops: its excludes and the global ones, expanded
 * (free with ptrarray_free(a, free)). */
struct ptrarray manifest_excludes(const struct manifest_set *ms, const struct rule *r, const char *srcarch);
/* Does the rule apply to this kernel version (its 'kernel' bounds)? */
bool rule_in_kernel(const struct rule *r, int version, int patchlevel);
/* Does the rule apply to this configuration and kernel version? */
bool rule_applies(const struct rule *r, const struct kconfig *kc, int version, int patchlevel);
/* Why an applying rule applies: its 'when' terms as the config has them
 * and its kernel bounds ("CONFIG_FOO=y, CONFIG_BAR is not set, kernel >= 7.0");
 * NULL without either. */
char *rule_why(const struct rule *r, const struct kconfig *kc);
const char *origin_name(enum origin o);

/* The component of rules without 'component:' and of files kbuild-pack adds. */
#define COMPONENT_MAIN "main"
/* Is s a component name, [a-z0-9][a-z0-9-]*? */
bool component_name_ok(const char *s);
/* Is the component named by some rule of ms (or "main")? */
bool manifest_has_component(const struct manifest_set *ms, const char *name);
/* The components the rules of ms name, sorted, each once ("main" always):
 * borrowed strings (free with ptrarray_free(a, NULL)). */
struct ptrarray manifest_components(const struct manifest_set *ms);
