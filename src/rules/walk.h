/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The manifests' rules applied to the trees: every directory they go into
 * read on every CPU, what each took put together, with the messages, in
 * the order one walk after the other would give; each file taken is
 * checked for private key material there and then. */
#pragma once

#include "kernel/tree.h"
#include "rules/filelist.h"
#include "rules/manifest.h"

/* An entry taken, in the order of the selection, and what its key check
 * found: 1 key material (by identity, name or bytes), 0 not, a negative
 * errno when it could not be read to tell. */
struct key_check {
	struct pack_entry *e;
	int found;
};
struct key_checks {
	struct key_check *v;
	size_t n, cap;
};

/* How a selection is made (select_files passes them through). */
struct select_opts {
	int64_t clamp_mtime; /* SOURCE_DATE_EPOCH, or -1 */
	bool allow_outside_links; /* keep links out of the trees as links (else refuse them) */
	/* What some configuration takes: every rule's 'when' counts as met
	 * (a distribution's common part, made from the source alone). */
	bool any_config;
};

/* Appends to fl what the rules that apply take, and to keys each file's
 * check. Prints what went wrong; a negative errno (-EINTR, silently, on a
 * signal) at the first failure in that order, where a walk one rule after
 * the other would have stopped. */
int walk_rules(const struct ktree *t, const struct manifest_set *ms, const struct select_opts *o,
	       struct filelist *fl, struct key_checks *keys);
