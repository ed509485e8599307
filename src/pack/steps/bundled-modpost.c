// SPDX-License-Identifier: GPL-2.0-or-later
/* --modpost=bundled: kbuild-modpost, installed beside kbuild-pack, takes
 * the place of the tree's scripts/mod/modpost. */
#include "pack/steps/bundled-modpost.h"

#include <errno.h>
#include <string.h>

#include "kernel/kversion.h"
#include "kernel/tree.h"
#include "rules/filelist.h"
#include "pack/ctx.h"
#include "shared/log.h"
#include "shared/datadir.h"
#include "shared/macro.h"

int bundled_modpost_install(struct pack_ctx *ctx)
{
	const struct ktree *t = ctx->t;
	_cleanup_free_ char *prog = NULL;
	int r;

	if (ctx->o->rules.modpost != MODPOST_BUNDLED)
		return 0;
	if (!kbp_modpost_supports((unsigned)t->version, (unsigned)t->patchlevel)) {
		log_err("--modpost=bundled: kbuild-modpost does not know the modpost format of Linux %d.%d (it knows %s)",
			t->version, t->patchlevel, kbp_modpost_known_series());
		return -ENOTSUP;
	}
	prog = kbp_sibling_program("kbuild-modpost");
	if (!prog) {
		log_err("--modpost=bundled: kbuild-modpost is not installed beside kbuild-pack");
		return -ENOENT;
	}
	if (!filelist_find(ctx->fl, "scripts/mod/modpost")) {
		log_err("--modpost=bundled: the manifests selected no scripts/mod/modpost to replace");
		return -ENOENT;
	}
	r = filelist_put_tool_file(ctx->fl, "scripts/mod/modpost", prog, "modpost=bundled", ctx->o->clamp_mtime);
	if (r < 0)
		log_err("%s: %s", prog, strerror(-r));
	return r;
}
