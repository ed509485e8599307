// SPDX-License-Identifier: GPL-2.0-or-later
/* The manifest loader and the selection stop, silently and with -EINTR, once
 * SIGTERM has set the flag (shared/interrupt.h): each case raises it first.
 * An executable of its own: the flag cannot be cleared. */
#include <errno.h>
#include <signal.h>

#include "kernel/tree.h"
#include "rules/manifest.h"
#include "rules/select.h"
#include "shared/alloc.h"
#include "shared/interrupt.h"
#include "shared/path.h"
#include "testsuite.h"

DEFINE_TEST(manifest_load_interrupted)
{
	_cleanup_free_ char *p = path_join(test_data_dir(), "manifest-good.yaml");
	struct manifest_set ms = { 0 };

	interrupt_install_handlers();
	raise(SIGTERM);
	assert_int_eq(interrupted(), SIGTERM);
	assert_int_eq(manifest_load(&ms, p), -EINTR);
	assert_int_eq((int)ms.nrules, 0);
	manifest_set_release(&ms);
}

DEFINE_TEST(select_interrupted)
{
	/* the quick tier's synthetic tree (tests/data/tree), only read */
	_cleanup_free_ char *tree = path_join(test_data_dir(), "../../data/tree");
	_cleanup_free_ char *good = path_join(test_data_dir(), "manifest-good.yaml");
	struct manifest_set ms = { 0 };
	struct select_opts so = { .clamp_mtime = -1 };
	struct filelist fl = { 0 };
	struct ktree t;

	assert_int_eq(ktree_open(&t, tree, NULL, NULL), 0);
	assert_int_eq(manifest_load(&ms, good), 0);
	interrupt_install_handlers();
	raise(SIGTERM);
	assert_int_eq(select_files(&t, &ms, &so, &fl), -EINTR);
	filelist_release(&fl);
	manifest_set_release(&ms);
	ktree_release(&t);
}
