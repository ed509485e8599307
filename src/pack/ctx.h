/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What a pack is asked (pack_opts) and the state its steps share
 * (pack_ctx): what pack/steps read, below pack.c, which runs them. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/target.h"
#include "kernel/tree.h"
#include "rules/filelist.h"
#include "shared/output.h"
#include "sink/sink.h"

enum vmlinux_mode {
	VMLINUX_BTF,  /* default: an ELF file holding only .BTF */
	VMLINUX_FULL, /* vmlinux without its debug sections (like strip --strip-debug) */
	VMLINUX_NONE, /* no vmlinux: modules lose their BTF */
};

enum modpost_mode { MODPOST_TREE, MODPOST_BUNDLED };
/* Which machine the packed host programs run on: the one that built the tree, or its target. */
enum host_tools_mode { HOST_TOOLS_BUILD, HOST_TOOLS_TARGET };

/* How a tree is packed: the manifests and the steps after selection (the
 * "Rules" options of pack and split, for every tree of a split alike). */
struct pack_rules {
	const char *manifest_dir; /* NULL: kbp_manifest_dir() */
	const char **extra_manifests;
	size_t nextra;
	bool allow_missing_symvers;
	bool allow_outside_links; /* keep symlinks out of the trees as links instead of refusing the pack */
	enum modpost_mode modpost;
	enum host_tools_mode host_tools;
	const char *cross_compile; /* target compiler prefix for --host-tools=target; NULL: from the config */
	enum vmlinux_mode vmlinux; /* with CONFIG_DEBUG_INFO_BTF_MODULES */
};

struct pack_opts {
	const char *src, *obj, *out, *arch;
	struct pack_rules rules;
	bool list;
	bool force;
	int64_t clamp_mtime; /* SOURCE_DATE_EPOCH or -1 */
	enum sink_format format;
	bool hardlink_dups;
	const char *report; /* --report FILE ("-": stdout), or NULL */
	bool verify;        /* verify the staged result before publishing it */
	bool unproven_series; /* pack a series the manifests are not proven on (then verify --canary) */
	const char *host_arch; /* for verify; NULL: this machine */
	/* --component (or, with exclude_components, --exclude-component) names:
	 * the output is the whole pack's restricted to (or without) them. */
	const char **components;
	size_t ncomponents;
	bool exclude_components;
};

/* kbp_pack()'s result when the options contradict the trees (an --out
 * inside them): a usage error, not an errno. */
#define KBP_EUSAGE (-4096)

/* State shared by the steps of one pack. */
struct pack_ctx {
	const struct ktree *t;
	const struct pack_opts *o;
	struct filelist *fl;
	char *scratch; /* lazily made temporary dir, removed when the pack ends */
	bool canary;   /* an unproven series: the result must build a canary module */
	/* --host-tools=target: the machine the rebuilt programs run on (what
	 * --verify checks them against, unless --host-arch says otherwise) */
	struct elf_machine host;
	struct outfile report; /* --report, held from its check (shared/output.h) */
};

/* A private temporary directory for files a step makes (removed at the end). */
const char *pack_scratch_dir(struct pack_ctx *ctx);
