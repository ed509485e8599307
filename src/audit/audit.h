/* SPDX-License-Identifier: GPL-2.0-or-later */
/* kbuild-pack audit: build external modules against a packed tree under
 * strace and say what the build looked for in the tree and did not find
 * (missing), what it read from a kernel tree other than it (escapes), and
 * what it changed in it (writes). */
#pragma once

#include <stdbool.h>
#include <stdio.h>

#include "audit/strace-log.h"
#include "shared/array.h"

struct audit_opts {
	const char *build;          /* the packed build directory */
	char **modules;             /* module directories (copied before the build) */
	char **obj_m;               /* NULL, or per module NULL or the obj-m of a Kbuild
	                               written into the copy (kernel samples/) */
	size_t nmodules;
	char **make_args;           /* passed through to make */
	size_t nmake_args;
	const char *trees[2];       /* --src, --obj: the original trees (may be NULL) */
	const char *pack_report;    /* the pack report of build (--report of pack), or NULL */
	bool keep;                  /* keep the scratch directory (its path is logged) */
};

/* What 'kbuild-pack audit' is asked: the tree to build against (or the
 * trees to pack into a scratch one), the module directories, what to write. */
struct audit_request {
	const char *build;        /* the packed build directory; NULL with pack */
	const char *src, *obj;    /* the original trees (may be NULL) */
	bool pack;                /* pack src (and obj) into a scratch directory first */
	const char *manifest_dir; /* with pack: the manifests (NULL: the defaults) */
	const char *pack_report;  /* without pack: what 'pack --report' wrote for build */
	char **modules;           /* the module directories given */
	size_t nmodules;
	bool corpus;              /* also the test modules shipped with kbuild-pack */
	bool samples;             /* also the kernel's samples/ modules on the list */
	char **make_args;
	size_t nmake_args;
	const char *report;       /* also the findings as YAML ("-": stdout), or NULL */
	bool keep, quiet, verbose;
};

/* Audits as asked and prints the findings (unless quiet): 0 nothing
 * missing, escaped or written and every build succeeded, 1 findings, or a
 * negative errno (logged; -EINTR: a signal stopped it, after the cleanup). */
int kbp_audit(const struct audit_request *q);

/* One path and the programs that asked for it ("make", "cc1,gcc"). */
struct audit_finding {
	char *path;
	char *progs;
};

struct audit_result {
	struct ptrarray missing;  /* struct audit_finding, path relative to the build dir */
	struct ptrarray escapes;  /* struct audit_finding, absolute path */
	struct ptrarray writes;   /* struct audit_finding: a change of BUILD or a tree */
	struct ptrarray used;     /* char *, relative to the build dir, sorted, unique */
	struct ptrarray failed;   /* char *: module directories whose build failed */
	struct ptrarray rules;    /* struct rule_usage (audit/usage.h), with a pack report */
	struct ptrarray built;    /* char *: module directories built (as given) */
};

/* Adds the findings of one build's accesses: build and moddir absolute and
 * resolved, trees[] the original trees known (NULL entries skipped);
 * source (or NULL): where the packed tree's "source" link leads (an
 * installed package's -common half), part of the tree, no escape. */
void audit_classify(const struct access_log *log, const char *build, const char *source, const char *moddir,
		    const char *const trees[2], struct audit_result *r);
/* Sorts and merges what several builds found. */
void audit_finish(struct audit_result *r);
/* Builds every module; 0 or a negative errno (the tools were not there;
 * -EINTR: SIGINT/TERM/HUP, see interrupt_install_handlers(), stopped the
 * build, whose processes were killed and scratch directory removed). */
int audit_run(const struct audit_opts *o, struct audit_result *r);
/* verbose: also each used file, under its rule. */
void audit_print(const struct audit_result *r, bool verbose, FILE *out);
/* The findings as YAML into out (shared/output.h's outfile owns where). */
int audit_write_report(FILE *out, const struct audit_opts *o, const struct audit_result *r);
void audit_result_release(struct audit_result *r);
