/* SPDX-License-Identifier: GPL-2.0-or-later */
/* One pack: trees -> config -> manifests -> selection -> sink. */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "kernel/tree.h"
#include "pack/ctx.h"
#include "rules/filelist.h"
#include "rules/manifest.h"

/* 0 on success; a negative errno (or KBP_EUSAGE) after printing why. */
int kbp_pack(const struct pack_opts *o);

/* One tree's finished selection, before any output: what a pack writes and
 * what a split shares out. The entries may point into ctx.scratch (files the
 * steps made), so it lives until pack_sel_release. */
struct pack_sel {
	struct ktree t;
	struct manifest_set ms;
	struct filelist fl;
	struct pack_ctx ctx;
};

/* Opens o's trees, loads the manifests, selects, runs the steps that add
 * kbuild-pack's own files. o->out is only checked (not written). On failure
 * (negative errno, printed) sel still needs pack_sel_release. */
int pack_select(const struct pack_opts *o, struct pack_sel *sel);
void pack_sel_release(struct pack_sel *sel);
